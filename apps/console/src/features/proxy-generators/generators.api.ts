import type {
  AREA_USES,
  areaListSchema,
  generatedProxiesSchema,
  ipPrefixListSchema,
  ProxyRow,
  priceQuerySchema,
  priceQuoteSchema,
  staticStoreItemSchema,
  staticStoreQuerySchema,
} from '@ptc/contracts';
import { api } from '../../shared/api/api';
import type { RequestOf, ResponseOf } from '../../shared/api/contract-types';
import type { FieldValue } from '../../shared/api/http-client';

/** A proxy as a generation answers it (the row the proxy list shows). */
export type GeneratedProxy = ProxyRow;

/** The answer of a generation: the proxies, what was charged now and the balance after. */
export type GenerationResult = ResponseOf<typeof generatedProxiesSchema>;

/** Where an area list is used (`use_in`). */
export type AreaUse = (typeof AREA_USES)[number];

/** Level of an area list. */
export type AreaLevel = 'countries' | 'states' | 'cities';

/** One page of an area list. */
export type AreaList = ResponseOf<typeof areaListSchema>;

/** `GET /proxy/price` query and answer. */
export type PriceQuery = RequestOf<typeof priceQuerySchema>;
export type PriceQuote = ResponseOf<typeof priceQuoteSchema>;

/** Static addresses on sale. */
export type StaticStoreQuery = RequestOf<typeof staticStoreQuerySchema>;
export type StaticStoreItem = ResponseOf<typeof staticStoreItemSchema>;

/** The generation calls of SPEC §7 (form posts), one per generator. */
export const GENERATION_PATHS = {
  dynamicCommon: '/proxy/proxy/dynamic/common/traffic',
  dynamicTraffic: '/proxy/proxy/dynamic/traffic',
  dynamicIpByIp: '/proxy/proxy/dynamic/ip/by_ip',
  dynamicIpByArea: '/proxy/proxy/dynamic/ip/by_area',
  staticTraffic: '/proxy/proxy/static/traffic',
  staticIp: '/proxy/proxy/static/ip',
} as const;

/** Which generation call a form posts to. */
export type GenerationKind = keyof typeof GENERATION_PATHS;

/** The form fields of a generation, as strings, numbers and booleans (absent fields left out). */
export type GenerationForm = Readonly<Record<string, FieldValue | readonly FieldValue[]>>;

/** TanStack Query keys of the generators. */
export const GENERATOR_QUERY_KEYS = {
  areas: (level: AreaLevel, query: AreaQuery) => ['proxy-generators', 'areas', level, query] as const,
  price: (query: PriceQuery) => ['proxy-generators', 'price', query] as const,
  store: (query: StaticStoreQuery) => ['proxy-generators', 'store', query] as const,
  ipPrefixes: (query: IpPrefixQuery) => ['proxy-generators', 'ip-prefixes', query] as const,
};

/** Address prefixes generation by IP can find, in an area. */
export type IpPrefixList = ResponseOf<typeof ipPrefixListSchema>;
export interface IpPrefixQuery {
  country?: string;
  state?: string;
  city?: string;
}

/** `GET /proxy/area/ip_prefixes`. Silent: without it the pattern is typed by hand. */
export const fetchIpPrefixes = (query: IpPrefixQuery, signal?: AbortSignal) =>
  api.request<IpPrefixList>({
    path: '/proxy/area/ip_prefixes',
    data: query,
    silent: true,
    ...(signal ? { signal } : {}),
  });

/** The query of an area list: the use, and the country (and state) above it. */
export interface AreaQuery {
  use_in: AreaUse;
  country?: string;
  state?: string;
  keyword?: string;
}

/**
 * `GET /proxy/area/{countries,states,cities}`. Silent: SPEC §8 ignores country list errors;
 * the picker then offers nothing to choose.
 */
export const fetchAreas = (level: AreaLevel, query: AreaQuery, signal?: AbortSignal) =>
  api.request<AreaList>({
    path: `/proxy/area/${level}`,
    data: query,
    silent: true,
    ...(signal ? { signal } : {}),
  });

/** `GET /proxy/price`: the unit price and what a purchase charges now. Silent: the preview says so. */
export const fetchPrice = (query: PriceQuery, signal?: AbortSignal) =>
  api.request<PriceQuote>({ path: '/proxy/price', data: query, silent: true, ...(signal ? { signal } : {}) });

/** `GET /proxy/store/static`: static addresses on sale (4010 past the daily search limit; shown). */
export const searchStaticStore = (query: StaticStoreQuery, signal?: AbortSignal) =>
  api.request<{ records: StaticStoreItem[] }>({
    path: '/proxy/store/static',
    data: query,
    ...(signal ? { signal } : {}),
  });

/** Posts a generation as a form (SPEC §7); every refusal is shown through the code table. */
export const postGeneration = (kind: GenerationKind, form: GenerationForm) =>
  api.request<GenerationResult>({
    method: 'POST',
    path: GENERATION_PATHS[kind],
    data: form,
    bodyKind: 'form',
  });
