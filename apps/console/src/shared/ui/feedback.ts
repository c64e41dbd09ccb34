import type { App } from 'antd';

/** antd's feedback APIs bound to the app's theme and locale (those of `App.useApp()`). */
export type Feedback = Pick<ReturnType<typeof App.useApp>, 'message' | 'modal'>;
type MessageApi = Feedback['message'];
type ModalApi = Feedback['modal'];
type MessageType = ReturnType<MessageApi['open']>;
type ModalHandle = ReturnType<ModalApi['confirm']>;
type ModalConfig = Parameters<ModalApi['confirm']>[0];
type ModalUpdate = Parameters<ModalHandle['update']>[0];

/*
 * antd's message and modal (and their holders) are not part of the first screen: the sign-in page
 * and the overview show a toast or a dialog rarely, and antd's `App`, which made them available to
 * every component, put them in the entry chunk. Here they are stand-ins with the same API that load
 * the real ones on first use: `FeedbackRoot` (inside the app's ConfigProvider, so toasts and
 * dialogs keep the theme and the language) mounts `feedback-holders.tsx` when first asked, which
 * registers antd's context-bound APIs; calls made until then run as soon as it has.
 */
let current: Feedback | null = null;
const waiting: ((feedback: Feedback) => void)[] = [];
let requestHolders: (() => void) | null = null;

/** Registers the context-bound APIs (`feedback-holders.tsx`), or none when they unmount. */
export const setFeedback = (feedback: Feedback | null): void => {
  current = feedback;
  if (feedback) for (const use of waiting.splice(0)) use(feedback);
};

/**
 * Lets the mounted `FeedbackRoot` be asked to load the holders (at once when something is
 * waiting already). Returns the unregistration.
 */
export const onFeedbackRequested = (request: () => void): (() => void) => {
  requestHolders = request;
  if (waiting.length > 0) request();
  return () => {
    if (requestHolders === request) requestHolders = null;
  };
};

const whenReady = (use: (feedback: Feedback) => void): void => {
  if (current) {
    use(current);
    return;
  }
  waiting.push(use);
  requestHolders?.();
};

/** A toast shown when the holders are there; closing it before then cancels it. */
const deferMessage = (show: (api: MessageApi) => MessageType): MessageType => {
  let shown: MessageType | undefined;
  let isClosed = false;
  const closed = new Promise<boolean>((resolve) =>
    whenReady(({ message }) => {
      if (isClosed) {
        resolve(true);
        return;
      }
      shown = show(message);
      shown.then(resolve);
    }),
  );
  const close = (() => {
    isClosed = true;
    shown?.();
  }) as MessageType;
  // biome-ignore lint/suspicious/noThenProperty: antd's MessageType is a thenable (`await message.success(…)`).
  close.then = (onFulfilled, onRejected) => closed.then(onFulfilled, onRejected);
  return close;
};

/** A dialog opened when the holders are there; updates and destroy before then apply when it opens. */
const deferModal = (open: (api: ModalApi) => ModalHandle): ModalHandle => {
  let shown: ModalHandle | undefined;
  let isDestroyed = false;
  const updates: ModalUpdate[] = [];
  const closed = new Promise<boolean>((resolve) =>
    whenReady(({ modal }) => {
      if (isDestroyed) {
        resolve(false);
        return;
      }
      shown = open(modal);
      for (const update of updates.splice(0)) shown.update(update);
      void shown.then(resolve, () => resolve(false));
    }),
  );
  return {
    destroy: () => {
      isDestroyed = true;
      shown?.destroy();
    },
    update: (update) => {
      if (shown) shown.update(update);
      else updates.push(update);
    },
    // biome-ignore lint/suspicious/noThenProperty: antd's hook dialogs are thenables (resolve to "confirmed").
    then: <T>(resolve: (confirmed: boolean) => T, reject: VoidFunction) =>
      closed.then(resolve, reject) as Promise<T>,
  };
};

type TypeOpen = MessageApi['success'];
const messageMethod =
  (name: 'info' | 'success' | 'error' | 'warning' | 'loading'): TypeOpen =>
  (...args) =>
    deferMessage((api) => api[name](...args));

/** antd's `message` API, loaded on first use. */
export const message: MessageApi = {
  info: messageMethod('info'),
  success: messageMethod('success'),
  error: messageMethod('error'),
  warning: messageMethod('warning'),
  loading: messageMethod('loading'),
  open: (args) => deferMessage((api) => api.open(args)),
  destroy: (key) => {
    // Toasts still waiting for the holders go with the others.
    if (current || waiting.length > 0) whenReady((feedback) => feedback.message.destroy(key));
  },
};

const modalMethod =
  (name: keyof ModalApi) =>
  (config: ModalConfig): ModalHandle =>
    deferModal((api) => api[name](config));

/** antd's hook-bound `Modal.confirm` and friends, loaded on first use. */
export const modal: ModalApi = {
  info: modalMethod('info'),
  success: modalMethod('success'),
  error: modalMethod('error'),
  warning: modalMethod('warning'),
  confirm: modalMethod('confirm'),
};

const feedback: Feedback = { message, modal };

/** The toast and dialog APIs for components (what `App.useApp()` gave, without loading it). */
export const useFeedback = (): Feedback => feedback;

/** The toast and dialog APIs for code outside React. */
export const getFeedback = (): Feedback => feedback;
