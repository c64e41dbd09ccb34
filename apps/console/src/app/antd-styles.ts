import antdStylesUrl from 'antd/dist/antd.css?url';

/**
 * antd's styles, compiled at build time (`theme.zeroRuntime` in `app-providers.tsx`): the browser
 * no longer computes every component's CSS while it renders the first screen, which was most of
 * its blocking time (issue #16: overview TBT 1.6 s → 0.8 s in Lighthouse). The file is preloaded
 * by `index.html` (the `ptc-preload-antd-styles` build plugin) without blocking the first paint,
 * and applied here before the first render.
 */
export const ANTD_STYLES_URL = antdStylesUrl;

/** Adds antd's stylesheet and resolves once it applies (or failed: the page renders anyway). */
export const loadAntdStyles = (doc: Document = document): Promise<void> =>
  new Promise((resolve) => {
    const link = doc.createElement('link');
    link.rel = 'stylesheet';
    link.href = ANTD_STYLES_URL;
    link.dataset.antdStyles = '';
    link.onload = () => resolve();
    link.onerror = () => {
      console.warn('[console] antd styles did not load', ANTD_STYLES_URL);
      resolve();
    };
    // Before the console's own stylesheet, so that its rules win at equal specificity.
    doc.head.prepend(link);
  });
