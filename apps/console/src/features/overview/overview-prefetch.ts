import { HOME_PATH } from '../../routes.paths';
import { queryClient } from '../../shared/api/query-client';
import { getToken } from '../../shared/session/session';
import { loadUserInfo } from '../auth/auth.api';
import { proxiesSummaryQuery, trafficSummaryQuery } from './overview.api';

/** Addresses that show the overview to a signed-in customer (`/dashboard` redirects to it). */
const OVERVIEW_PATHS: ReadonlySet<string> = new Set([HOME_PATH, '/dashboard']);

/**
 * Asks for what the overview's first screen shows (the user info with the balance, the proxy
 * counts, the traffic) as soon as the entry script runs, when the address is the overview's and a
 * session is stored: the answers come while the layout's and the page's code loads, instead of
 * one after the other once the route guard and then the cards have rendered. The guard and the
 * cards find them in the query cache (a request still on its way is shared, not repeated). Each
 * is silent: a failure is handled, as before, by whoever renders next (the guard signs out on a
 * rejected session; a card shows its retry). Returns whether it asks.
 */
export const prefetchOverview = (pathname: string): boolean => {
  if (!OVERVIEW_PATHS.has(pathname) || !getToken()) return false;
  // In a task of its own, after the entry's evaluation: the first request reads the time zone,
  // whose first lookup is costly on a phone, and would lengthen the entry's long task.
  setTimeout(() => {
    loadUserInfo().catch(() => {
      // The route guard asks again and decides what follows (sign-in, the native app's logout).
    });
    void queryClient.prefetchQuery(proxiesSummaryQuery);
    void queryClient.prefetchQuery(trafficSummaryQuery);
  }, 0);
  return true;
};
