import type {
  AddIpAllowListEntry,
  IpAllowList,
  IpAllowListEntry,
  IpAllowListPortRules,
} from '@ptc/contracts';
import { api } from '../../shared/api/api';

/** TanStack Query keys of the IP allow-list page. */
export const IP_ALLOWLIST_QUERY_KEYS = { list: ['ip-allowlist'] as const };

/** `GET /api/proxy/allowlist`: entries, maximum, the caller's address, proxies to choose. Silent: the page says it failed. */
export const fetchAllowList = (signal?: AbortSignal) =>
  api.request<IpAllowList>({ path: '/proxy/allowlist', silent: true, ...(signal ? { signal } : {}) });

/** `POST /api/proxy/allowlist`. Silent: the dialog shows the refusal (4021 overlap …) itself. */
export const addAllowListEntry = (body: AddIpAllowListEntry) =>
  api.request<IpAllowListEntry>({ method: 'POST', path: '/proxy/allowlist', data: body, silent: true });

/** `DELETE /api/proxy/allowlist/{entry_id}`. */
export const deleteAllowListEntry = (id: string) =>
  api.request<unknown>({ method: 'DELETE', path: '/proxy/allowlist/{entry_id}', params: { entry_id: id } });

/** `PUT /api/proxy/allowlist/{entry_id}/ports`: the entry's whole set of port rules (refusals, e.g. 4026, as a toast). */
export const setAllowListPortRules = (id: string, body: IpAllowListPortRules) =>
  api.request<IpAllowListEntry>({
    method: 'PUT',
    path: '/proxy/allowlist/{entry_id}/ports',
    params: { entry_id: id },
    data: body,
  });
