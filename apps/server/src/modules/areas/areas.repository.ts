import type { AREA_USES } from '@ptc/contracts';
import { and, count, type Database, eq, exitInService, exits, sql } from '@ptc/db';
import { isExitLeased } from './supply';

/** Where an area list is used (SPEC §3 Area data). */
export type AreaUse = (typeof AREA_USES)[number];

/** The level of an area list. */
export type AreaLevel = 'country' | 'state' | 'city';

/** Exits available in one place. */
export interface AreaSupply {
  code: string;
  /** The state a city lies in (for its name), else null. */
  state: string | null;
  available: number;
  isDemo: boolean;
}

/**
 * The supply a use draws from, as generation does: healthy rotating exits (outside the static
 * inventory) for rotating proxies; free (unleased) healthy static inventory of the right type for
 * static proxies; any healthy exit for remote PCs, for now.
 */
const supplyOf = (use: AreaUse) => {
  const healthy = exitInService;
  if (use === 'vm') return healthy;
  if (use.startsWith('dynamic_')) return and(healthy, eq(exits.isStatic, false));
  const type = use.startsWith('static_datacenter') ? 'datacenter' : 'residential';
  return and(healthy, eq(exits.isStatic, true), eq(exits.type, type), sql`not ${isExitLeased}`);
};

const codeOf = { country: exits.country, state: exits.state, city: exits.city } as const;

/** Available exits per country, state or city (of one country / state), for a use. */
export const countSupply = async (
  db: Database,
  use: AreaUse,
  level: AreaLevel,
  where: { country?: string; state?: string },
): Promise<AreaSupply[]> => {
  const code = codeOf[level];
  const rows = await db
    .select({
      code,
      state: sql<string | null>`min(${exits.state})`,
      available: count(),
      isDemo: sql<boolean>`bool_and(${exits.isDemo})`,
    })
    .from(exits)
    .where(
      and(
        supplyOf(use),
        sql`${code} is not null`,
        where.country ? eq(exits.country, where.country) : undefined,
        where.state ? sql`lower(${exits.state}) = lower(${where.state})` : undefined,
      ),
    )
    .groupBy(code);
  return rows.map((row) => ({
    code: row.code ?? '',
    state: level === 'city' ? row.state : null,
    available: row.available,
    isDemo: row.isDemo,
  }));
};

/** Addresses under one /24 prefix of the rotating supply. */
export interface IpPrefixSupply {
  prefix: string;
  country: string | null;
  state: string | null;
  city: string | null;
  available: number;
  isDemo: boolean;
}

/** Longest list of prefixes answered at once. */
const MAX_PREFIXES = 100;

/**
 * The /24 prefixes (`a.b.c.*`) of healthy rotating exits with an IPv4 address, in an area, with how
 * many exits each has: what generation by IP (`findRotatingExitsByIp`) can find.
 */
export const countIpPrefixes = async (
  db: Database,
  where: { country?: string; state?: string; city?: string },
): Promise<IpPrefixSupply[]> => {
  const prefix = sql<string>`regexp_replace(${exits.ip}, '\\.[0-9]+$', '.*')`;
  const rows = await db
    .select({
      prefix,
      country: sql<string | null>`min(${exits.country})`,
      state: sql<string | null>`min(${exits.state})`,
      city: sql<string | null>`min(${exits.city})`,
      available: count(),
      isDemo: sql<boolean>`bool_and(${exits.isDemo})`,
    })
    .from(exits)
    .where(
      and(
        supplyOf('dynamic_ip'),
        sql`${exits.ip} ~ '^[0-9]{1,3}(\\.[0-9]{1,3}){3}$'`,
        where.country ? eq(exits.country, where.country.toUpperCase()) : undefined,
        where.state ? sql`lower(${exits.state}) = lower(${where.state})` : undefined,
        where.city ? eq(exits.city, where.city.toLowerCase()) : undefined,
      ),
    )
    .groupBy(prefix)
    .orderBy(prefix)
    .limit(MAX_PREFIXES);
  return rows.map((row) => ({ ...row, available: Number(row.available) }));
};
