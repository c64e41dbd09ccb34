import {
  COUNTRY_ONLY_LINE,
  DYNAMIC_LINES,
  type DynamicLine,
  defaultLineOf,
  type ExitType,
  GENERATION_MAX_COUNT,
  PROXY_RULES,
  ROUTE_LINES,
  ROUTE_TYPES,
  type RouteType,
  routeOfLine,
} from '@ptc/contracts';
import type { GenerationForm, PriceQuery } from './generators.api';

/**
 * The rules of the generator forms (SPEC §5, and the server's request schemas in
 * `@ptc/contracts/proxies.ts`) and the forms they post. Pure, so they are tested without a page.
 */

/** Proxy protocols a generation offers. */
export const PROTOCOLS = ['http', 'socks5'] as const;
export type Protocol = (typeof PROTOCOLS)[number];

/** Lines (nodes) of the regional generator; line 3 serves whole countries only (SPEC §2, §9). */
export const LINES = DYNAMIC_LINES;
export type Line = DynamicLine;
export { COUNTRY_ONLY_LINE, ROUTE_LINES, ROUTE_TYPES, type RouteType, routeOfLine };

/**
 * The node to use after a change of route type or area: the chosen line while it belongs to the
 * route type and serves the area, else the route type's first node that does.
 */
export const nodeFor = (route: RouteType, line: Line | undefined, hasPlace: boolean): Line =>
  line !== undefined && ROUTE_LINES[route].includes(line) && !(hasPlace && line === COUNTRY_ONLY_LINE)
    ? line
    : defaultLineOf(route, hasPlace);

/** Rental cycles of static IP proxies, in days. */
export const RENTAL_DAYS = [1, 30] as const;
export type RentalDays = (typeof RENTAL_DAYS)[number];

/** Static exit types. */
export const STATIC_TYPES: readonly ExitType[] = ['residential', 'datacenter'];

/** Precision of the universal generator: the country, or a state/city below it. */
export const PRECISIONS = ['country', 'city'] as const;
export type Precision = (typeof PRECISIONS)[number];

/** Largest count of one generation. */
export const MAX_COUNT = GENERATION_MAX_COUNT;

/**
 * An IP pattern: four octets, each 0–255 or `*` (69.32.3.*). The same expression as the
 * server's `ipPatternSchema`, whose `*` octets `ip-pattern.ts` turns into "any number";
 * `generator-rules.test.ts` checks that both accept and refuse the same texts.
 */
export const IP_PATTERN = /^((25[0-5]|2[0-4]\d|1?\d?\d|\*)\.){3}(25[0-5]|2[0-4]\d|1?\d?\d|\*)$/;

/** Why an IP pattern is refused: missing, or 'IP format error'. */
export type IpPatternError = 'required' | 'format';

/** Checks the IP of "generate by IP" (SPEC §5): required, four octets or `*`. */
export const checkIpPattern = (text: string | null | undefined): IpPatternError | null => {
  const value = (text ?? '').trim();
  if (value === '') return 'required';
  return IP_PATTERN.test(value) ? null : 'format';
};

/** Why a count is refused. */
export type CountError = 'required' | 'integer' | 'min' | 'max';

/** Checks a count: a whole number from 1 to {@link MAX_COUNT}. */
export const checkCount = (value: number | string | null | undefined): CountError | null => {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) {
    return 'required';
  }
  const count = typeof value === 'number' ? value : Number(value.trim());
  if (!Number.isInteger(count)) return 'integer';
  if (count < 1) return 'min';
  if (count > MAX_COUNT) return 'max';
  return null;
};

/** The count when it is valid, else `null`. */
export const validCount = (value: number | string | null | undefined): number | null =>
  checkCount(value) === null ? Number(value) : null;

/** True when the line serves whole countries only. */
export const isCountryOnlyLine = (line: number | null | undefined): boolean => line === COUNTRY_ONLY_LINE;

/** Line 3 refuses a state or a city (the server answers 4001). */
export const checkLineArea = (
  line: number | null | undefined,
  area: { state?: string | null; city?: string | null },
): 'countryOnly' | null => (isCountryOnlyLine(line) && (area.state || area.city) ? 'countryOnly' : null);

/** Automatic rotation is offered in the United States and Taiwan only (SPEC §4, §9). */
export const isRotationCountry = (country: string | null | undefined): boolean =>
  Boolean(country) && (PROXY_RULES.ROTATION_COUNTRIES as readonly string[]).includes(country ?? '');

/** Countries where rotation is offered. */
export const ROTATION_COUNTRIES: readonly string[] = PROXY_RULES.ROTATION_COUNTRIES;

/** The universal generator at state/city precision needs a country and a state or a city. */
export const checkUniversalArea = (
  precision: Precision,
  area: { country?: string | null; state?: string | null; city?: string | null },
): 'country' | 'place' | null => {
  if (precision !== 'city') return null;
  if (!area.country) return 'country';
  return area.state || area.city ? null : 'place';
};

/** A chosen place: country code, state code and city key as the area lists answer them. */
export interface LocationValues {
  country?: string | null;
  state?: string | null;
  city?: string | null;
}

/** Fields every generator has. */
export interface CommonValues {
  count?: number | null;
  protocol?: Protocol;
}

const place = (value: string | null | undefined): string | undefined => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
};

const common = (values: CommonValues) => ({
  count: validCount(values.count) ?? 1,
  protocol: values.protocol ?? 'http',
});

/** Drops absent fields, so the form carries only what was chosen. */
const compact = (fields: Record<string, string | number | boolean | undefined>): GenerationForm =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as GenerationForm;

const location = (values: LocationValues) => ({
  country: place(values.country),
  state: place(values.country) ? place(values.state) : undefined,
  city: place(values.country) ? place(values.city) : undefined,
});

/** Universal generator values. */
export interface DynamicCommonValues extends CommonValues, LocationValues {
  precision?: Precision;
}

/** `POST /proxy/proxy/dynamic/common/traffic`: at country precision only the country is sent. */
export const buildDynamicCommonForm = (values: DynamicCommonValues): GenerationForm => {
  const precision = values.precision ?? 'country';
  const area = location(values);
  return compact({
    precision,
    ...common(values),
    country: area.country,
    ...(precision === 'city' ? { state: area.state, city: area.city } : {}),
  });
};

/** Regional generator values. */
export interface DynamicTrafficValues extends CommonValues, LocationValues {
  /** Route type premier (lines 1–2) or budget (lines 3–4). */
  route?: RouteType;
  /** The node: a line of the route type. */
  line?: Line;
  rotation?: boolean;
}

/**
 * `POST /proxy/proxy/dynamic/traffic`: the route type and a line of it; line 3 sends the country
 * alone; rotation only where offered.
 */
export const buildDynamicTrafficForm = (values: DynamicTrafficValues): GenerationForm => {
  const route = values.route ?? routeOfLine(values.line ?? 1);
  const line = nodeFor(route, values.line, false);
  const area = location(values);
  return compact({
    ...common(values),
    ...area,
    ...(isCountryOnlyLine(line) ? { state: undefined, city: undefined } : {}),
    route,
    line,
    rotation: Boolean(values.rotation) && isRotationCountry(area.country),
  });
};

/** "Generate by IP" values. */
export interface DynamicIpByIpValues extends CommonValues {
  ip?: string;
  autoReturn?: boolean;
}

/** `POST /proxy/proxy/dynamic/ip/by_ip`. */
export const buildDynamicIpByIpForm = (values: DynamicIpByIpValues): GenerationForm =>
  compact({ ...common(values), ip: values.ip?.trim() ?? '', auto_return: Boolean(values.autoReturn) });

/** "Generate by location" values. */
export type DynamicIpByAreaValues = CommonValues & LocationValues;

/** `POST /proxy/proxy/dynamic/ip/by_area`. */
export const buildDynamicIpByAreaForm = (values: DynamicIpByAreaValues): GenerationForm =>
  compact({ ...common(values), ...location(values) });

/** Static traffic values. */
export interface StaticTrafficValues extends CommonValues, LocationValues {
  type?: ExitType;
}

/** `POST /proxy/proxy/static/traffic`. */
export const buildStaticTrafficForm = (values: StaticTrafficValues): GenerationForm =>
  compact({ ...common(values), type: values.type ?? 'residential', ...location(values) });

/** Static IP values; `exitIds` are addresses picked from the store (their number is the count). */
export interface StaticIpValues extends StaticTrafficValues {
  days?: RentalDays;
  autoRenew?: boolean;
  exitIds?: readonly string[];
}

/** `POST /proxy/proxy/static/ip`. */
export const buildStaticIpForm = (values: StaticIpValues): GenerationForm => {
  const picked = values.exitIds?.length ? values.exitIds : null;
  return compact({
    ...common(values),
    ...(picked ? { count: picked.length, exit_ids: picked.join(',') } : {}),
    type: values.type ?? 'residential',
    ...location(values),
    days: values.days ?? 30,
    auto_renew: Boolean(values.autoRenew),
  });
};

/** The price families of `GET /proxy/price`. */
export type PriceFamily = PriceQuery['family'];

/**
 * The price query of a form: the family, what sets its unit price, and for the families charged
 * at purchase the count (1 while it is invalid). Traffic families cost nothing now, so their
 * count is left at 1 and typing a count asks nothing new.
 */
export const buildPriceQuery = (
  family: PriceFamily,
  values: { line?: number; type?: ExitType; days?: RentalDays; count?: number | string | null },
): PriceQuery => {
  const query: PriceQuery = { family, count: isPrepaidFamily(family) ? (validCount(values.count) ?? 1) : 1 };
  if (family === 'dynamic-traffic') query.line = values.line ?? 1;
  if (family === 'static-traffic' || family === 'static-ip') query.type = values.type ?? 'residential';
  if (family === 'static-ip') query.days = values.days ?? 30;
  return query;
};

/** Families charged at purchase; the others are charged for the traffic they carry. */
export const isPrepaidFamily = (family: PriceFamily): boolean =>
  family === 'dynamic-ip' || family === 'static-ip';
