import { App } from 'antd';
import { setFeedback } from '../shared/ui/feedback';

/** Hands antd's context-bound toasts and dialogs (theme, locale) to code outside React. */
export const FeedbackBridge = () => {
  const { message, modal } = App.useApp();
  setFeedback({ message, modal });
  return null;
};
