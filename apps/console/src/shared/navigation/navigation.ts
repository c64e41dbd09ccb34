/** Navigates within the console. */
export type Navigate = (to: string, options?: { replace?: boolean }) => void | Promise<void>;

let current: Navigate = (to, options) => {
  if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
};

/** Lets code outside React (the API client's side effects) navigate; the router registers itself. */
export const setNavigator = (navigate: Navigate): void => {
  current = navigate;
};

/** Navigates with the registered router, or with a full page load before the router exists. */
export const navigateTo: Navigate = (to, options) => current(to, options);
