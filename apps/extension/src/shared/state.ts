import type { ExtensionProxyState } from '@ptc/contracts';

/** The pairing with one console, kept in chrome.storage.local. */
export interface StoredPairing {
  /** The pairing token (`ptcx_…`), sent as `authorization: Extension <token>`. */
  token: string;
  /** The console's origin, which the API is under (`/api`) and the only sender taken after pairing. */
  api_origin: string;
  /** From `/extension/session`; empty until the session was read. */
  username: string;
  console_url: string;
  bypass: string[];
}

/** The proxy the browser goes through now. */
export interface ActiveProxy {
  proxy_id: string;
  host: string;
  port: number;
  username: string;
  password: string;
  location: string;
  ip: string | null;
  country: string | null;
  /** Set by opening a quick-access entry: its URL. */
  opened_url: string | null;
  since: string;
}

/** What the last attempt to set a proxy came to. */
export interface LastOutcome {
  proxy_id: string;
  state: ExtensionProxyState;
  reason: string | null;
  at: string;
}

/** Everything the popup and the options page show. */
export interface ExtensionStatus {
  version: string;
  extension_id: string;
  /** `ended`: the server answered 401 (revoked, signed out) and the extension forgot the token. */
  pairing:
    | { state: 'unpaired' }
    | { state: 'ended' }
    | { state: 'paired'; username: string; console_url: string };
  active: Omit<ActiveProxy, 'password'> | null;
  last: LastOutcome | null;
  busy: boolean;
}

/** Messages from the extension's own pages to its service worker. */
export type InternalRequest =
  | { type: 'status' }
  | { type: 'quick_access' }
  | { type: 'off' }
  | { type: 'unpair' }
  | { type: 'open_quick_access'; id: string };
