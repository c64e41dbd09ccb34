import { AppError, TECHNICAL } from '@ptc/contracts';
import type { Database } from '@ptc/db';
import {
  type AreaLevel,
  type AreaSupply,
  type AreaUse,
  countIpPrefixes,
  countSupply,
} from './areas.repository';
import { cityNameOf, loadPlaceCatalogue } from './place-names';

/** How long a computed area list is reused: supply changes rarely, pickers ask often. */
const DEFAULT_CACHE_MS = 10_000;
const MAX_CACHED_LISTS = 2_000;

/** One place in a list. */
export interface AreaRecord {
  code: string;
  name: string;
  available: number;
}

interface AreaList {
  records: AreaRecord[];
  isDemo: boolean;
}

/** The query of an area list (`areaQuerySchema`). */
export interface AreaQuery {
  use_in: AreaUse;
  country?: string;
  state?: string;
  page: number;
  page_size?: number;
  keyword?: string;
}

const DEFAULT_PAGE_SIZE: Record<AreaLevel, number> = {
  country: TECHNICAL.COUNTRIES_PAGE_SIZE,
  state: TECHNICAL.STATES_PAGE_SIZE,
  city: TECHNICAL.CITIES_PAGE_SIZE,
};

/** English names from the country-state-city catalogue, loaded on first use (it is large). */
const nameAreas = async (level: AreaLevel, country: string | undefined, supply: AreaSupply[]) => {
  const { Country, State } = await loadPlaceCatalogue();
  return supply.map(({ code, state, available }) => {
    const name =
      level === 'country'
        ? Country.getCountryByCode(code)?.name
        : level === 'state'
          ? State.getStateByCodeAndCountry(code, country ?? '')?.name
          : cityNameOf(country ?? '', state, code);
    return { code, name: name ?? code, available };
  });
};

/** Bumped when operators change the supply: cached lists of an earlier epoch are not used. */
let supplyEpoch = 0;

/**
 * Forgets every cached area list of this process (operators changed the supply), so customers see
 * the change at once; other processes follow within their cache time.
 */
export const forgetAreaLists = () => {
  supplyEpoch += 1;
};

/**
 * Area lists derived from the supply actually available (healthy exits; for static uses, static
 * inventory not leased), named in English, cached briefly per list.
 */
export const createAreaCatalog = (db: Database, options: { cacheMs?: number } = {}) => {
  const cacheMs = options.cacheMs ?? DEFAULT_CACHE_MS;
  const cache = new Map<string, { at: number; epoch: number; list: Promise<AreaList> }>();

  const build = async (level: AreaLevel, query: AreaQuery): Promise<AreaList> => {
    const supply = await countSupply(db, query.use_in, level, query);
    const records = await nameAreas(level, query.country, supply);
    records.sort((a, b) => a.name.localeCompare(b.name, 'en'));
    return { records, isDemo: supply.length > 0 && supply.every((place) => place.isDemo) };
  };

  const load = (level: AreaLevel, query: AreaQuery) => {
    const key = JSON.stringify([level, query.use_in, query.country, query.state?.toLowerCase()]);
    const hit = cache.get(key);
    if (hit && hit.epoch === supplyEpoch && Date.now() - hit.at < cacheMs) return hit.list;
    const list = build(level, query);
    cache.set(key, { at: Date.now(), epoch: supplyEpoch, list });
    list.catch(() => cache.delete(key));
    if (cache.size > MAX_CACHED_LISTS) cache.delete(cache.keys().next().value as string);
    return list;
  };

  /** `GET /proxy/area/{countries,states,cities}`: one page of a list, filtered by `keyword`. */
  const list = async (level: AreaLevel, query: AreaQuery) => {
    if (level !== 'country' && !query.country) {
      throw new AppError('ERR_ARGUMENT_MISSING', { message: 'Argument missing: country is required' });
    }
    const { records, isDemo } = await load(level, query);
    const keyword = query.keyword?.toLowerCase();
    const matching = keyword
      ? records.filter(
          (record) =>
            record.name.toLowerCase().includes(keyword) || record.code.toLowerCase().includes(keyword),
        )
      : records;
    const pageSize = query.page_size ?? DEFAULT_PAGE_SIZE[level];
    const offset = (query.page - 1) * pageSize;
    return { records: matching.slice(offset, offset + pageSize), total: matching.length, demo: isDemo };
  };

  /**
   * `GET /proxy/area/ip_prefixes`: the /24 prefixes generation by IP can find in an area, so that
   * the generator offers them instead of leaving the customer to guess a pattern.
   */
  const ipPrefixes = async (query: { country?: string; state?: string; city?: string }) => {
    const supply = await countIpPrefixes(db, query);
    if (supply.some((record) => record.city)) await loadPlaceCatalogue();
    return {
      // The city's English name with its key, so that the console can name it in any language.
      records: supply.map(({ isDemo: _demo, ...record }) => ({
        ...record,
        city_name: record.city ? (cityNameOf(record.country ?? '', record.state, record.city) ?? null) : null,
      })),
      demo: supply.length > 0 && supply.every((record) => record.isDemo),
    };
  };

  return { list, ipPrefixes };
};

/** The area lists of one application. */
export type AreaCatalog = ReturnType<typeof createAreaCatalog>;
