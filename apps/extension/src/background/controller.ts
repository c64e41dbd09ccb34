import {
  EXTENSION_PROXY_TIMEOUT_MS,
  type ExtensionQuickAccess,
  type OpenQuickAccessReply,
  type PingReply,
  type UseProxyReply,
} from '@ptc/contracts';
import type { ActiveProxy, ExtensionStatus, StoredPairing } from '../shared/state';
import { type ApiAccess, getCheckUrl, getProxy, getSession, listQuickAccess, PairingEndedError } from './api';
import { ProxyAuthenticator, type ProxyCredentials } from './auth';
import { type CheckOutcome, classifyCheck } from './classify';
import { buildProxyConfig } from './proxy-config';
import { readStored, writeStored } from './storage';

/** Longest check page body read (an IP-echo answer is well under 1 KB). */
const CHECK_BODY_MAX = 16 * 1024;

/** Levels of control under which the extension's proxy setting takes effect. */
const CONTROLLABLE = new Set(['controllable_by_this_extension', 'controlled_by_this_extension']);

/** The proxy being tried right now, whose challenges come before the active one's. */
let trying: ProxyCredentials | null = null;
/** Whether a proxy change is under way (the popup shows it). */
let busy = false;

const activeCredentials = async (): Promise<ProxyCredentials | null> => {
  if (trying) return trying;
  const { active } = await readStored();
  return active;
};

/** The gateway refused the active proxy on a page (switched off, expired, no balance): say so. */
const noteRefusal = async () => {
  if (trying) return;
  const { active } = await readStored();
  if (!active) return;
  await writeStored({
    last: {
      proxy_id: active.proxy_id,
      state: 'failed',
      reason: 'proxy_auth_rejected',
      at: new Date().toISOString(),
    },
  });
};

/** Answers the gateway's 407s (registered by the service worker at start). */
export const authenticator = new ProxyAuthenticator(activeCredentials, () => {
  void noteRefusal();
});

/**
 * Forgets the proxy credentials Chromium cached for the gateway. Every proxy of a customer sits
 * behind the same gateway host:port, and Chromium keys its proxy-auth cache by host:port alone, so
 * after a switch it would send the previous proxy's credentials unasked (measured: the next
 * request went out as the old proxy). Removing the gateway origin's cookies is the one extension
 * API that also clears that cache entry; the removal is limited to the gateway's origin and to what
 * was added since the extension last set a proxy.
 */
const forgetGatewayCredentials = async (server: { host: string; port: number }) => {
  const { proxy_set_at } = await readStored();
  const host = server.host.includes(':') && !server.host.startsWith('[') ? `[${server.host}]` : server.host;
  await chrome.browsingData.remove(
    { origins: [`http://${host}:${server.port}`], since: proxy_set_at ?? 0 },
    { cookies: true },
  );
  await writeStored({ proxy_set_at: Date.now() });
};

/** Runs changes of the proxy setting one after another. */
let queue: Promise<unknown> = Promise.resolve();
const serially = <T>(task: () => Promise<T>): Promise<T> => {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
};

const accessOf = (pairing: StoredPairing): ApiAccess => ({
  api_origin: pairing.api_origin,
  token: pairing.token,
});

/** Clears the browser's proxy if the extension set it. */
const clearProxySetting = async () => {
  const current = await chrome.proxy.settings.get({ incognito: false });
  if (current.levelOfControl === 'controlled_by_this_extension') {
    await chrome.proxy.settings.clear({ scope: 'regular' });
  }
};

/** Forgets the pairing (and the proxy, whose password came with it). */
const endPairing = async (ended: boolean) => {
  await clearProxySetting();
  await writeStored({ pairing: null, pairing_ended: ended, active: null });
};

/** Runs an API call; a 401 ends the pairing and answers `pairing_ended`. */
const withPairing = async <T>(
  task: (pairing: StoredPairing) => Promise<T>,
): Promise<T | { ok: false; reason: string }> => {
  const { pairing } = await readStored();
  if (!pairing) return { ok: false, reason: 'not_paired' };
  try {
    return await task(pairing);
  } catch (error) {
    if (error instanceof PairingEndedError) {
      await endPairing(true);
      return { ok: false, reason: 'pairing_ended' };
    }
    return { ok: false, reason: error instanceof Error ? error.message : 'error' };
  }
};

/** `ping`. */
export const ping = async (): Promise<PingReply> => {
  const { pairing, active } = await readStored();
  return {
    ok: true,
    version: chrome.runtime.getManifest().version,
    paired: pairing !== null,
    active: active ? { proxy_id: active.proxy_id, host: active.host, port: active.port } : null,
  };
};

/** Everything the popup and the options page show. */
export const getStatus = async (): Promise<ExtensionStatus> => {
  const { pairing, pairing_ended, active, last } = await readStored();
  let activeShown: ExtensionStatus['active'] = null;
  if (active) {
    const { password: _password, ...rest } = active;
    activeShown = rest;
  }
  return {
    version: chrome.runtime.getManifest().version,
    extension_id: chrome.runtime.id,
    pairing: pairing
      ? { state: 'paired', username: pairing.username, console_url: pairing.console_url }
      : { state: pairing_ended ? 'ended' : 'unpaired' },
    active: activeShown,
    last,
    busy,
  };
};

/** `pair`: keeps the token and confirms it with `/extension/session`. */
export const pair = (token: string, apiOrigin: string) =>
  serially(async (): Promise<{ ok: true } | { ok: false; reason: string }> => {
    const previous = await readStored();
    try {
      const session = await getSession({ api_origin: apiOrigin, token });
      // A new pairing (another account, another console) must not inherit the old one's proxy.
      if (previous.pairing && previous.pairing.api_origin !== apiOrigin) await clearProxySetting();
      await writeStored({
        pairing: {
          token,
          api_origin: apiOrigin,
          username: session.user.username,
          console_url: session.console_url,
          bypass: session.bypass,
        },
        pairing_ended: false,
        ...(previous.pairing?.api_origin !== apiOrigin ? { active: null } : {}),
      });
      return { ok: true };
    } catch (error) {
      return {
        ok: false,
        reason: error instanceof PairingEndedError ? 'pairing_refused' : 'server_unreachable',
      };
    }
  });

/** `unpair`: forgets the token and switches the proxy off. */
export const unpair = () =>
  serially(async () => {
    await endPairing(false);
    return { ok: true as const };
  });

/** `off`: the browser goes direct. */
export const off = () =>
  serially(async () => {
    await clearProxySetting();
    await writeStored({ active: null });
    return { ok: true as const };
  });

/** Fetches the check page through the proxy just set, within the SPEC's wait. */
const checkThroughProxy = async (url: string): Promise<CheckOutcome> => {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), EXTENSION_PROXY_TIMEOUT_MS);
  let networkError: string | null = null;
  const onError = (details: chrome.webRequest.OnErrorOccurredDetails) => {
    if (details.url === url && details.tabId === -1) networkError = details.error;
  };
  chrome.webRequest.onErrorOccurred.addListener(onError, { urls: ['<all_urls>'] });
  authenticator.refusedUrls.delete(url);
  try {
    const response = await fetch(url, { cache: 'no-store', credentials: 'omit', signal: controller.signal });
    if (authenticator.refusedUrls.has(url)) return { kind: 'auth_rejected' };
    const body = (await response.text()).slice(0, CHECK_BODY_MAX);
    return { kind: 'response', status: response.status, body };
  } catch {
    if (authenticator.refusedUrls.has(url)) return { kind: 'auth_rejected' };
    if (controller.signal.aborted) return { kind: 'timeout' };
    // onErrorOccurred may come a moment after fetch rejects.
    await new Promise((resolve) => setTimeout(resolve, 50));
    return { kind: 'error', error: networkError ?? 'network_error' };
  } finally {
    clearTimeout(timer);
    chrome.webRequest.onErrorOccurred.removeListener(onError);
    authenticator.refusedUrls.delete(url);
  }
};

/**
 * `use_proxy`: points the browser at the proxy, answers its authentication, and fetches the check
 * page through it. On failed or timeout the setting before is put back.
 */
export const switchToProxy = (proxyId: string, openedUrl: string | null = null) =>
  serially(
    async (): Promise<UseProxyReply | { ok: false; reason: string }> =>
      withPairing(async (pairing) => {
        const access = accessOf(pairing);
        const [proxy, check] = await Promise.all([getProxy(access, proxyId), getCheckUrl(access)]);
        const previousSetting = await chrome.proxy.settings.get({ incognito: false });
        // Another extension (or a policy) holds the setting: Chromium would ignore ours.
        if (!CONTROLLABLE.has(previousSetting.levelOfControl))
          return { ok: false, state: 'failed', reason: 'proxy_controlled_elsewhere' } as const;
        const stored = await readStored();
        busy = true;
        trying = { host: proxy.host, port: proxy.port, username: proxy.username, password: proxy.password };
        try {
          await forgetGatewayCredentials(proxy);
          await chrome.proxy.settings.set({
            value: buildProxyConfig(proxy, pairing.bypass, [pairing.api_origin, pairing.console_url]),
            scope: 'regular',
          });
          const result = classifyCheck(await checkThroughProxy(check.url));
          const at = new Date().toISOString();
          if (result.state !== 'success') {
            if (previousSetting.levelOfControl === 'controlled_by_this_extension' && stored.active) {
              trying = null;
              await forgetGatewayCredentials(stored.active);
              await chrome.proxy.settings.set({ value: previousSetting.value, scope: 'regular' });
            } else {
              await clearProxySetting();
            }
            await writeStored({
              last: { proxy_id: proxyId, state: result.state, reason: result.reason, at },
            });
            return { ok: false, state: result.state, reason: result.reason };
          }
          const active: ActiveProxy = {
            proxy_id: proxy.id,
            host: proxy.host,
            port: proxy.port,
            username: proxy.username,
            password: proxy.password,
            location: proxy.location,
            ip: result.ip,
            country: result.country,
            opened_url: openedUrl,
            since: at,
          };
          await writeStored({ active, last: { proxy_id: proxyId, state: 'success', reason: null, at } });
          return { ok: true, state: 'success', ip: result.ip, country: result.country };
        } finally {
          trying = null;
          busy = false;
        }
      }),
  );

/** `open_quick_access`: switches to the entry's proxy, then opens its URL in a new tab. */
export const openQuickAccess = async (
  id: string,
): Promise<OpenQuickAccessReply | { ok: false; reason: string }> => {
  const found = await withPairing(async (pairing) => {
    const { list } = await listQuickAccess(accessOf(pairing));
    return list.find((entry) => entry.id === id) ?? null;
  });
  if (found && 'ok' in found) return found;
  if (!found) return { ok: false, reason: 'not_found' };
  const reply = await switchToProxy(found.proxy_id, found.url);
  if (!reply.ok) return reply;
  await chrome.tabs.create({ url: found.url });
  return { ...reply, tab_opened: true };
};

/** The quick-access entries, for the popup. */
export const quickAccess = (): Promise<ExtensionQuickAccess | { ok: false; reason: string }> =>
  withPairing((pairing) => listQuickAccess(accessOf(pairing)));
