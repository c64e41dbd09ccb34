import {
  EXTENSION_AUTH_SCHEME,
  type ExtensionCheckUrl,
  type ExtensionProxy,
  type ExtensionQuickAccess,
  type ExtensionSession,
} from '@ptc/contracts';

/** The server answered 401: the pairing was revoked or the console session that made it ended. */
export class PairingEndedError extends Error {
  constructor() {
    super('pairing_ended');
  }
}

/** The server refused the call with a catalogue code (e.g. a proxy that is not the customer's). */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** How long an API call may take (SPEC: HTTP timeout 30 s). */
const API_TIMEOUT_MS = 30_000;

/** A pairing's view of the API: the console origin and the token. */
export interface ApiAccess {
  api_origin: string;
  token: string;
}

const call = async <T>(access: ApiAccess, path: string): Promise<T> => {
  const response = await fetch(`${access.api_origin}/api${path}`, {
    headers: { authorization: `${EXTENSION_AUTH_SCHEME} ${access.token}`, accept: 'application/json' },
    cache: 'no-store',
    credentials: 'omit',
    signal: AbortSignal.timeout(API_TIMEOUT_MS),
  });
  if (response.status === 401) throw new PairingEndedError();
  const body = (await response.json().catch(() => null)) as { code?: number; msg?: string; data?: T } | null;
  if (body?.code !== 0) throw new ApiError(body?.code ?? response.status, body?.msg ?? 'api_error');
  return body.data as T;
};

/** `GET /extension/session`. */
export const getSession = (access: ApiAccess) => call<ExtensionSession>(access, '/extension/session');

/** `GET /extension/proxies/{id}`. */
export const getProxy = (access: ApiAccess, id: string) =>
  call<ExtensionProxy>(access, `/extension/proxies/${encodeURIComponent(id)}`);

/** `GET /extension/quick_access`. */
export const listQuickAccess = (access: ApiAccess) =>
  call<ExtensionQuickAccess>(access, '/extension/quick_access');

/** `GET /extension/check_url`. */
export const getCheckUrl = (access: ApiAccess) => call<ExtensionCheckUrl>(access, '/extension/check_url');
