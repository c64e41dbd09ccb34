import { EARLY_REQUESTS_GLOBAL, sendEarlyRequests } from './early-requests';

/** The time zone as `shared/api/api.ts` reads it. */
const timeZone = (): string => {
  const temporal = (globalThis as { Temporal?: { Now?: { timeZoneId?: () => string } } }).Temporal;
  return temporal?.Now?.timeZoneId?.() ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
};

const readStorage = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

try {
  sendEarlyRequests(
    {
      location: window.location,
      storage: readStorage(),
      languages: navigator.languages ?? [navigator.language],
      timeZone,
      fetch: (url, init) => fetch(url, init),
      keep: (requests) => {
        (window as unknown as Record<string, unknown>)[EARLY_REQUESTS_GLOBAL] = requests;
      },
    },
    import.meta.env.VITE_API_BASE || '/api',
  );
} catch (error) {
  // The console asks for itself as usual.
  console.warn('[console] early requests were not sent', error);
}
