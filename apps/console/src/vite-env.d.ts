/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** API base; `/api` on the same origin by default (DESIGN §5). */
  readonly VITE_API_BASE?: string;
  /** Login page of the cloud phone partner (external menu link). */
  readonly VITE_CLOUD_PHONE_URL?: string;
  /** API v2 documentation (external menu link); by default the server's rendered public API document `/api-v2/docs`. */
  readonly VITE_API_V2_DOCS_URL?: string;
  /** Terms of service, accepted at registration. */
  readonly VITE_TERMS_URL?: string;
  /** Privacy policy, accepted at registration. */
  readonly VITE_PRIVACY_URL?: string;
  /** Sales contact for enterprise offers on the charge page: an email address or a link. */
  readonly VITE_SALES_CONTACT?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
