declare global {
  interface Window {
    /** Injected by the native app's web view (react-native-webview). */
    ReactNativeWebView?: { postMessage(message: string): void };
  }
}

/** Message that tells the native app wrapper to log out. */
export const LOGOUT_MESSAGE = JSON.stringify({ type: 'logout' });

/**
 * Tells the native app wrapper that the session ended: through its web-view bridge, or
 * through `postMessage` to an embedding frame. Answers false when there is no wrapper, so the
 * caller falls back to the web login page.
 */
export const postLogoutToNativeApp = (target: Window = window): boolean => {
  if (target.ReactNativeWebView) {
    target.ReactNativeWebView.postMessage(LOGOUT_MESSAGE);
    return true;
  }
  if (target.parent && target.parent !== target) {
    target.parent.postMessage(LOGOUT_MESSAGE, '*');
    return true;
  }
  return false;
};
