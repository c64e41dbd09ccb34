import type {
  areaListSchema,
  generatedProxiesSchema,
  ProxyFamily,
  ProxyRow,
  priceQuoteSchema,
  proxyCheckSchema,
  proxyExportSchema,
  proxyListSchema,
  speedTestSchema,
} from '@ptc/contracts';
import { api } from '../../shared/api/api';
import type { ResponseOf } from '../../shared/api/contract-types';
import { queryClient } from '../../shared/api/query-client';
import { type AreaUse, familyParams } from './proxy-family';
import type { ProxyListQuery } from './proxy-filters';

/** One page of a family's proxies (`data.data`) with the total. */
export type ProxyPage = ResponseOf<typeof proxyListSchema>;
/** What a speed test measured. */
export type SpeedTestResult = ResponseOf<typeof speedTestSchema>;
/** Where a proxy exits, or why the check through it failed. */
export type ProxyCheckResult = ResponseOf<typeof proxyCheckSchema>;
/** A renewal: the renewed proxy, what it cost and the balance after. */
export type RenewalResult = ResponseOf<typeof generatedProxiesSchema>;
/** The price of a purchase or renewal. */
export type PriceQuote = ResponseOf<typeof priceQuoteSchema>;
/** A prepared export file. */
export type ExportFile = ResponseOf<typeof proxyExportSchema>;
/** An area list (countries, states or cities with supply). */
export type AreaList = ResponseOf<typeof areaListSchema>;
/** Export file formats. */
export type ExportFormat = 'csv' | 'xls' | 'xlsx';

/** TanStack Query keys of the proxy lists. */
export const PROXY_LIST_QUERY_KEYS = {
  /** Every list of a family, whatever its filters: invalidate it after a change. */
  family: (family: ProxyFamily) => ['proxy-list', family] as const,
  page: (family: ProxyFamily, query: ProxyListQuery) => ['proxy-list', family, query] as const,
  areas: (level: string, use: AreaUse, country?: string, state?: string) =>
    ['proxy-list', 'areas', level, use, country ?? null, state ?? null] as const,
};

/** Reloads every list of the family (after a generation, a switch, a delete…). */
export const refreshProxyList = (family: ProxyFamily): Promise<void> =>
  queryClient.invalidateQueries({ queryKey: PROXY_LIST_QUERY_KEYS.family(family) });

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

/** `GET /proxy/tokens/{generate}/{proxy_type}`: one page of a family with the list's filters. */
export const fetchProxyPage = (family: ProxyFamily, query: ProxyListQuery, signal?: AbortSignal) =>
  api.request<ProxyPage>({
    path: '/proxy/tokens/{generate}/{proxy_type}',
    params: familyParams(family),
    data: query,
    ...withSignal(signal),
  });

/** `PUT /proxy/token/status/{token_id}`: switches one proxy on (5) or off (6). */
export const switchProxy = (id: string, state: 5 | 6) =>
  api.request<ProxyRow>({
    method: 'PUT',
    path: '/proxy/token/status/{token_id}',
    params: { token_id: id },
    query: { switch: state },
  });

/** `PUT /proxy/token/status/batch/{switch}`: switches the selection on (5) or off (6). */
export const switchProxies = (ids: readonly string[], state: 5 | 6) =>
  api.request<{ updated: number }>({
    method: 'PUT',
    path: '/proxy/token/status/batch/{switch}',
    params: { switch: state },
    data: { ids },
  });

/** `DELETE /proxy/token/{token_id}`. */
export const deleteProxy = (id: string) =>
  api.request<{ done: boolean }>({
    method: 'DELETE',
    path: '/proxy/token/{token_id}',
    params: { token_id: id },
  });

/** `DELETE /proxy/tokens`: deletes the selection, all of it expired (4015 otherwise, nothing changes). */
export const deleteProxies = (ids: readonly string[]) =>
  api.request<{ deleted: number }>({ method: 'DELETE', path: '/proxy/tokens', data: { ids } });

/** `PUT /proxy/token/renew/{token_id}`: one more rental cycle of a static IP, charged now. */
export const renewProxy = (id: string) =>
  api.request<RenewalResult>({
    method: 'PUT',
    path: '/proxy/token/renew/{token_id}',
    params: { token_id: id },
  });

/** `POST /proxy/token/renew/{token_id}`: automatic renewal on or off. */
export const setAutoRenew = (id: string, autoRenew: boolean) =>
  api.request<ProxyRow>({
    method: 'POST',
    path: '/proxy/token/renew/{token_id}',
    params: { token_id: id },
    data: { auto_renew: autoRenew },
    bodyKind: 'form',
  });

/** `PUT /proxy/token/rotation/{token_id}`: toggles automatic rotation. */
export const toggleRotation = (id: string) =>
  api.request<ProxyRow>({
    method: 'PUT',
    path: '/proxy/token/rotation/{token_id}',
    params: { token_id: id },
  });

/** `PUT /proxy/token/remark/{token_id}`: an empty remark clears it. */
export const setRemark = (id: string, remark: string) =>
  api.request<ProxyRow>({
    method: 'PUT',
    path: '/proxy/token/remark/{token_id}',
    params: { token_id: id },
    data: { remark },
    bodyKind: 'form',
  });

/** `GET /proxy/token/qr_code`: the proxy URL to draw as a QR code. */
export const fetchQrCode = (id: string, signal?: AbortSignal) =>
  api.request<{ url: string }>({
    path: '/proxy/token/qr_code',
    data: { token_id: id },
    ...withSignal(signal),
  });

/** `POST /proxy/test`: a real request through the gateway with the proxy (up to 15 s). */
export const runSpeedTest = (id: string) =>
  api.request<SpeedTestResult>({
    method: 'POST',
    path: '/proxy/test',
    data: { token_id: id },
    bodyKind: 'form',
  });

/** `POST /proxy/check`: a request through the gateway with the proxy, answering the exit's IP and country. */
export const checkProxy = (id: string) =>
  api.request<ProxyCheckResult>({
    method: 'POST',
    path: '/proxy/check',
    data: { token_id: id },
    bodyKind: 'form',
  });

/** `GET /proxy/price`: what one more rental cycle of a static IP costs. */
export const fetchRenewalPrice = (type: 'residential' | 'datacenter', days: 1 | 30, signal?: AbortSignal) =>
  api.request<PriceQuote>({
    path: '/proxy/price',
    data: { family: 'static-ip', type, days, count: 1 },
    ...withSignal(signal),
  });

/** `POST /proxy/output/tokens/{generate}/{proxy_type}`: prepares an export of the selection or a creation range. */
export const exportProxies = (
  family: ProxyFamily,
  request: { format: ExportFormat; ids?: readonly string[]; start?: string; end?: string },
) =>
  api.request<ExportFile>({
    method: 'POST',
    path: '/proxy/output/tokens/{generate}/{proxy_type}',
    params: familyParams(family),
    data: request,
  });

/** The server answers the file's address with the API base (`/api/proxy/output/files/…`). */
const API_PREFIX = /^\/api(?=\/)/;

/** Downloads a prepared export file (it needs the session, so it is fetched rather than linked). */
export const fetchExportFile = (url: string) =>
  api.request<Blob>({ path: url.replace(API_PREFIX, ''), responseType: 'blob' });

/** `GET /proxy/area/{countries|states|cities}`: places with supply, for the location filter. */
export const fetchAreas = (
  level: 'countries' | 'states' | 'cities',
  query: { use_in: AreaUse; country?: string; state?: string },
  signal?: AbortSignal,
) =>
  api.request<AreaList>({
    path: `/proxy/area/${level}`,
    data: query,
    // SPEC §8: country list errors are ignored silently; the filter then offers no places.
    silent: true,
    ...withSignal(signal),
  });
