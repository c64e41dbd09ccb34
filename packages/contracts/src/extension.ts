/**
 * Browser extension and quick access (SPEC §2 /quick-access and /browser-extension, §3 Quick access
 * item, §4 browser-extension proxy set, §5 quick access, §7, §8; issue #18). Shared by the server's
 * routes, the console's pages and bridge, and the extension (apps/extension). Paths are below the
 * API base `/api`.
 *
 * Errors (SPEC §8 codes the other routes use): invalid parameters 1001/1002 (HTTP 400); another
 * customer's or a missing quick-access entry or pairing 404 (ERR_NOT_FOUND); another customer's or
 * a missing proxy 4005 (ERR_NO_THIS_USER_TOKEN); the entry limit 1002 (HTTP 400); no session, or an
 * ended/revoked pairing on `/extension/*`, 2004 (ERR_TOKEN_ERROR, HTTP 401: the extension shows
 * "pairing ended"); the extension package not built on this server 404 (ERR_NOT_FOUND).
 */
import { z } from 'zod';

// ---------------------------------------------------------------------------------------------
// Limits and constants

/** Most quick-access entries one customer keeps. */
export const QUICK_ACCESS_MAX = 200;
/** Longest quick-access URL. */
export const QUICK_ACCESS_URL_MAX = 2048;
/** Longest quick-access remark. */
export const QUICK_ACCESS_REMARK_MAX = 200;

/** Most live pairings per customer; a new one beyond revokes the oldest. */
export const EXTENSION_PAIRING_MAX = 10;
/** Longest pairing label. */
export const EXTENSION_PAIRING_LABEL_MAX = 64;
/** Prefix of a pairing token (so a leaked one is recognisable). */
export const EXTENSION_TOKEN_PREFIX = 'ptcx_';
/** Authorization scheme of the extension routes: `authorization: Extension <token>`. */
export const EXTENSION_AUTH_SCHEME = 'Extension';

/**
 * How long the extension waits for the check page through a newly set proxy before it answers
 * `timeout` (SPEC §4 browser-extension proxy set: success, failed, timeout).
 */
export const EXTENSION_PROXY_TIMEOUT_MS = 15_000;

/** Hosts the browser never proxies unless the operator says otherwise (`EXTENSION_BYPASS`). */
export const DEFAULT_EXTENSION_BYPASS: readonly string[] = [
  '<local>',
  'localhost',
  '127.0.0.1',
  '[::1]',
  '10.0.0.0/8',
  '172.16.0.0/12',
  '192.168.0.0/16',
];

// ---------------------------------------------------------------------------------------------
// Helpers

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding controls is the point.
const CONTROL_OR_SPACE = /[\u0000-\u0020\u007f]/;

/**
 * Whether `text` is a full http(s) URL with scheme and host (SPEC §5 "full URL with scheme"),
 * without controls or spaces.
 */
export const isFullHttpUrl = (text: string): boolean => {
  if (CONTROL_OR_SPACE.test(text)) return false;
  if (!/^https?:\/\/[^/?#]/i.test(text)) return false;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
};

/**
 * The console origin as an extension match pattern (`scheme://host/*`; match patterns take no
 * port and then match any port), from the console's public URL. Null when it is not http(s).
 */
export const consoleMatchPattern = (publicUrl: string): string | null => {
  try {
    const url = new URL(publicUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return `${url.protocol}//${url.hostname}/*`;
  } catch {
    return null;
  }
};

/** The exit address and country an IP-echo page reports. */
export interface ExitSeen {
  ip: string | null;
  country: string | null;
}

const isIpAddress = (text: string): boolean => z.union([z.ipv4(), z.ipv6()]).safeParse(text).success;

const textField = (record: Record<string, unknown>, names: readonly string[]): string | null => {
  for (const name of names) {
    const value = record[name];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return null;
};

/**
 * Reads an IP-echo page's answer: a bare address, or JSON with `ip`/`query`/`ip_address`/`origin`
 * and `country_code`/`countryCode`/`country` (a two-letter code). Browser-safe (no node:net).
 */
export const parseExitSeen = (text: string): ExitSeen => {
  const trimmed = text.trim();
  if (isIpAddress(trimmed)) return { ip: trimmed, country: null };
  let parsed: unknown;
  try {
    parsed = JSON.parse(trimmed);
  } catch {
    return { ip: null, country: null };
  }
  if (typeof parsed !== 'object' || parsed === null) return { ip: null, country: null };
  const record = parsed as Record<string, unknown>;
  const ip = textField(record, ['ip', 'query', 'ip_address', 'origin']);
  const country = textField(record, ['country_code', 'countryCode', 'country']);
  return {
    ip: ip && isIpAddress(ip) ? ip : null,
    country: country && /^[A-Za-z]{2}$/.test(country) ? country.toUpperCase() : null,
  };
};

// ---------------------------------------------------------------------------------------------
// Quick access (console session routes)

/** An opaque id in a path or body. */
const opaqueIdSchema = z.string().min(1).max(200);

/** A quick-access URL: full http(s) URL with scheme and host (SPEC §5), no controls. */
export const quickAccessUrlSchema = z
  .string()
  .trim()
  .min(1, 'Please enter a URL')
  .max(QUICK_ACCESS_URL_MAX)
  .refine(isFullHttpUrl, { message: 'a full URL with scheme, e.g. https://example.com/' });

/** `POST /proxy/quick_access` and `PUT /proxy/quick_access/{id}`: body (PUT replaces all fields). */
export const quickAccessRequestSchema = z.object({
  url: quickAccessUrlSchema,
  /** Empty or absent: no remark. */
  remark: z.string().trim().max(QUICK_ACCESS_REMARK_MAX).optional(),
  /** The proxy the entry opens through (SPEC §5: required); one of the customer's own. */
  proxy_id: opaqueIdSchema,
});
export type QuickAccessRequest = z.input<typeof quickAccessRequestSchema>;

/** `GET /proxy/quick_access` query. */
export const quickAccessListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(QUICK_ACCESS_MAX).default(20),
});

/** The proxy an entry names, as the list shows it; flags say when it is gone or unusable. */
export const quickAccessProxySchema = z.object({
  id: z.string(),
  username: z.string(),
  /** Location text, e.g. "US / New York" or the exit's label. */
  location: z.string(),
  /** SPEC §4: 1 normal, 2 invalid, 3 expired, 4 unhealthy. */
  status: z.number().int(),
  /** Switched on (SPEC §4 switch 5). */
  enabled: z.boolean(),
  expired: z.boolean(),
  deleted: z.boolean(),
});
export type QuickAccessProxy = z.infer<typeof quickAccessProxySchema>;

/** One quick-access entry (SPEC §3 Quick access item). */
export const quickAccessEntrySchema = z.object({
  id: z.string(),
  url: z.string(),
  /** Null when none. */
  remark: z.string().nullable(),
  proxy_id: z.string(),
  /** Null when the proxy no longer exists at all. */
  proxy: quickAccessProxySchema.nullable(),
  created_at: z.string(),
});
export type QuickAccessEntry = z.infer<typeof quickAccessEntrySchema>;

/** `GET /proxy/quick_access`: newest first. */
export const quickAccessListSchema = z.object({
  list: z.array(quickAccessEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  /** {@link QUICK_ACCESS_MAX}. */
  limit: z.number().int(),
});
export type QuickAccessList = z.infer<typeof quickAccessListSchema>;

// ---------------------------------------------------------------------------------------------
// Extension package and pairing (console session routes; info is public)

/** `GET /proxy/extension/info`. */
export const extensionInfoSchema = z.object({
  version: z.string(),
  /** Chrome extension id derived from the manifest's `key` (stable across installs). */
  extension_id: z.string(),
  /** e.g. `ptc-proxy-extension-1.0.0.zip`. */
  file_name: z.string(),
  /** Bytes of the zip `GET /proxy/browser/plugin` answers. */
  size: z.number().int(),
  /** Hex SHA-256 of that zip. */
  sha256: z.string(),
  /** Store pages the operator configured (EXTENSION_STORE_CHROME / _EDGE / _360). */
  stores: z.object({
    chrome: z.string().optional(),
    edge: z.string().optional(),
    '360': z.string().optional(),
  }),
});
export type ExtensionInfo = z.infer<typeof extensionInfoSchema>;

/** `POST /proxy/extension/pairings`: body. */
export const createPairingSchema = z.object({
  label: z.string().trim().max(EXTENSION_PAIRING_LABEL_MAX).optional(),
});
export type CreatePairingRequest = z.input<typeof createPairingSchema>;

/** `POST /proxy/extension/pairings`: the token (`ptcx_…`) is answered this once. */
export const createdPairingSchema = z.object({
  id: z.string(),
  token: z.string(),
  created_at: z.string(),
});
export type CreatedPairing = z.infer<typeof createdPairingSchema>;

/** One live pairing as the list shows it. */
export const pairingSchema = z.object({
  id: z.string(),
  label: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type Pairing = z.infer<typeof pairingSchema>;

/** `GET /proxy/extension/pairings`: live pairings, newest first. */
export const pairingListSchema = z.object({ list: z.array(pairingSchema) });
export type PairingList = z.infer<typeof pairingListSchema>;

// ---------------------------------------------------------------------------------------------
// Extension routes (`authorization: Extension <token>`)

/** `GET /extension/session`. */
export const extensionSessionSchema = z.object({
  user: z.object({ username: z.string() }),
  pairing_id: z.string(),
  /** The console's public URL (PUBLIC_URL). */
  console_url: z.string(),
  /** Hosts the browser never proxies (EXTENSION_BYPASS); may be empty. */
  bypass: z.array(z.string()),
});
export type ExtensionSession = z.infer<typeof extensionSessionSchema>;

/** `GET /extension/proxies/{id}`: what the extension needs to set and authenticate the proxy. */
export const extensionProxySchema = z.object({
  id: z.string(),
  scheme: z.literal('http'),
  /** Gateway host and port, as the connect dialog shows them. */
  host: z.string(),
  port: z.number().int(),
  username: z.string(),
  password: z.string(),
  /** SPEC §4: 1 normal, 2 invalid, 3 expired, 4 unhealthy. */
  status: z.number().int(),
  enabled: z.boolean(),
  expired: z.boolean(),
  location: z.string(),
});
export type ExtensionProxy = z.infer<typeof extensionProxySchema>;

/** `GET /extension/quick_access`: all of the customer's entries, newest first. */
export const extensionQuickAccessSchema = z.object({ list: z.array(quickAccessEntrySchema) });
export type ExtensionQuickAccess = z.infer<typeof extensionQuickAccessSchema>;

/** `GET /extension/check_url`: the IP-echo page to fetch through the proxy (read with {@link parseExitSeen}). */
export const extensionCheckUrlSchema = z.object({ url: z.string() });
export type ExtensionCheckUrl = z.infer<typeof extensionCheckUrlSchema>;

// ---------------------------------------------------------------------------------------------
// Console ↔ extension messages (chrome.runtime.sendMessage(extensionId, message))

/** SPEC §4 browser-extension proxy set. */
export const EXTENSION_PROXY_STATES = ['success', 'failed', 'timeout'] as const;
export type ExtensionProxyState = (typeof EXTENSION_PROXY_STATES)[number];

export type ExtensionRequest =
  | { type: 'ping' }
  | { type: 'pair'; token: string; api_base: string }
  | { type: 'unpair' }
  | { type: 'use_proxy'; proxy_id: string }
  | { type: 'off' }
  | { type: 'open_quick_access'; id: string };

export interface ExtensionActiveProxy {
  proxy_id: string;
  host: string;
  port: number;
}

export interface PingReply {
  ok: true;
  version: string;
  paired: boolean;
  active: ExtensionActiveProxy | null;
}

export interface OkReply {
  ok: true;
}

/** Reply of `use_proxy`; on failed/timeout the previous proxy setting is restored. */
export type UseProxyReply =
  | { ok: true; state: 'success'; ip: string | null; country: string | null }
  | { ok: false; state: 'failed' | 'timeout'; reason: string };

/** Reply of `open_quick_access`. */
export type OpenQuickAccessReply =
  | { ok: true; state: 'success'; ip: string | null; country: string | null; tab_opened: true }
  | { ok: false; state: 'failed' | 'timeout'; reason: string };

/** A request the extension could not take (unpaired, malformed, wrong sender). */
export interface ErrorReply {
  ok: false;
  reason: string;
}

/** The reply each request type gets. */
export interface ExtensionReplies {
  ping: PingReply;
  pair: OkReply | ErrorReply;
  unpair: OkReply;
  use_proxy: UseProxyReply | ErrorReply;
  off: OkReply | ErrorReply;
  open_quick_access: OpenQuickAccessReply | ErrorReply;
}

const messageSchemas = {
  ping: z.object({ type: z.literal('ping') }),
  pair: z.object({
    type: z.literal('pair'),
    token: z.string().min(1).max(200),
    api_base: z.string().max(2048),
  }),
  unpair: z.object({ type: z.literal('unpair') }),
  use_proxy: z.object({ type: z.literal('use_proxy'), proxy_id: opaqueIdSchema }),
  off: z.object({ type: z.literal('off') }),
  open_quick_access: z.object({ type: z.literal('open_quick_access'), id: opaqueIdSchema }),
};

/** Validates a message the extension receives. */
export const extensionRequestSchema = z.discriminatedUnion('type', [
  messageSchemas.ping,
  messageSchemas.pair,
  messageSchemas.unpair,
  messageSchemas.use_proxy,
  messageSchemas.off,
  messageSchemas.open_quick_access,
]);

// The schema and the type describe the same messages.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameMessages: Same<z.infer<typeof extensionRequestSchema>, ExtensionRequest> = true;
void sameMessages;
