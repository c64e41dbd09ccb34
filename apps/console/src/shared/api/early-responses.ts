/**
 * Takes the answers of the requests that `src/early/early-requests.ts` sent before the console's
 * code arrived, when the API client asks for the same thing (issue #16). Kept apart from that
 * module on purpose: the early script must share no module with the entry.
 */

/** Name under which the early script keeps its requests (`EARLY_REQUESTS_GLOBAL`). */
export const EARLY_REQUESTS_GLOBAL_NAME = '__ptcEarlyRequests';
/** An early answer is used only this soon after the page opened; later ones would be stale. */
export const EARLY_RESPONSE_MAX_AGE_MS = 10_000;

interface EarlyRequest {
  url: string;
  headers: Record<string, string>;
  response: Promise<Response>;
  taken: boolean;
}

const sameHeaders = (early: Record<string, string>, asked: Headers): boolean => {
  const names = new Set<string>();
  asked.forEach((_value, name) => {
    names.add(name);
  });
  const earlyNames = Object.keys(early);
  return earlyNames.length === names.size && earlyNames.every((name) => asked.get(name) === early[name]);
};

/**
 * A `fetch` that answers a GET with the early request's answer when one was sent for that address
 * with the same headers, once, in the page's first seconds; any other request, or an early one
 * that failed, goes out as usual.
 */
export const createEarlyAwareFetch =
  (
    scope: { requests: () => unknown; now: () => number },
    send: (url: string, init: RequestInit) => Promise<Response>,
  ) =>
  (url: string, init: RequestInit): Promise<Response> => {
    const method = (init.method ?? 'GET').toUpperCase();
    const requests = scope.requests();
    if (
      method !== 'GET' ||
      init.body != null ||
      !Array.isArray(requests) ||
      scope.now() > EARLY_RESPONSE_MAX_AGE_MS
    ) {
      return send(url, init);
    }
    const asked = new Headers(init.headers);
    const early = (requests as EarlyRequest[]).find(
      (request) => !request.taken && request.url === url && sameHeaders(request.headers, asked),
    );
    if (!early) return send(url, init);
    early.taken = true;
    const answer = early.response.catch(() => send(url, init));
    const { signal } = init;
    if (!signal) return answer;
    // The client's timeout and its callers' cancellations end the wait as they end a fetch.
    return new Promise<Response>((resolve, reject) => {
      const abort = () => reject(signal.reason);
      if (signal.aborted) return abort();
      signal.addEventListener('abort', abort, { once: true });
      answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
    });
  };

/** The page's early-aware `fetch`. */
export const earlyAwareFetch = createEarlyAwareFetch(
  {
    requests: () => (globalThis as Record<string, unknown>)[EARLY_REQUESTS_GLOBAL_NAME],
    now: () => (typeof performance === 'undefined' ? Number.POSITIVE_INFINITY : performance.now()),
  },
  (url, init) => fetch(url, init),
);
