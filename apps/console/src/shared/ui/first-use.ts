/** Events that tell the visitor is about to use the page: a pointer over it, a press, a key, a focus. */
const FIRST_USE_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

/**
 * Runs `apply` once: at the visitor's first use of the page (a pointer over it, a press, a key, a
 * focus; listened to from the call on, hydrated or not), or when the browser is idle after
 * `whenIdle()` was called, whichever comes first. For what a page needs only once it is used: the
 * overview's whole antd stylesheets (`app/antd-styles.ts`), and the hydrated sign-in page's whole
 * first-screen stylesheet (the language popover, the form's errors, the ticked checkbox,
 * tooltips), whose rules for what the page shows before it is used are in its HTML already
 * (`src/prerender/critical-css.mjs`, hover and focus included). Applied before hydrating, it
 * lengthened the task that starts the hydration on a phone (issue #16); applied on its own when
 * idle, it holds nothing up, and a first use applies it before the frame that shows that use.
 */
export const applyOnFirstUse = (apply: () => void, win: Window = window): { whenIdle(): void } => {
  let isApplied = false;
  const run = () => {
    if (isApplied) return;
    isApplied = true;
    for (const type of FIRST_USE_EVENTS) win.removeEventListener(type, run, true);
    apply();
  };
  for (const type of FIRST_USE_EVENTS) win.addEventListener(type, run, { capture: true, passive: true });
  return {
    whenIdle: () => {
      if (isApplied) return;
      if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(run, { timeout: 2_000 });
      else win.setTimeout(run, 200);
    },
  };
};
