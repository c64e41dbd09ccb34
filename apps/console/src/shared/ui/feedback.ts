import { type App, Modal, message } from 'antd';

/** antd's feedback APIs bound to the app's theme and locale. */
export type Feedback = Pick<ReturnType<typeof App.useApp>, 'message' | 'modal'>;

// Until <FeedbackBridge> mounts, antd's static functions (without theme context) stand in.
let current: Feedback = { message, modal: Modal as unknown as Feedback['modal'] };

/** Registers the context-bound APIs of `App.useApp()` (see `app/feedback-bridge.tsx`). */
export const setFeedback = (feedback: Feedback): void => {
  current = feedback;
};

/** The toast and dialog APIs for code outside React. */
export const getFeedback = (): Feedback => current;
