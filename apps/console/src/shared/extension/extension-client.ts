/**
 * What the console does with the browser extension (issue #18): learns its id from the server,
 * pairs it with the signed-in customer when it is not paired with this console yet, and asks it to
 * use a proxy or open a quick-access entry. The pages and the proxy list call these; the messages
 * and their four outcomes are in `extension-bridge.ts`.
 */
import type {
  CreatedPairing,
  ExtensionInfo,
  ExtensionRequest,
  OpenQuickAccessReply,
  PairingList,
  PingReply,
  UseProxyReply,
} from '@ptc/contracts';
import { API_BASE, api } from '../api/api';
import { queryClient } from '../api/query-client';
import { getCachedUserInfo, getToken, userStore } from '../session/session';
import { browserStorage } from '../storage/storage';
import {
  EXTENSION_STORAGE_KEYS,
  type ExtensionOutcome,
  readStoredPairing,
  sendToExtension,
  writeStoredPairing,
} from './extension-bridge';

/** TanStack Query keys of the extension's server data. */
export const EXTENSION_QUERY_KEYS = {
  info: ['extension', 'info'] as const,
  pairings: ['extension', 'pairings'] as const,
  state: ['extension', 'state'] as const,
};

/** The download of the extension's zip (`GET /proxy/browser/plugin`), an attachment. */
export const EXTENSION_DOWNLOAD_URL = `${API_BASE}/proxy/browser/plugin`;

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

/** `GET /proxy/extension/info`: version, id, size and store links. Silent: the page says it failed. */
export const getExtensionInfo = (signal?: AbortSignal) =>
  api.request<ExtensionInfo>({ path: '/proxy/extension/info', silent: true, ...withSignal(signal) });

/** `GET /proxy/extension/pairings`: the customer's live pairings. Silent: the page says it failed. */
export const listPairings = (signal?: AbortSignal) =>
  api.request<PairingList>({ path: '/proxy/extension/pairings', silent: true, ...withSignal(signal) });

/** `POST /proxy/extension/pairings`: a new pairing; its token is in this answer only. */
export const createPairing = (label?: string) =>
  api.request<CreatedPairing>({
    method: 'POST',
    path: '/proxy/extension/pairings',
    data: label ? { label } : {},
    silent: true,
  });

/** `DELETE /proxy/extension/pairings/{id}`: revoked at once. */
export const revokePairing = (id: string) =>
  api.request<unknown>({ method: 'DELETE', path: '/proxy/extension/pairings/{id}', params: { id } });

/** The extension's id, from the server once per page load (and kept for the logout's `unpair`). */
export const loadExtensionId = async (): Promise<string | null> => {
  try {
    const info = await queryClient.fetchQuery({
      queryKey: EXTENSION_QUERY_KEYS.info,
      queryFn: ({ signal }) => getExtensionInfo(signal),
      staleTime: 5 * 60_000,
    });
    if (info.extension_id) browserStorage.setItem(EXTENSION_STORAGE_KEYS.extensionId, info.extension_id);
    return info.extension_id || null;
  } catch {
    // Without the server's answer, the id an earlier load learnt.
    return browserStorage.getItem(EXTENSION_STORAGE_KEYS.extensionId);
  }
};

/** Sends `message` to the extension whose id the server names. */
export const messageExtension = async <Reply = Record<string, unknown>>(
  message: ExtensionRequest,
): Promise<ExtensionOutcome<Reply>> => sendToExtension<Reply>(await loadExtensionId(), message);

/** The signed-in customer's name, or null (no session, or a tourist who cannot pair). */
const signedInName = (): string | null => {
  if (!getToken()) return null;
  const info = userStore.get() ?? getCachedUserInfo();
  if (info?.is_tourist) return null;
  return info?.user_name ?? null;
};

/** A label for this browser in the pairing list: "Edge on Windows", "Chrome on macOS"… */
export const browserLabel = (userAgent = globalThis.navigator?.userAgent ?? ''): string => {
  const browser = /\bEdg(e|A|iOS)?\//.test(userAgent)
    ? 'Edge'
    : /\bQIHU|360SE|360EE/i.test(userAgent)
      ? '360'
      : /\bOPR\//.test(userAgent)
        ? 'Opera'
        : /\bChrom(e|ium)\//.test(userAgent)
          ? 'Chrome'
          : 'Browser';
  const system = /Windows/.test(userAgent)
    ? 'Windows'
    : /Mac OS X|Macintosh/.test(userAgent)
      ? 'macOS'
      : /Android/.test(userAgent)
        ? 'Android'
        : /CrOS/.test(userAgent)
          ? 'ChromeOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : '';
  return system ? `${browser} on ${system}` : browser;
};

/** Where the extension of this browser stands for the signed-in customer. */
export type ExtensionState =
  | { kind: 'not_found'; reason: string }
  /** Installed, but it did not answer or answered something else. */
  | { kind: 'unavailable'; reason: string }
  | { kind: 'not_paired'; version: string; reason?: string }
  | { kind: 'paired'; version: string; active: PingReply['active'] };

/**
 * Asks the extension how it stands and, when it is not paired with this console's customer (it
 * says unpaired, or this console has no record of pairing it) and a customer is signed in, pairs
 * it: a new pairing (`POST /proxy/extension/pairings`), then `pair` with its token and this origin.
 */
export const connectExtension = async ({ pair = true } = {}): Promise<ExtensionState> => {
  const ping = await messageExtension<PingReply>({ type: 'ping' });
  if (ping.state === 'not_found') return { kind: 'not_found', reason: ping.reason };
  if (ping.state !== 'success') return { kind: 'unavailable', reason: ping.reason };
  const { version, paired, active } = ping.reply;
  const username = signedInName();
  const stored = readStoredPairing();
  const isOurs = paired && stored !== null && stored.username === username;
  if (isOurs) return { kind: 'paired', version, active };
  if (!pair || !username) return { kind: 'not_paired', version };
  let created: CreatedPairing;
  try {
    created = await createPairing(browserLabel());
  } catch {
    return { kind: 'not_paired', version, reason: 'pairing_refused' };
  }
  const answer = await messageExtension({ type: 'pair', token: created.token, api_base: location.origin });
  if (answer.state !== 'success') {
    // The token reached no extension: end it rather than leave it live.
    void revokePairing(created.id).catch(() => undefined);
    return { kind: 'not_paired', version, reason: answer.reason };
  }
  writeStoredPairing({ pairing_id: created.id, username });
  void queryClient.invalidateQueries({ queryKey: EXTENSION_QUERY_KEYS.pairings });
  return { kind: 'paired', version, active };
};

/** A proxy set through the extension (SPEC §4): success with the exit, failed, timeout or not found. */
export type ProxySetOutcome =
  | { state: 'success'; ip: string | null; country: string | null }
  | { state: 'failed'; reason: string }
  | { state: 'timeout'; reason: string }
  | { state: 'not_found'; reason: string };

/** Answers the extension gives when its pairing has ended: pair again and retry once. */
const PAIRING_ENDED = /^(not_paired|pairing_ended)$|unauthori[sz]ed|\b401\b/i;

const toProxySet = (outcome: ExtensionOutcome<UseProxyReply | OpenQuickAccessReply>): ProxySetOutcome => {
  if (outcome.state !== 'success') return outcome;
  const reply = outcome.reply as { ip?: string | null; country?: string | null };
  return { state: 'success', ip: reply.ip ?? null, country: reply.country ?? null };
};

/** Pairs when needed, then sends `message`; pairs again once when the extension says its pairing ended. */
const setThroughExtension = async (
  message: Extract<ExtensionRequest, { type: 'use_proxy' | 'open_quick_access' }>,
): Promise<ProxySetOutcome> => {
  const state = await connectExtension();
  if (state.kind === 'not_found') return { state: 'not_found', reason: state.reason };
  if (state.kind === 'unavailable') return { state: 'failed', reason: state.reason };
  if (state.kind === 'not_paired') return { state: 'failed', reason: state.reason ?? 'not_paired' };
  const first = toProxySet(await messageExtension<UseProxyReply | OpenQuickAccessReply>(message));
  if (first.state !== 'failed' || !PAIRING_ENDED.test(first.reason)) return first;
  writeStoredPairing(null);
  const again = await connectExtension();
  if (again.kind !== 'paired') return first;
  return toProxySet(await messageExtension<UseProxyReply | OpenQuickAccessReply>(message));
};

/** `use_proxy`: this browser goes out through the proxy `proxyId`. */
export const setBrowserProxy = (proxyId: string) =>
  setThroughExtension({ type: 'use_proxy', proxy_id: proxyId });

/** `open_quick_access`: the entry's proxy, then its URL in a new tab. */
export const openQuickAccess = (id: string) => setThroughExtension({ type: 'open_quick_access', id });
