/** Addresses the route table and the pages share: where users land, and the external links. */

const env = import.meta.env;

/** Addresses of the external menu links, configurable at build time. */
export const EXTERNAL_LINKS = {
  /**
   * The help centre and the sister AI product are the operator's runtime settings
   * (`HELP_CENTER_URL`, `SISTER_AI_URL`, served by `GET /proxy/menu_links`): the side menu puts the
   * address in (app/navigation/menu-links.ts) and leaves the entry out without one.
   */
  helpCenter: 'operator:help_center_url',
  sisterAi: 'operator:sister_ai_url',
  cloudPhone: env.VITE_CLOUD_PHONE_URL || 'https://cloudphone.example.com/login',
  apiV2Docs: env.VITE_API_V2_DOCS_URL || '/api-v2/docs',
  /** Terms of service and privacy policy, accepted at registration. */
  terms: env.VITE_TERMS_URL || 'https://help.example.com/terms',
  privacy: env.VITE_PRIVACY_URL || 'https://help.example.com/privacy',
} as const;

/** Where signed-in users land. */
export const HOME_PATH = '/dashboard/overview';
/** The sign-in page. */
export const LOGIN_PATH = '/login';
/** Prefix of every route name of the native-app wrapper set. */
export const WEBAPP_NAME_PREFIX = 'webapp';
/** Base path of the native-app wrapper set. */
export const WEBAPP_BASE_PATH = '/webapp';
/** Base path of the operator area (its own layout and guard, never the customer session). */
export const OPERATOR_BASE_PATH = '/admin';
/** The operator sign-in page. */
export const OPERATOR_LOGIN_PATH = '/admin/login';
