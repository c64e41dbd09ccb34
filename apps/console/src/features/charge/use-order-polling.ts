import type { TopUpOrder } from '@ptc/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { refreshAfterPayment } from './refresh-wallet';
import { type OrderView, orderPollInterval, toOrderView } from './top-up-order';

/** The current time, ticking every second while `isTicking` (for countdowns and expiry). */
export const useNow = (isTicking: boolean, intervalMs = 1_000): number => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!isTicking) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [isTicking, intervalMs]);
  return now;
};

/** An order being watched, and what to show for it. */
export interface OrderPolling {
  order: TopUpOrder | undefined;
  view: OrderView;
  /** Why the last poll failed (`view` is then `error`), e.g. the server's "no such order". */
  error: unknown;
  now: number;
  /** Asks again at once (the "Refresh" of the system error). */
  refetch: () => void;
}

/**
 * Watches an order: asks every 3 s while it is pending (SPEC §7), stops when it is final, after
 * a failed poll, or when the page is left (the query unmounts). When it turns out paid, the
 * balance and the billing records are refreshed once.
 */
export const useOrderPolling = (
  orderNo: string,
  queryKey: readonly unknown[],
  fetchOrder: (signal: AbortSignal) => Promise<TopUpOrder>,
): OrderPolling => {
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => fetchOrder(signal),
    staleTime: 0,
    refetchInterval: ({ state }) =>
      orderPollInterval({ order: state.data, isError: state.status === 'error', now: Date.now() }),
    refetchIntervalInBackground: true,
  });
  const now = useNow(query.data?.status === 'pending');
  const view = toOrderView({ order: query.data, isError: query.isError, now });

  const refreshedFor = useRef<string | null>(null);
  useEffect(() => {
    if (view !== 'paid' || refreshedFor.current === orderNo) return;
    refreshedFor.current = orderNo;
    void refreshAfterPayment();
  }, [view, orderNo]);

  const { refetch } = query;
  return { order: query.data, view, error: query.error, now, refetch: () => void refetch() };
};
