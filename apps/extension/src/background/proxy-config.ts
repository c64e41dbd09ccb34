/**
 * What the extension hands chrome.proxy: a fixed HTTP proxy with a bypass list. Pure, so it is
 * tested without a browser.
 */

/** A proxy server the browser is pointed at. */
export interface ProxyServer {
  host: string;
  port: number;
}

/** Chromium's rule that removes its built-in bypass of loopback addresses. */
export const LOOPBACK_REMOVAL = '<-loopback>';

/** Whether a bypass entry names a loopback host (localhost, 127.x.x.x, ::1). */
export const isLoopbackEntry = (entry: string): boolean => {
  const host = entry
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '')
    .replace(/\/\d+$/, '');
  if (host === '<local>') return false;
  let bare = host;
  if (host.startsWith('[')) bare = host.slice(1, host.indexOf(']'));
  else if (host.split(':').length === 2) bare = host.replace(/:\d+$/, '');
  return bare === 'localhost' || bare.endsWith('.localhost') || bare.startsWith('127.') || bare === '::1';
};

/** `host:port` of an http(s) URL as a bypass rule (IPv6 in brackets); null when not a URL. */
export const hostPortRule = (url: string): string | null => {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
    const port = parsed.port || (parsed.protocol === 'https:' ? '443' : '80');
    return `${parsed.hostname}:${port}`;
  } catch {
    return null;
  }
};

/**
 * The bypass list: the operator's (`bypass` of the session) plus the console's own host:port,
 * which must stay direct so the extension can still reach its API through any proxy state. When
 * no entry names a loopback host, Chromium's implicit loopback bypass is removed, so that a
 * loopback page goes through the proxy like any other (what an operator with an empty list asked);
 * the console's address stays direct even then.
 */
export const buildBypassList = (bypass: readonly string[], consoleUrls: readonly string[]): string[] => {
  const list: string[] = [];
  const add = (entry: string | null) => {
    const trimmed = entry?.trim();
    if (trimmed && !list.includes(trimmed)) list.push(trimmed);
  };
  // Chromium lets a later rule override an earlier one: the removal comes first, or it would
  // take the console's own loopback address back to the proxy (measured in Chromium 156).
  if (!bypass.some(isLoopbackEntry)) add(LOOPBACK_REMOVAL);
  for (const entry of bypass) add(entry);
  for (const url of consoleUrls) add(hostPortRule(url));
  return list;
};

/** The chrome.proxy value for a fixed HTTP proxy. */
export const buildProxyConfig = (
  server: ProxyServer,
  bypass: readonly string[],
  consoleUrls: readonly string[],
): chrome.proxy.ProxyConfig => ({
  mode: 'fixed_servers',
  rules: {
    singleProxy: { scheme: 'http', host: server.host, port: server.port },
    bypassList: buildBypassList(bypass, consoleUrls),
  },
});

/** Whether a 407 challenger (`details.challenger`) is the proxy the extension set. */
export const isChallengeFrom = (
  challenger: { host: string; port: number } | undefined,
  server: ProxyServer | null,
): boolean => {
  if (!challenger || !server) return false;
  const strip = (host: string) => host.replace(/^\[|\]$/g, '').toLowerCase();
  return strip(challenger.host) === strip(server.host) && challenger.port === server.port;
};
