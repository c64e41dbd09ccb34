/**
 * The extension's manifest (Manifest V3), written to dist/manifest.json by the build with the
 * package's version. The server rewrites `externally_connectable.matches` (and adds the console
 * origin to `host_permissions`) when it serves the zip, so only the console it runs may talk to it.
 */

/**
 * The public half of the RSA key that fixes the extension's id; the private half was discarded
 * when it was made (the id derives from the public key alone, so nothing here can sign a package).
 */
export const MANIFEST_KEY =
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA11BVbOsd7vqprxr9MZpE1vJ6bjcrocjNIPKQ6pOxaeWGghkvsPwY60RGZb+V4vwckQnUbvbxF2Q/jHpOlICHpZazG7/qN4q2P7YLQlOyQq2JPeFekTs4gY3bCpErb4UI5CXSBIycsXY/q2gM3Lc0MXowiKsyg6PII0nyiRMI4GZwHGzU6AlRseEW/nJYTLZr2JPTaqWpXu+89fXbvAzY55Pwlt3JUf9cUSPEOfLHp5xs6UNsBmZRACnhl/N9q6fVkg7rFnzg4SLwnPYbCmaT4+V+pW7U9WttLNTjn08c4gQuZ5RuCfdINCJrpUTEmw0Tvvapeh4qu4ohOuw/DSC6IwIDAQAB';

/** The id Chromium derives from {@link MANIFEST_KEY}: the first 16 bytes of its SHA-256, in a-p. */
export const EXTENSION_ID = 'dogonalhnegaepepainegfbeippbmcak';

/** Origins the built package accepts messages from until the server names its own. */
export const DEFAULT_CONSOLE_MATCHES = ['http://localhost/*', 'http://127.0.0.1/*'];

/** The manifest for a version. */
export const buildManifest = (version: string) => ({
  manifest_version: 3,
  name: '__MSG_extension_name__',
  description: '__MSG_extension_description__',
  default_locale: 'en',
  version,
  key: MANIFEST_KEY,
  minimum_chrome_version: '110',
  // proxy: chrome.proxy; storage: pairing and the active proxy; webRequest + webRequestAuthProvider:
  // answering the gateway's 407 in onAuthRequired (no dialog); browsingData: clearing the gateway's
  // cached proxy credentials when switching proxies. Opening a tab needs no permission.
  permissions: ['proxy', 'storage', 'webRequest', 'webRequestAuthProvider', 'browsingData'],
  // onAuthRequired fires only for requests to hosts the extension may access: a proxy's challenge
  // comes on whatever page the browser loads, so every host.
  host_permissions: ['<all_urls>'],
  background: { service_worker: 'background.js', type: 'module' },
  action: { default_popup: 'popup.html', default_title: '__MSG_extension_name__' },
  options_ui: { page: 'options.html', open_in_tab: true },
  externally_connectable: { matches: DEFAULT_CONSOLE_MATCHES },
});
