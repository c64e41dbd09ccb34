import { LEDGER_PAGE_MAX, type LedgerPage, type LedgerQuery } from '@ptc/contracts';
import { api } from '../../shared/api/api';
import { WALLET_QUERY_KEYS } from '../charge/charge.api';

/** TanStack Query key of the money trail: below the billing records', so a payment refreshes both. */
export const MONEY_TRAIL_QUERY_KEY = [...WALLET_QUERY_KEYS.records, 'ledger'] as const;

/** `GET /proxy/charges/ledger`: a page of the money trail. Silent: the card says it failed. */
export const fetchLedger = (query: LedgerQuery, signal?: AbortSignal) =>
  api.request<LedgerPage>({
    path: '/proxy/charges/ledger',
    data: query,
    silent: true,
    ...(signal ? { signal } : {}),
  });

/** Most movements one CSV download holds (the newest of the filter). */
export const CSV_MAX_ENTRIES = 20 * LEDGER_PAGE_MAX;

/** Every movement of a filter, newest first, page by page (at most {@link CSV_MAX_ENTRIES}). */
export const fetchAllLedger = async (query: Omit<LedgerQuery, 'page' | 'page_size'>) => {
  const entries: LedgerPage['data'] = [];
  for (let page = 1; entries.length < CSV_MAX_ENTRIES; page += 1) {
    const answer = await fetchLedger({ ...query, page, page_size: LEDGER_PAGE_MAX });
    entries.push(...answer.data);
    if (answer.data.length < LEDGER_PAGE_MAX || entries.length >= answer.total) break;
  }
  return entries;
};
