import type { DesktopProxy } from '../desktop-provider';

/**
 * The files of the small MV3 extension loaded into a PC's Chromium. It answers the proxy's 407
 * challenge with the PC's proxy credentials (so no sign-in dialog ever shows inside the PC), once
 * per request: a second challenge for the same request means the proxy refused them, and the
 * request is cancelled instead of looping. Challenges from sites (not the proxy) are left to the
 * browser. It also opens the PC's home page once per browser start — from the extension, so the
 * first request is sent only once the answering listener exists.
 */
export const extensionFiles = (proxy: DesktopProxy, homeUrl: string): Record<string, string> => {
  const manifest = {
    manifest_version: 3,
    name: 'Remote PC proxy sign-in',
    description: 'Signs in to the proxy this remote PC browses through.',
    version: '1.0.0',
    minimum_chrome_version: '110',
    permissions: ['webRequest', 'webRequestAuthProvider', 'storage', 'tabs'],
    host_permissions: ['<all_urls>'],
    background: { service_worker: 'background.js' },
  };
  const config = {
    host: proxy.host.replace(/^\[|\]$/g, '').toLowerCase(),
    port: proxy.port,
    username: proxy.username,
    password: proxy.password,
    homeUrl,
  };
  // JSON is a JavaScript expression; the values are never evaluated as code.
  const background = `'use strict';
const CONFIG = ${JSON.stringify(config)};
const answered = new Map();

const fromProxy = (challenger) =>
  Boolean(challenger) &&
  String(challenger.host).replace(/^\\[|\\]$/g, '').toLowerCase() === CONFIG.host &&
  Number(challenger.port) === CONFIG.port;

chrome.webRequest.onAuthRequired.addListener(
  (details, callback) => {
    if (!details.isProxy || !fromProxy(details.challenger)) return callback({});
    if (answered.has(details.requestId)) return callback({ cancel: true });
    if (answered.size > 500) {
      const before = Date.now() - 600000;
      for (const [id, at] of answered) if (at < before) answered.delete(id);
    }
    answered.set(details.requestId, Date.now());
    callback({ authCredentials: { username: CONFIG.username, password: CONFIG.password } });
  },
  { urls: ['<all_urls>'] },
  ['asyncBlocking'],
);

let opening = null;
const openHome = () => {
  opening = opening || (async () => {
    if (CONFIG.homeUrl === 'about:blank') return;
    const { homeOpened } = await chrome.storage.session.get('homeOpened');
    if (homeOpened) return;
    await chrome.storage.session.set({ homeOpened: true });
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const tabs = await chrome.tabs.query({});
      const blank = tabs.find((tab) => (tab.pendingUrl || tab.url) === 'about:blank');
      if (blank) return void (await chrome.tabs.update(blank.id, { url: CONFIG.homeUrl, active: true }));
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await chrome.tabs.create({ url: CONFIG.homeUrl });
  })().catch(() => {});
  return opening;
};
chrome.runtime.onStartup.addListener(openHome);
chrome.runtime.onInstalled.addListener(openHome);
openHome();
`;
  return { 'manifest.json': `${JSON.stringify(manifest, null, 2)}\n`, 'background.js': background };
};

/** The page Chromium opens: http(s) URLs and about:blank only. */
export const checkHomeUrl = (homeUrl: string | undefined): string => {
  if (homeUrl === undefined || homeUrl === '' || homeUrl === 'about:blank') return 'about:blank';
  let url: URL;
  try {
    url = new URL(homeUrl);
  } catch {
    throw new Error('The home page of a remote PC must be an http(s) URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error('The home page of a remote PC must be an http(s) URL');
  }
  return url.href;
};
