/**
 * Proxy products (SPEC §3 Proxy, Proxy kinds, Area data, Proxy store, Traffic pool/package,
 * Traffic alarm; §5 generation, export and batch rules; §7 Proxies and Traffic calls). Paths are
 * below the API base `/api`; amounts are exact decimal strings; ids in URLs are opaque.
 */
import { z } from 'zod';
import { LIMITS } from './pricing';
import { ptcAmountSchema } from './user';

/** `{generate}` and `{proxy_type}` of the list and export paths: the four families. */
export const GENERATES = ['dynamic', 'static'] as const;
export const PROXY_TYPES = ['traffic', 'ip'] as const;

/** Exit types of static proxies. */
export const EXIT_TYPES = ['residential', 'datacenter'] as const;
export type ExitType = (typeof EXIT_TYPES)[number];

/** Where an area list is used (SPEC §3 Area data). */
export const AREA_USES = [
  'dynamic_traffic',
  'dynamic_ip',
  'static_datacenter_traffic',
  'static_residential_traffic',
  'static_datacenter_ip',
  'static_residential_ip',
  'vm',
] as const;

const formInt = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const formBool = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', 'off'])])
  .transform((value) => value === true || value === 'true' || value === '1' || value === 'on');

/** ISO country code, case-insensitive on input. */
const countrySchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'a two-letter country code')
  .transform((value) => value.toUpperCase());
/** State code or city key as the area lists answer them. */
const placeSchema = z
  .string()
  .trim()
  .regex(/^[\p{L}\p{N}]{1,64}$/u, 'letters and digits');

/** Generation: how many proxies at once. */
export const GENERATION_MAX_COUNT = 1_000;
/** Longest opaque exit id a request may name (they are decimal numbers). */
const EXIT_ID_MAX_LENGTH = 32;

/** An opaque proxy id (`token_id`) as requests name it. */
export const proxyIdSchema = z.string().min(1).max(200);

const common = {
  count: formInt(1, GENERATION_MAX_COUNT).default(1),
  protocol: z.enum(['http', 'socks5']).default('http'),
};

/** `POST /proxy/proxy/dynamic/common/traffic`: the universal generator (country or state/city precision). */
export const dynamicCommonRequestSchema = z.object({
  ...common,
  precision: z.enum(['country', 'city']).default('country'),
  country: countrySchema.optional(),
  state: placeSchema.optional(),
  city: placeSchema.optional(),
});

/** Lines (nodes) of dynamic traffic; line 3 serves whole countries only (SPEC §2, §9). */
export const DYNAMIC_LINES = [1, 2, 3, 4] as const;
export type DynamicLine = (typeof DYNAMIC_LINES)[number];
export const COUNTRY_ONLY_LINE: DynamicLine = 3;

/**
 * Route types of dynamic traffic (SPEC §2 "Route type premier or budget, node selection"): the
 * premier routes are lines 1 and 2 (5 PTC/GB), the budget routes lines 3 and 4, each served by
 * its own supplier (3 and 1.5 PTC/GB). The node is the line chosen within the route type.
 */
export const ROUTE_TYPES = ['premier', 'budget'] as const;
export type RouteType = (typeof ROUTE_TYPES)[number];
export const ROUTE_LINES: Readonly<Record<RouteType, readonly DynamicLine[]>> = {
  premier: [1, 2],
  budget: [3, 4],
};

/** The route type a line belongs to. */
export const routeOfLine = (line: number): RouteType => (line <= 2 ? 'premier' : 'budget');

/**
 * The line a regional generation uses when none is named: the first node of the route type
 * (premier by default) that serves the area — line 3 takes whole countries only.
 */
export const defaultLineOf = (route: RouteType | undefined, hasPlace: boolean): DynamicLine =>
  ROUTE_LINES[route ?? 'premier'].find((line) => !(hasPlace && line === COUNTRY_ONLY_LINE)) ?? 1;

/**
 * `POST /proxy/proxy/dynamic/traffic`: the regional generator. Line 3 serves countries only;
 * `route` names premier or budget, `line` the node within it (a line of the other route type is
 * refused with 1002); without a line the route type's first node serving the area is used.
 */
export const dynamicTrafficRequestSchema = z.object({
  ...common,
  country: countrySchema,
  state: placeSchema.optional(),
  city: placeSchema.optional(),
  route: z.enum(ROUTE_TYPES).optional(),
  line: formInt(1, 4).optional(),
  rotation: formBool.default(false),
});

/** An IP pattern: four octets, each a number or `*` (e.g. 69.32.3.*). */
export const ipPatternSchema = z
  .string()
  .trim()
  .regex(/^((25[0-5]|2[0-4]\d|1?\d?\d|\*)\.){3}(25[0-5]|2[0-4]\d|1?\d?\d|\*)$/, 'IP format error');

/** `POST /proxy/proxy/dynamic/ip/by_ip`. */
export const dynamicIpByIpRequestSchema = z.object({
  ...common,
  ip: ipPatternSchema,
  /** When no address matches, return one from the same location. */
  auto_return: formBool.default(false),
});

/** `POST /proxy/proxy/dynamic/ip/by_area`. */
export const dynamicIpByAreaRequestSchema = z.object({
  ...common,
  country: countrySchema,
  state: placeSchema.optional(),
  city: placeSchema.optional(),
});

/** `POST /proxy/proxy/static/traffic`. */
export const staticTrafficRequestSchema = z.object({
  ...common,
  type: z.enum(EXIT_TYPES),
  country: countrySchema,
  state: placeSchema.optional(),
  city: placeSchema.optional(),
});

/** `POST /proxy/proxy/static/ip`: days 1 or 30; a chosen address from the store, or any in the area. */
export const staticIpRequestSchema = z
  .object({
    ...common,
    type: z.enum(EXIT_TYPES),
    /** Required unless addresses are picked (they are sold where they are). */
    country: countrySchema.optional(),
    state: placeSchema.optional(),
    city: placeSchema.optional(),
    /** Opaque ids of addresses picked from `GET /proxy/store/static` (count is then their number). */
    exit_ids: z
      .union([
        z.string().max(GENERATION_MAX_COUNT * (EXIT_ID_MAX_LENGTH + 1)),
        z.array(z.string().max(EXIT_ID_MAX_LENGTH)).max(GENERATION_MAX_COUNT),
      ])
      .transform((value) =>
        (Array.isArray(value) ? value : value.split(',')).map((id) => id.trim()).filter(Boolean),
      )
      .optional(),
    days: z.coerce.number().pipe(z.union([z.literal(1), z.literal(30)])),
    auto_renew: formBool.default(false),
  })
  .superRefine((value, context) => {
    if (!value.country && !value.exit_ids?.length) {
      context.addIssue({ code: 'custom', path: ['country'], message: 'country is required' });
    }
  });

/** `GET /proxy/price`: what a generation would cost, answered before buying. */
export const priceQuerySchema = z.object({
  family: z.enum(['dynamic-traffic', 'dynamic-ip', 'static-traffic', 'static-ip']),
  line: formInt(1, 4).optional(),
  type: z.enum(EXIT_TYPES).optional(),
  days: z.coerce
    .number()
    .pipe(z.union([z.literal(1), z.literal(30)]))
    .optional(),
  count: formInt(1, GENERATION_MAX_COUNT).default(1),
});
export const priceQuoteSchema = z.object({
  /** Price per unit and the unit (gb, ip, day, 30days). */
  unit_price: ptcAmountSchema,
  unit: z.enum(['gb', 'ip', 'day', '30days']),
  /** Charged now (prepaid families); traffic families are charged as used. */
  total: ptcAmountSchema,
});

/** A proxy as the list shows it (SPEC §3 Proxy). */
export const proxyRowSchema = z.object({
  id: z.string(),
  /** Gateway host and port to connect to. */
  address: z.string(),
  port: z.number().int(),
  /** The exit address, when known. */
  ip: z.string().nullable(),
  username: z.string(),
  password: z.string(),
  session: z.string().nullable(),
  /** static residential, static datacenter, or rotating. */
  type: z.enum(['residential', 'datacenter', 'rotating']),
  generate_type: z.enum(['by_common', 'by_area', 'by_ip']),
  generate: z.enum(GENERATES),
  proxy_type: z.enum(PROXY_TYPES),
  area: z.object({
    precision: z.enum(['country', 'state', 'city']),
    country: z.string().nullable(),
    state: z.string().nullable(),
    city: z.string().nullable(),
    /** The exit's own label (static proxies), else null. */
    label: z.string().nullable(),
    /** The city's English name ("New York" for the key "newyork") when there is no label. */
    city_name: z.string().nullable(),
  }),
  line: z.number().int().nullable(),
  /** Route type of a dynamic traffic proxy's line; null for the other families. */
  route: z.enum(ROUTE_TYPES).nullable(),
  protocol: z.enum(['http', 'socks5']),
  /** SPEC §4: 1 normal, 2 invalid, 3 expired, 4 unhealthy. */
  status: z.number().int(),
  /** SPEC §4: 5 ON, 6 OFF. */
  switch: z.number().int(),
  remark: z.string().nullable(),
  create_time: z.string(),
  purchase_time: z.string(),
  expire_time: z.string().nullable(),
  remaining_days: z.number().int().nullable(),
  /** Bytes carried, and PTC charged for them. */
  traffic_used: z.string(),
  traffic_cost: ptcAmountSchema,
  /** IPs used (rotations), and what they cost. */
  ip_used: z.number().int(),
  ip_cost: ptcAmountSchema,
  auto_renew: z.boolean(),
  /** Rental cycle of a static IP proxy in days (1 or 30), what a renewal buys; null for other families. */
  renew_days: z.number().int().nullable(),
  rotation: z.boolean(),
  deleted: z.boolean(),
});
export type ProxyRow = z.infer<typeof proxyRowSchema>;

/** Answer of the generation calls. */
export const generatedProxiesSchema = z.object({
  data: z.array(proxyRowSchema),
  /** Charged now (prepaid families). */
  charged: ptcAmountSchema,
  balance: ptcAmountSchema,
});

/** `GET /proxy/tokens/{generate}/{proxy_type}` query: the filters of SPEC §2. */
export const proxyListQuerySchema = z.object({
  page: formInt(1, 1_000_000).default(1),
  page_size: formInt(1, 200).default(20),
  ip: z.string().trim().max(64).optional(),
  type: z.enum(EXIT_TYPES).optional(),
  username: z.string().trim().max(200).optional(),
  password: z.string().trim().max(200).optional(),
  country: countrySchema.optional(),
  state: placeSchema.optional(),
  city: placeSchema.optional(),
  remark: z.string().trim().max(200).optional(),
  status: z.enum(['all', 'normal', 'unhealthy', 'expired']).default('all'),
  /** ISO date-times bounding the creation time. */
  start: z.iso.datetime({ offset: true }).optional(),
  end: z.iso.datetime({ offset: true }).optional(),
  /** Purchased (live) or deleted proxies. */
  deleted: formBool.default(false),
  sort: z.enum(['create_time', 'expire_time', 'traffic_used']).default('create_time'),
  order: z.enum(['asc', 'desc']).default('desc'),
});

/** Answer of the list: rows in `data.data`. */
export const proxyListSchema = z.object({
  data: z.array(proxyRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});

/** Batch switch / delete body: the selection (SPEC §5: a selection is required). */
export const proxySelectionSchema = z.object({
  ids: z.array(proxyIdSchema).min(1, 'a selection is required').max(LIMITS.EXPORT_MAX_PROXIES),
});

/** `POST /proxy/output/tokens/{generate}/{proxy_type}`: selected proxies or a date range; at most 5 000. */
export const proxyExportRequestSchema = z
  .object({
    format: z.enum(['csv', 'xls', 'xlsx']).default('xlsx'),
    ids: z
      .array(proxyIdSchema)
      .max(LIMITS.EXPORT_MAX_PROXIES + 1)
      .optional(),
    start: z.iso.datetime({ offset: true }).optional(),
    end: z.iso.datetime({ offset: true }).optional(),
  })
  .refine((value) => (value.ids && value.ids.length > 0) || (value.start && value.end), {
    message: 'select proxies or a time range',
    path: ['ids'],
  });
export const proxyExportSchema = z.object({ url: z.string(), rows: z.number().int() });

/** `POST /proxy/test` (form): a speed test through the gateway. */
export const speedTestRequestSchema = z.object({ token_id: proxyIdSchema });
export const speedTestSchema = z.object({
  state: z.enum(['completed', 'error']),
  /** Milliseconds to first byte and total. */
  latency_ms: z.number().nullable(),
  total_ms: z.number().nullable(),
  /** Kilobytes per second. */
  speed_kbps: z.number().nullable(),
  error: z.string().nullable(),
  /**
   * Whose the failure is: `policy` (the gateway refused the test target by its SSRF policy, 4009:
   * the configured target's fault, the proxy may be fine), `proxy` (the proxy was refused or the
   * gateway did not answer), `target` (the target failed through a working proxy); null on success.
   */
  failure: z.enum(['policy', 'proxy', 'target']).nullable(),
});

/** `POST /proxy/check` (form): a request through the proxy that answers where it exits. */
export const proxyCheckRequestSchema = z.object({ token_id: proxyIdSchema });
export const proxyCheckSchema = z.object({
  state: z.enum(['completed', 'error']),
  /** The address the target saw the request come from (the exit's), when it said. */
  ip: z.string().nullable(),
  /** The exit's country (ISO 3166 alpha-2) as the target located it, when it said. */
  country: z.string().nullable(),
  /** Milliseconds until the answer. */
  latency_ms: z.number().nullable(),
  /**
   * Why the check failed, as a SPEC §8 code: 703 / 704 (the target failed or timed out through
   * the proxy), 4009 (the proxy or the target was refused), 4011 (expired), 4013 (switched off or
   * disabled), 3002 (no balance for its traffic), -1001 (an answer without an address); null on success.
   */
  code: z.number().int().nullable(),
});

/** Area lists (SPEC §3: the country list returns records). */
export const areaQuerySchema = z.object({
  use_in: z.enum(AREA_USES).default('dynamic_traffic'),
  country: countrySchema.optional(),
  state: placeSchema.optional(),
  page: formInt(1, 100_000).default(1),
  page_size: formInt(1, 1_000).optional(),
  keyword: z.string().trim().max(64).optional(),
});
export const areaRecordSchema = z.object({
  /** Country code, state code or city key. */
  code: z.string(),
  name: z.string(),
  /** Exits available there. */
  available: z.number().int(),
});
export const areaListSchema = z.object({
  records: z.array(areaRecordSchema),
  total: z.number().int(),
  /** The supply is the labelled demo supply. */
  demo: z.boolean(),
});

/** `GET /proxy/area/ip_prefixes`: the address prefixes generation by IP can find, in an area. */
export const ipPrefixQuerySchema = z.object({
  country: countrySchema.optional(),
  state: placeSchema.optional(),
  city: placeSchema.optional(),
});
export const ipPrefixListSchema = z.object({
  records: z.array(
    z.object({
      /** A pattern for generation by IP: the first three octets and `*` (`198.18.0.*`). */
      prefix: z.string(),
      country: z.string().nullable(),
      state: z.string().nullable(),
      city: z.string().nullable(),
      /** The city's English name ("New York City" for the key "newyorkcity"), null when unknown. */
      city_name: z.string().nullable(),
      /** Rotating exits with an address under it. */
      available: z.number().int(),
    }),
  ),
  /** The supply is the labelled demo supply (its addresses are nominal, from a never-routed range). */
  demo: z.boolean(),
});

/** `GET /proxy/store/static`: static addresses on sale (SPEC §3 Proxy store). */
export const staticStoreQuerySchema = z.object({
  type: z.enum(EXIT_TYPES),
  country: countrySchema.optional(),
  state: placeSchema.optional(),
  city: placeSchema.optional(),
  ip: z.string().trim().max(64).optional(),
  page_size: formInt(1, 100).default(20),
});
export const staticStoreItemSchema = z.object({
  id: z.string(),
  ip: z.string().nullable(),
  country: z.string(),
  state: z.string().nullable(),
  city: z.string().nullable(),
  label: z.string().nullable(),
  type: z.enum(EXIT_TYPES),
});

/** Traffic packages on sale (`GET /proxy/traffic/payway`). */
export const trafficPlanSchema = z.object({
  id: z.string(),
  gb: z.number().int(),
  price_per_gb: ptcAmountSchema,
  amount: ptcAmountSchema,
  discount_percent: z.number(),
  permanent: z.boolean(),
  valid_days: z.number().int().nullable(),
});
export const trafficBuyRequestSchema = z.object({
  package_id: z.string().min(1, 'Please select a package').max(64),
});

/** One purchased package (`GET /proxy/traffic/pool`). */
export const trafficPoolSchema = z.object({
  id: z.string(),
  time: z.string(),
  gb: z.number().int(),
  price_per_gb: ptcAmountSchema,
  amount: ptcAmountSchema,
  remaining_bytes: z.string(),
  remaining_gb: z.string(),
  discount_percent: z.number(),
  permanent: z.boolean(),
  expire_time: z.string().nullable(),
});

/** `GET`/`POST /proxy/traffic/alarm`. */
export const trafficAlarmSchema = z.object({
  enabled: z.boolean(),
  threshold_gb: z.number().int().nullable(),
  method: z.enum(['email', 'sms']),
  address: z.string().nullable(),
});
/** Bounds of the low-traffic alert threshold, whole GB. */
export const TRAFFIC_ALARM_THRESHOLD_GB = { min: 1, max: 100_000 } as const;

export const trafficAlarmRequestSchema = z.object({
  enabled: formBool,
  threshold_gb: formInt(TRAFFIC_ALARM_THRESHOLD_GB.min, TRAFFIC_ALARM_THRESHOLD_GB.max),
  method: z.enum(['email', 'sms']),
  address: z.string().trim().min(3).max(254),
});

/**
 * Dashboard cost categories of SPEC §2. The two supplier-specific traffic types are the budget
 * routes' lines 3 and 4 (each its own supplier); like the data-center and residential figures of
 * the static families, they are parts of their family's figure (dynamic traffic), not added to it.
 */
export const COST_CATEGORIES = [
  'dynamic_ip',
  'dynamic_traffic',
  'dynamic_traffic_line3',
  'dynamic_traffic_line4',
  'static_ip',
  'static_traffic',
  'static_traffic_datacenter',
  'static_traffic_residential',
  'static_ip_datacenter',
  'static_ip_residential',
  'vm',
  'total',
] as const;
