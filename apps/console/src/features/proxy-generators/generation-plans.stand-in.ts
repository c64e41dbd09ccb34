/**
 * The supply of the generators' stand-in server (`generators.stand-in.ts`) and how it reads a
 * generation request into a plan, as the server does (`generation.plans.ts`): each form is read
 * with the contracts' schema, and what the server refuses (1002, 4001) is refused here.
 */
import {
  AppError,
  type areaListSchema,
  COUNTRY_ONLY_LINE,
  defaultLineOf,
  dynamicCommonRequestSchema,
  dynamicIpByAreaRequestSchema,
  dynamicIpByIpRequestSchema,
  dynamicTrafficRequestSchema,
  type ExitType,
  PROXY_RULES,
  type PriceKey,
  type ProxyFamily,
  type ProxyRow,
  type priceQuerySchema,
  routeOfLine,
  staticIpRequestSchema,
  type staticStoreItemSchema,
  staticTrafficRequestSchema,
  trafficPriceKey,
} from '@ptc/contracts';
import type { ResponseOf } from '../../shared/api/contract-types';

/** One country, state or city of an area list. */
export type AreaRecord = ResponseOf<typeof areaListSchema>['records'][number];
/** A static address as the store lists it. */
export type StaticExit = ResponseOf<typeof staticStoreItemSchema>;

/** Countries, states and cities of the stand-in supply. */
export const AREAS: {
  countries: AreaRecord[];
  states: Record<string, AreaRecord[]>;
  cities: Record<string, AreaRecord[]>;
} = {
  countries: [
    { code: 'DE', name: 'Germany', available: 3 },
    { code: 'TW', name: 'Taiwan', available: 2 },
    { code: 'US', name: 'United States', available: 9 },
  ],
  states: { US: [{ code: 'NY', name: 'New York', available: 4 }] },
  cities: { US: [{ code: 'newyork', name: 'New York', available: 4 }] },
};

/** The static addresses on sale, each leased by at most one proxy. */
export const STATIC_EXITS: readonly StaticExit[] = [
  ...[11, 12, 13].map((n) => ({
    id: String(n),
    ip: `203.0.113.${n}`,
    country: 'US',
    state: 'NY',
    city: 'newyork',
    label: null,
    type: 'residential' as const,
  })),
  ...[21, 22].map((n) => ({
    id: String(n),
    ip: `198.51.100.${n}`,
    country: 'DE',
    state: null,
    city: null,
    label: null,
    type: 'datacenter' as const,
  })),
  ...[31, 32].map((n) => ({
    id: String(n),
    ip: `198.51.100.${n}`,
    country: 'US',
    state: 'NY',
    city: 'newyork',
    label: null,
    type: 'datacenter' as const,
  })),
];

/** A contracts schema, as far as the stand-in uses it (the console does not depend on zod itself). */
export type Schema = {
  safeParse(value: unknown): { success: boolean; data?: unknown; error?: { message: string } };
};

/** Reads a query or form with a contracts schema; what it refuses the server answers with 1002. */
export const read = <S extends Schema>(schema: S, fields: unknown): ResponseOf<S> => {
  const parsed = schema.safeParse(fields);
  if (!parsed.success) {
    throw new AppError('ERR_ARGUMENT_TYPE', { message: `Argument type error: ${parsed.error?.message}` });
  }
  return parsed.data as ResponseOf<S>;
};

const wrongArea = (message: string) => new AppError('ERR_AREA_ERROR', { message: `Wrong area: ${message}` });

/** Where proxies exit, as the server stores it (state upper case, city lower case). */
export interface Area {
  country: string | null;
  state: string | null;
  city: string | null;
}

/** Whether a place lies within an area (an area leaves out what it does not name). */
export const inArea = (exit: Area, area: Area) =>
  (!area.country || exit.country === area.country) &&
  (!area.state || exit.state === area.state) &&
  (!area.city || exit.city === area.city);

/** The area as the server stores it; a place below a country needs the country, and supply there. */
export const areaOf = (input: { country?: string; state?: string; city?: string }): Area => {
  if ((input.state || input.city) && !input.country) throw wrongArea('choose a country for a state or city');
  const area = {
    country: input.country ?? null,
    state: input.state?.toUpperCase() ?? null,
    city: input.city?.toLowerCase() ?? null,
  };
  const country = area.country ?? '';
  const known =
    (!area.country || AREAS.countries.some((record) => record.code === country)) &&
    (!area.state || (AREAS.states[country] ?? []).some((record) => record.code === area.state)) &&
    (!area.city || (AREAS.cities[country] ?? []).some((record) => record.code === area.city));
  if (!known) throw wrongArea('there is no supply in this area');
  return area;
};

/** What one generation buys, in the terms of the server's generation plan. */
export interface Plan {
  family: ProxyFamily;
  generateType: ProxyRow['generate_type'];
  count: number;
  protocol: ProxyRow['protocol'];
  area: Area;
  precision: ProxyRow['area']['precision'];
  line: number | null;
  exitType: ExitType | null;
  rotation: boolean;
  autoRenew: boolean;
  renewDays: 1 | 30 | null;
  /** Addresses picked from the store (static IP). */
  exitIds: string[] | null;
  /** The pattern of a generation by IP. */
  ipPattern: string | null;
}

const precisionOf = (area: Area): Plan['precision'] =>
  area.city ? 'city' : area.state ? 'state' : 'country';

const basePlan = {
  line: null,
  exitType: null,
  rotation: false,
  autoRenew: false,
  renewDays: null,
  exitIds: null,
  ipPattern: null,
} as const;

/** The plan of each generation call, with the server's refusals (4001, 1002). */
export const PLANS: Record<string, (form: unknown) => Plan> = {
  '/proxy/proxy/dynamic/common/traffic': (form) => {
    const input = read(dynamicCommonRequestSchema, form);
    const area = areaOf(input);
    if (input.precision === 'city' && !area.state && !area.city) {
      throw wrongArea('city precision needs a state or a city');
    }
    const chosen = input.precision === 'country' ? { ...area, state: null, city: null } : area;
    return {
      ...basePlan,
      family: 'dynamic-traffic',
      generateType: 'by_common',
      count: input.count,
      protocol: input.protocol,
      area: chosen,
      precision: precisionOf(chosen),
    };
  },
  '/proxy/proxy/dynamic/traffic': (form) => {
    const input = read(dynamicTrafficRequestSchema, form);
    const area = areaOf(input);
    const hasPlace = Boolean(area.state || area.city);
    const line = input.line ?? defaultLineOf(input.route, hasPlace);
    if (input.route && routeOfLine(line) !== input.route) {
      throw new AppError('ERR_ARGUMENT_TYPE', { message: `line ${line} is not a ${input.route} route` });
    }
    if (line === COUNTRY_ONLY_LINE && hasPlace) throw wrongArea(`line ${line} serves whole countries only`);
    const rotationCountries: readonly string[] = PROXY_RULES.ROTATION_COUNTRIES;
    if (input.rotation && !rotationCountries.includes(area.country ?? '')) {
      throw wrongArea('automatic rotation is offered for the United States and Taiwan only');
    }
    return {
      ...basePlan,
      family: 'dynamic-traffic',
      generateType: 'by_area',
      count: input.count,
      protocol: input.protocol,
      area,
      precision: precisionOf(area),
      line,
      rotation: input.rotation,
    };
  },
  '/proxy/proxy/dynamic/ip/by_ip': (form) => {
    const input = read(dynamicIpByIpRequestSchema, form);
    // The stand-in's rotating addresses all sit in New York: any pattern finds one there.
    return {
      ...basePlan,
      family: 'dynamic-ip',
      generateType: 'by_ip',
      count: input.count,
      protocol: input.protocol,
      area: { country: 'US', state: 'NY', city: 'newyork' },
      precision: 'city',
      ipPattern: input.ip,
    };
  },
  '/proxy/proxy/dynamic/ip/by_area': (form) => {
    const input = read(dynamicIpByAreaRequestSchema, form);
    const area = areaOf(input);
    return {
      ...basePlan,
      family: 'dynamic-ip',
      generateType: 'by_area',
      count: input.count,
      protocol: input.protocol,
      area,
      precision: precisionOf(area),
    };
  },
  '/proxy/proxy/static/traffic': (form) => {
    const input = read(staticTrafficRequestSchema, form);
    const area = areaOf(input);
    return {
      ...basePlan,
      family: 'static-traffic',
      generateType: 'by_area',
      count: input.count,
      protocol: input.protocol,
      area,
      precision: precisionOf(area),
      exitType: input.type,
    };
  },
  '/proxy/proxy/static/ip': (form) => {
    const input = read(staticIpRequestSchema, form);
    const area = areaOf(input);
    const exitIds = input.exit_ids?.length ? [...new Set(input.exit_ids)] : null;
    return {
      ...basePlan,
      family: 'static-ip',
      generateType: 'by_area',
      count: exitIds?.length ?? input.count,
      protocol: input.protocol,
      area,
      precision: exitIds ? 'city' : precisionOf(area),
      exitType: input.type,
      autoRenew: input.auto_renew,
      renewDays: input.days,
      exitIds,
    };
  },
};

/** The price key of a family charged at purchase (the server's `prepaidPriceKey`), else null. */
export const prepaidPriceKey = (plan: Plan): PriceKey | null => {
  if (plan.family === 'dynamic-ip') return 'dynamic_ip';
  if (plan.family === 'static-ip')
    return `static_ip_${plan.exitType ?? 'residential'}_${plan.renewDays ?? 30}`;
  return null;
};

/** The key the server prices a quote with (`quotePrice`): the prepaid key, else the traffic key. */
export const quotedPriceKey = (query: ResponseOf<typeof priceQuerySchema>): PriceKey => {
  const type = query.type ?? 'residential';
  if (query.family === 'dynamic-ip') return 'dynamic_ip';
  if (query.family === 'static-ip') return `static_ip_${type}_${query.days ?? 30}`;
  return trafficPriceKey({ family: query.family, line: query.line ?? 1, exitType: type });
};
