import { AppError, type staticStoreQuerySchema } from '@ptc/contracts';
import type { z } from 'zod';
import type { UserRow } from '../../auth/accounts.service';
import { areaOf } from '../generation/generation.plans';
import { findFreeStaticExits } from '../generation/generation.repository';
import { ipCondition } from '../list/list.repository';
import type { ProxiesDeps } from '../proxies.deps';
import { countStaticSearch } from './store.repository';

/** Static store searches a user may make per UTC day, by area and by IP each (SPEC §8 4010). */
export const STATIC_SEARCHES_PER_DAY = 50;

/** `GET /proxy/store/static`: static addresses on sale (not leased) of a type, by area or by IP. */
export const searchStaticStore = async (
  deps: ProxiesDeps,
  user: UserRow,
  query: z.output<typeof staticStoreQuerySchema>,
  now = new Date(),
) => {
  const { db } = deps;
  const area = areaOf(query);
  const kind = query.ip ? 'byIp' : 'byArea';
  if (
    !(await countStaticSearch(db, user.id, now.toISOString().slice(0, 10), kind, STATIC_SEARCHES_PER_DAY))
  ) {
    throw new AppError('ERR_STATIC_SEARCH_LIMIT', {
      message: `Static search ${kind === 'byIp' ? 'by IP' : 'by area'} is limited to ${STATIC_SEARCHES_PER_DAY} a day; buying a residential static proxy restores it`,
    });
  }
  const exits = await findFreeStaticExits(
    db,
    query.type,
    area,
    query.page_size,
    query.ip ? ipCondition(query.ip) : undefined,
  );
  return exits.map((exit) => ({
    id: exit.id.toString(),
    ip: exit.ip,
    country: exit.country,
    state: exit.state,
    city: exit.city,
    label: exit.label,
    type: exit.type,
  }));
};
