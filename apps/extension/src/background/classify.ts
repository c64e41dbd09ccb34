import { type ExtensionProxyState, parseExitSeen } from '@ptc/contracts';

/** How the fetch of the check page through a newly set proxy ended. */
export type CheckOutcome =
  /** The page (or the gateway in its place) answered with this status and body. */
  | { kind: 'response'; status: number; body: string }
  /** The extension refused to answer a repeated 407 for one request: the credentials were refused. */
  | { kind: 'auth_rejected' }
  /** The request failed with this network error (`net::ERR_…` when the browser said which). */
  | { kind: 'error'; error: string }
  /** No answer within the wait. */
  | { kind: 'timeout' };

/** SPEC §4 browser-extension proxy set, with the exit the check page saw on success. */
export type CheckResult =
  | { state: 'success'; ip: string | null; country: string | null }
  | { state: Exclude<ExtensionProxyState, 'success'>; reason: string };

/**
 * Network errors that mean the gateway could not be reached at all: the browser gets no answer
 * from it, as when it never answers (SPEC's "timeout", not a refusal by the gateway).
 */
const UNREACHABLE = [
  'net::ERR_PROXY_CONNECTION_FAILED',
  'net::ERR_CONNECTION_REFUSED',
  'net::ERR_CONNECTION_TIMED_OUT',
  'net::ERR_TIMED_OUT',
  'net::ERR_ADDRESS_UNREACHABLE',
  'net::ERR_NAME_NOT_RESOLVED',
  'net::ERR_NETWORK_CHANGED',
  'net::ERR_INTERNET_DISCONNECTED',
];

/**
 * Classifies the check: a 2xx answer is success (with the exit address and country the page
 * reported, when it did); the gateway refusing (407 after our credentials, 403, 402, any other
 * status, a refused tunnel) is failed; no answer in time, or no way to reach the gateway, is timeout.
 */
export const classifyCheck = (outcome: CheckOutcome): CheckResult => {
  switch (outcome.kind) {
    case 'response': {
      if (outcome.status >= 200 && outcome.status < 300)
        return { state: 'success', ...parseExitSeen(outcome.body) };
      return { state: 'failed', reason: `http_${outcome.status}` };
    }
    case 'auth_rejected':
      return { state: 'failed', reason: 'proxy_auth_rejected' };
    case 'timeout':
      return { state: 'timeout', reason: 'no_answer' };
    case 'error':
      if (UNREACHABLE.includes(outcome.error)) return { state: 'timeout', reason: 'gateway_unreachable' };
      return { state: 'failed', reason: outcome.error || 'network_error' };
  }
};
