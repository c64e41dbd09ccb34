import type { Dayjs } from 'dayjs';

/** Lifecycle filters of the list (SPEC §2: all, normal, unhealthy, expired). */
export type StatusFilter = 'all' | 'normal' | 'unhealthy' | 'expired';
/** Columns the server sorts by. */
export type SortField = 'create_time' | 'expire_time' | 'traffic_used';

/** The filters of SPEC §2 Proxy list, as the form holds them. */
export interface ProxyFilters {
  ip: string;
  type: 'residential' | 'datacenter' | null;
  username: string;
  password: string;
  country: string | null;
  state: string | null;
  city: string | null;
  remark: string;
  status: StatusFilter;
  /** Creation dates, both ends included. */
  range: readonly [Dayjs, Dayjs] | null;
  /** Deleted proxies instead of purchased (live) ones. */
  deleted: boolean;
}

/** Filters, page and order of a list. */
export interface ListView {
  filters: ProxyFilters;
  page: number;
  pageSize: number;
  sort: SortField;
  order: 'asc' | 'desc';
}

/** The query of `GET /proxy/tokens/{generate}/{proxy_type}` (absent fields are not filtered). */
export interface ProxyListQuery {
  page: number;
  page_size: number;
  ip?: string;
  type?: 'residential' | 'datacenter';
  username?: string;
  password?: string;
  country?: string;
  state?: string;
  city?: string;
  remark?: string;
  status: StatusFilter;
  start?: string;
  end?: string;
  deleted: boolean;
  sort: SortField;
  order: 'asc' | 'desc';
}

/** Page sizes offered; the server answers at most 200 rows a page. */
export const PAGE_SIZES = [20, 50, 100, 200] as const;

/** The filters of a fresh list: everything purchased, any status. */
export const EMPTY_FILTERS: ProxyFilters = {
  ip: '',
  type: null,
  username: '',
  password: '',
  country: null,
  state: null,
  city: null,
  remark: '',
  status: 'all',
  range: null,
  deleted: false,
};

/** The view of a fresh list: first page of 20, newest first. */
export const INITIAL_VIEW: ListView = {
  filters: EMPTY_FILTERS,
  page: 1,
  pageSize: PAGE_SIZES[0],
  sort: 'create_time',
  order: 'desc',
};

const OCTET = '(25[0-5]|2[0-4]\\d|1?\\d?\\d)';
/** Four octets where any may be `*` (69.32.3.*), as the server matches an address pattern. */
const IP_PATTERN = new RegExp(`^((${OCTET}|\\*)\\.){3}(${OCTET}|\\*)$`);
/** The start of an address (69.32 or 69.32.3.), matched as a prefix. */
const IP_PREFIX = new RegExp(`^(${OCTET}\\.){0,3}${OCTET}?$`);

/**
 * True when the IP filter is something the server can match: a prefix of an address, or four
 * octets with `*` wildcards. Anything else is 'IP format error' (SPEC §5).
 */
export const isIpFilter = (text: string): boolean => {
  const value = text.trim();
  if (value === '') return true;
  return value.includes('*') ? IP_PATTERN.test(value) : IP_PREFIX.test(value);
};

const text = (value: string): string | undefined => {
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
};

/** The list query of a view: empty filters left out, the creation range from the first to the last instant of its days. */
export const toListQuery = ({ filters, page, pageSize, sort, order }: ListView): ProxyListQuery => {
  const query: ProxyListQuery = {
    page,
    page_size: pageSize,
    status: filters.status,
    deleted: filters.deleted,
    sort,
    order,
  };
  const fields = {
    ip: text(filters.ip),
    type: filters.type ?? undefined,
    username: text(filters.username),
    password: text(filters.password),
    country: filters.country ?? undefined,
    state: filters.state ?? undefined,
    city: filters.city ?? undefined,
    remark: text(filters.remark),
    start: filters.range?.[0].startOf('day').toISOString(),
    end: filters.range?.[1].endOf('day').toISOString(),
  };
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined) Object.assign(query, { [key]: value });
  }
  return query;
};

/** The creation range of an export, from the first to the last instant of its days. */
export const toExportRange = (range: readonly [Dayjs, Dayjs]) => ({
  start: range[0].startOf('day').toISOString(),
  end: range[1].endOf('day').toISOString(),
});

/** Query fields that page and order a list rather than narrow it. */
const UNFILTERED_FIELDS: ReadonlySet<string> = new Set(['page', 'page_size', 'sort', 'order']);

/** True when a list query narrows the list (any filter, a status, the deleted proxies). */
export const isFilteredQuery = (query: ProxyListQuery): boolean =>
  query.status !== 'all' ||
  query.deleted ||
  Object.keys(query).some((key) => !UNFILTERED_FIELDS.has(key) && key !== 'status' && key !== 'deleted');
