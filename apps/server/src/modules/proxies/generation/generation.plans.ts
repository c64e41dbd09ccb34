import {
  AppError,
  COUNTRY_ONLY_LINE,
  defaultLineOf,
  type dynamicCommonRequestSchema,
  type dynamicIpByAreaRequestSchema,
  type dynamicIpByIpRequestSchema,
  type dynamicTrafficRequestSchema,
  type ExitType,
  GENERATION_MAX_COUNT,
  type ProxyFamily,
  routeOfLine,
  type staticIpRequestSchema,
  type staticTrafficRequestSchema,
} from '@ptc/contracts';
import type { z } from 'zod';
import { assertRotationCountry } from '../proxy-entity';
import type { Area } from './generation.repository';

/** Where the proxies of a generation exit, before the supply is consulted. */
export type ExitSource =
  /** Rotating exits of the area, picked per session by the gateway. */
  | { kind: 'rotating' }
  /** Rotating exits whose address matches an IP pattern (generate by IP). */
  | { kind: 'ip-pattern'; pattern: string; autoReturn: boolean }
  /** One static-inventory exit leased per proxy: chosen ones, or any free one of the area. */
  | { kind: 'static'; type: ExitType; exitIds: string[] | null };

/** What one generation request asks for, in the terms of the proxies table. */
export interface GenerationPlan {
  family: ProxyFamily;
  generateType: 'by_common' | 'by_area' | 'by_ip';
  count: number;
  protocol: 'http' | 'socks5';
  area: Area;
  precision: 'country' | 'state' | 'city';
  line: number | null;
  exitType: ExitType | null;
  rotation: boolean;
  autoRenew: boolean;
  /** Rental cycle of static IP proxies. */
  renewDays: 1 | 30 | null;
  source: ExitSource;
}

const wrongArea = (message: string) => new AppError('ERR_AREA_ERROR', { message: `Wrong area: ${message}` });

/** The area as stored: state upper case, city lower case; a place below a country needs the country. */
export const areaOf = (input: { country?: string; state?: string; city?: string }): Area => {
  if ((input.state || input.city) && !input.country) throw wrongArea('choose a country for a state or city');
  return {
    country: input.country ?? null,
    state: input.state?.toUpperCase() ?? null,
    city: input.city?.toLowerCase() ?? null,
  };
};

/** The finest level the area names. */
export const precisionOf = (area: Area): GenerationPlan['precision'] =>
  area.city ? 'city' : area.state ? 'state' : 'country';

const base = {
  rotation: false,
  autoRenew: false,
  renewDays: null,
  line: null,
  exitType: null,
} as const;

/** `POST /proxy/proxy/dynamic/common/traffic`: country precision, or state/city precision. */
export const planDynamicCommon = (input: z.output<typeof dynamicCommonRequestSchema>): GenerationPlan => {
  const area = areaOf(input);
  if (input.precision === 'city' && !area.state && !area.city) {
    throw wrongArea('city precision needs a state or a city');
  }
  const chosen = input.precision === 'country' ? { ...area, state: null, city: null } : area;
  return {
    ...base,
    family: 'dynamic-traffic',
    generateType: 'by_common',
    count: input.count,
    protocol: input.protocol,
    area: chosen,
    precision: precisionOf(chosen),
    source: { kind: 'rotating' },
  };
};

/**
 * `POST /proxy/proxy/dynamic/traffic`: the regional generator; line 3 serves countries only, and
 * a named line must be a node of the named route type.
 */
export const planDynamicTraffic = (input: z.output<typeof dynamicTrafficRequestSchema>): GenerationPlan => {
  const area = areaOf(input);
  const hasPlace = Boolean(area.state || area.city);
  const line = input.line ?? defaultLineOf(input.route, hasPlace);
  if (input.route && routeOfLine(line) !== input.route) {
    throw new AppError('ERR_ARGUMENT_TYPE', {
      message: `Argument type error: line ${line} is not a ${input.route} route`,
    });
  }
  if (line === COUNTRY_ONLY_LINE && hasPlace) {
    throw wrongArea(`line ${COUNTRY_ONLY_LINE} serves whole countries only, without a state or city`);
  }
  if (input.rotation) assertRotationCountry(area.country);
  return {
    ...base,
    family: 'dynamic-traffic',
    generateType: 'by_area',
    count: input.count,
    protocol: input.protocol,
    area,
    precision: precisionOf(area),
    line,
    rotation: input.rotation,
    source: { kind: 'rotating' },
  };
};

/** `POST /proxy/proxy/dynamic/ip/by_ip`: the area comes from the matching addresses. */
export const planDynamicIpByIp = (input: z.output<typeof dynamicIpByIpRequestSchema>): GenerationPlan => ({
  ...base,
  family: 'dynamic-ip',
  generateType: 'by_ip',
  count: input.count,
  protocol: input.protocol,
  area: { country: null, state: null, city: null },
  precision: 'city',
  source: { kind: 'ip-pattern', pattern: input.ip, autoReturn: input.auto_return },
});

/** `POST /proxy/proxy/dynamic/ip/by_area`. */
export const planDynamicIpByArea = (input: z.output<typeof dynamicIpByAreaRequestSchema>): GenerationPlan => {
  const area = areaOf(input);
  return {
    ...base,
    family: 'dynamic-ip',
    generateType: 'by_area',
    count: input.count,
    protocol: input.protocol,
    area,
    precision: precisionOf(area),
    source: { kind: 'rotating' },
  };
};

/** `POST /proxy/proxy/static/traffic`: one leased static exit per proxy, billed by traffic. */
export const planStaticTraffic = (input: z.output<typeof staticTrafficRequestSchema>): GenerationPlan => {
  const area = areaOf(input);
  return {
    ...base,
    family: 'static-traffic',
    generateType: 'by_area',
    count: input.count,
    protocol: input.protocol,
    area,
    precision: precisionOf(area),
    exitType: input.type,
    source: { kind: 'static', type: input.type, exitIds: null },
  };
};

/** `POST /proxy/proxy/static/ip`: chosen addresses (their number is the count) or any in the area. */
export const planStaticIp = (input: z.output<typeof staticIpRequestSchema>): GenerationPlan => {
  const area = areaOf(input);
  const exitIds = input.exit_ids?.length ? [...new Set(input.exit_ids)] : null;
  if (exitIds && exitIds.length > GENERATION_MAX_COUNT) {
    throw new AppError('ERR_ARGUMENT_TYPE', {
      message: `Choose at most ${GENERATION_MAX_COUNT} addresses at once`,
    });
  }
  return {
    ...base,
    family: 'static-ip',
    generateType: 'by_area',
    count: exitIds?.length ?? input.count,
    protocol: input.protocol,
    area,
    precision: exitIds ? 'city' : precisionOf(area),
    exitType: input.type,
    autoRenew: input.auto_renew,
    renewDays: input.days,
    source: { kind: 'static', type: input.type, exitIds },
  };
};
