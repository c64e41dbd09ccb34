import type { ReplacementLimits, ReplacementResult, ReplaceProxyBody } from '@ptc/contracts';
import { api } from '../../shared/api/api';

/** `GET /proxy/token/replacement/{token_id}`: replacements used and left. Silent: the dialog says it failed. */
export const fetchReplacementLimits = (id: string, signal?: AbortSignal) =>
  api.request<ReplacementLimits>({
    method: 'GET',
    path: '/proxy/token/replacement/{token_id}',
    params: { token_id: id },
    silent: true,
    signal,
  });

/** `POST /proxy/token/replace/{token_id}`: another address of the proxy's area, same credentials and expiry, free. */
export const replaceProxyAddress = (id: string, body: ReplaceProxyBody) =>
  api.request<ReplacementResult>({
    method: 'POST',
    path: '/proxy/token/replace/{token_id}',
    params: { token_id: id },
    data: body,
  });

/**
 * A request id for one dialog: the same id on a double click or a retry replaces once. Random
 * bytes from `getRandomValues`, which (unlike `randomUUID`) plain-HTTP pages have too.
 */
export const newReplacementRequestId = (): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join(
    '',
  );
