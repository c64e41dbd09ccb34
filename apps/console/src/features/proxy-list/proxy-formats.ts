import type { ProxyRow } from '@ptc/contracts';

/** The parts of a proxy that the copy dialog and the connection help show. */
export type ProxyCredentials = Pick<ProxyRow, 'address' | 'port' | 'username' | 'password'>;

/** `address:port:user:pass`, the form most proxy tools import (SPEC §2 copy dialog). */
export const toColonForm = ({ address, port, username, password }: ProxyCredentials): string =>
  `${address}:${port}:${username}:${password}`;

/** `user:pass@address:port`, the form of proxy URLs without their scheme (SPEC §2 copy dialog). */
export const toAtForm = ({ address, port, username, password }: ProxyCredentials): string =>
  `${username}:${password}@${address}:${port}`;

/** The proxy as a URL with its scheme (`http://` or `socks5://`), as curl and browsers take it. */
export const toProxyUrl = (proxy: ProxyCredentials & Pick<ProxyRow, 'protocol'>): string =>
  `${proxy.protocol === 'socks5' ? 'socks5' : 'http'}://${toAtForm(proxy)}`;

/** A curl command line that fetches a page through the proxy. */
export const toCurlCommand = (proxy: ProxyCredentials & Pick<ProxyRow, 'protocol'>): string =>
  proxy.protocol === 'socks5'
    ? `curl --socks5-hostname ${proxy.address}:${proxy.port} --proxy-user ${proxy.username}:${proxy.password} https://example.com`
    : `curl -x http://${proxy.address}:${proxy.port} --proxy-user ${proxy.username}:${proxy.password} https://example.com`;

/** One line of the copy dialog. */
export interface CopyLine {
  /** Stable key: names the locale text (`proxies.copy.<key>`) and the test id. */
  key: 'session' | 'ip' | 'address' | 'port' | 'username' | 'password' | 'colonForm' | 'atForm';
  /** What is copied; null when the proxy has none (no session, exit not known yet). */
  value: string | null;
}

/** The lines of the copy dialog in their order: session, IP, address, port, user, password, both forms. */
export const copyLines = (proxy: ProxyRow): CopyLine[] => [
  { key: 'session', value: proxy.session },
  { key: 'ip', value: proxy.ip },
  { key: 'address', value: proxy.address },
  { key: 'port', value: String(proxy.port) },
  { key: 'username', value: proxy.username },
  { key: 'password', value: proxy.password },
  { key: 'colonForm', value: toColonForm(proxy) },
  { key: 'atForm', value: toAtForm(proxy) },
];
