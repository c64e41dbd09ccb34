import {
  PROXY_FAMILIES,
  type ProxyFamily,
  type ProxyRow,
  QUICK_ACCESS_MAX,
  type QuickAccessEntry,
  type QuickAccessList,
  type QuickAccessRequest,
} from '@ptc/contracts';
import { api } from '../../shared/api/api';
import { fetchProxyPage } from '../proxy-list/proxy-list.api';

/** TanStack Query keys of the quick-access page. */
export const QUICK_ACCESS_QUERY_KEYS = {
  list: ['quick-access', 'list'] as const,
  proxies: (search: string) => ['quick-access', 'proxies', search] as const,
};

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

/** `GET /proxy/quick_access`: every entry at once (at most {@link QUICK_ACCESS_MAX}). Silent: the page says it failed. */
export const listQuickAccess = (signal?: AbortSignal) =>
  api.request<QuickAccessList>({
    path: '/proxy/quick_access',
    data: { page: 1, page_size: QUICK_ACCESS_MAX },
    silent: true,
    ...withSignal(signal),
  });

/** `POST /proxy/quick_access`. */
export const createQuickAccess = (request: QuickAccessRequest) =>
  api.request<QuickAccessEntry>({ method: 'POST', path: '/proxy/quick_access', data: request });

/** `PUT /proxy/quick_access/{id}`: replaces the entry's URL, remark and proxy. */
export const updateQuickAccess = (id: string, request: QuickAccessRequest) =>
  api.request<QuickAccessEntry>({
    method: 'PUT',
    path: '/proxy/quick_access/{id}',
    params: { id },
    data: request,
  });

/** `DELETE /proxy/quick_access/{id}`. */
export const deleteQuickAccess = (id: string) =>
  api.request<unknown>({ method: 'DELETE', path: '/proxy/quick_access/{id}', params: { id } });

/** A proxy the entry dialog offers, with the family it belongs to. */
export interface ProxyChoice {
  row: ProxyRow;
  family: ProxyFamily;
}

/** How many proxies of each family the dialog offers at once; a search narrows them by user name. */
export const PROXY_CHOICES_PER_FAMILY = 200;

/**
 * The customer's live proxies of every family (newest first, at most
 * {@link PROXY_CHOICES_PER_FAMILY} each), those whose user name contains `search` when given.
 * A family whose list fails is left out rather than failing the others.
 */
export const listProxyChoices = async (search: string, signal?: AbortSignal): Promise<ProxyChoice[]> => {
  const pages = await Promise.allSettled(
    PROXY_FAMILIES.map((family) =>
      fetchProxyPage(
        family,
        {
          page: 1,
          page_size: PROXY_CHOICES_PER_FAMILY,
          status: 'all',
          deleted: false,
          sort: 'create_time',
          order: 'desc',
          ...(search.trim() ? { username: search.trim() } : {}),
        },
        signal,
      ).then((page) => page.data.map((row) => ({ row, family }))),
    ),
  );
  const failed = pages.find((page) => page.status === 'rejected');
  if (failed && pages.every((page) => page.status === 'rejected')) throw failed.reason;
  return pages
    .flatMap((page) => (page.status === 'fulfilled' ? page.value : []))
    .sort((a, b) => b.row.create_time.localeCompare(a.row.create_time));
};
