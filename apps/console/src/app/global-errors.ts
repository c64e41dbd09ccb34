/** Where uncaught errors are reported. */
export type ErrorLogger = (message: string, error: unknown) => void;

/**
 * Logs uncaught errors and unhandled rejections (SPEC §8: the global handler only logs).
 * Answers a function that removes the listeners.
 */
export const installGlobalErrorLogging = (
  target: Pick<Window, 'addEventListener' | 'removeEventListener'>,
  log: ErrorLogger = (message, error) => console.error(message, error),
): (() => void) => {
  const onError = (event: Event) => log('[uncaught error]', (event as ErrorEvent).error ?? event);
  const onRejection = (event: Event) => log('[unhandled rejection]', (event as PromiseRejectionEvent).reason);
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
};
