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

/** What the snippets fetch: a page that answers the address (and country) it was reached from. */
export const SNIPPET_TARGET = 'https://ipinfo.io/json';

/** The languages and tools the connect dialog has snippets for. */
export const SNIPPET_KINDS = ['curl', 'python', 'node', 'playwright', 'puppeteer'] as const;
export type SnippetKind = (typeof SNIPPET_KINDS)[number];

type SnippetProxy = ProxyCredentials & Pick<ProxyRow, 'protocol'>;

/** A string literal for Python and JavaScript (double quotes, escaped as JSON escapes them). */
const quoted = (text: string): string => JSON.stringify(text);

/**
 * The proxy URL a library takes: `http://` for HTTP proxies, `socks5h://` for SOCKS5 ones (the
 * proxy resolves the target's name, so the customer's resolver never sees it).
 */
const libraryProxyUrl = (proxy: SnippetProxy): string =>
  `${proxy.protocol === 'socks5' ? 'socks5h' : 'http'}://${toAtForm(proxy)}`;

const python = (proxy: SnippetProxy): string =>
  [
    'import requests',
    '',
    `proxy = ${quoted(libraryProxyUrl(proxy))}`,
    'proxies = {"http": proxy, "https": proxy}',
    `response = requests.get(${quoted(SNIPPET_TARGET)}, proxies=proxies, timeout=30)`,
    'print(response.status_code, response.text)',
  ].join('\n');

const node = (proxy: SnippetProxy): string =>
  proxy.protocol === 'socks5'
    ? [
        "import https from 'node:https';",
        "import { SocksProxyAgent } from 'socks-proxy-agent';",
        '',
        `const agent = new SocksProxyAgent(${quoted(libraryProxyUrl(proxy))});`,
        `https.get(${quoted(SNIPPET_TARGET)}, { agent }, (response) => {`,
        '  response.pipe(process.stdout);',
        '});',
      ].join('\n')
    : [
        "import { fetch, ProxyAgent } from 'undici';",
        '',
        'const dispatcher = new ProxyAgent({',
        `  uri: ${quoted(`http://${proxy.address}:${proxy.port}`)},`,
        `  token: \`Basic \${Buffer.from(${quoted(`${proxy.username}:${proxy.password}`)}).toString('base64')}\`,`,
        '});',
        `const response = await fetch(${quoted(SNIPPET_TARGET)}, { dispatcher });`,
        'console.log(response.status, await response.text());',
      ].join('\n');

const playwright = (proxy: SnippetProxy): string =>
  [
    "import { chromium } from 'playwright';",
    '',
    'const browser = await chromium.launch({',
    '  proxy: {',
    `    server: ${quoted(`http://${proxy.address}:${proxy.port}`)},`,
    `    username: ${quoted(proxy.username)},`,
    `    password: ${quoted(proxy.password)},`,
    '  },',
    '});',
    'const page = await browser.newPage();',
    `await page.goto(${quoted(SNIPPET_TARGET)});`,
    "console.log(await page.textContent('body'));",
    'await browser.close();',
  ].join('\n');

const puppeteer = (proxy: SnippetProxy): string =>
  [
    "import puppeteer from 'puppeteer';",
    '',
    'const browser = await puppeteer.launch({',
    `  args: [${quoted(`--proxy-server=http://${proxy.address}:${proxy.port}`)}],`,
    '});',
    'const page = await browser.newPage();',
    `await page.authenticate({ username: ${quoted(proxy.username)}, password: ${quoted(proxy.password)} });`,
    `await page.goto(${quoted(SNIPPET_TARGET)});`,
    'console.log(await page.evaluate(() => document.body.innerText));',
    'await browser.close();',
  ].join('\n');

/**
 * Ready-to-paste code that fetches {@link SNIPPET_TARGET} through the proxy. Browsers drive only
 * HTTP proxies with a password (Chromium sends none to SOCKS5 proxies): for a SOCKS5 proxy the
 * Playwright and Puppeteer snippets are null, and the dialog says why.
 */
export const toSnippet = (kind: SnippetKind, proxy: SnippetProxy): string | null => {
  switch (kind) {
    case 'curl':
      return toCurlCommand(proxy).replace('https://example.com', SNIPPET_TARGET);
    case 'python':
      return python(proxy);
    case 'node':
      return node(proxy);
    case 'playwright':
      return proxy.protocol === 'socks5' ? null : playwright(proxy);
    case 'puppeteer':
      return proxy.protocol === 'socks5' ? null : puppeteer(proxy);
  }
};
