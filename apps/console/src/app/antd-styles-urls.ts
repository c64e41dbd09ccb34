import wholeStylesheet from 'antd/dist/antd.css?url';

/*
 * Where antd's precompiled styles are. In development and tests, the whole stylesheet as one part;
 * the build replaces this module (the `ptc-antd-styles` plugin of `vite.config.ts`) with the
 * addresses of the three parts it writes (`antd-styles-split.ts`).
 */

/** The sign-in page's components (in development: the whole stylesheet). */
export const FIRST_SCREEN_STYLES_URL: string = wholeStylesheet;
/** What the signed-in frame and the overview add (none in development). */
export const SIGNED_IN_STYLES_URL: string | null = null;
/**
 * The rules of the first two parts that can apply to what the overview shows before it is used
 * (`overview-classes.json`); none in development, where the overview takes the first two parts.
 */
export const OVERVIEW_FIRST_STYLES_URL: string | null = null;
/** Every other component (none in development). */
export const OTHER_STYLES_URL: string | null = null;
