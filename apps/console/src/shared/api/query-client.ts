import { QueryClient } from '@tanstack/react-query';

/**
 * The TanStack Query cache. Query functions call `api.request` (which already shows the
 * failure to the user), so failed calls are not retried and not reported a second time.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
