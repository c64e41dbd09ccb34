import type { ProxyFamily, ProxyRow } from '@ptc/contracts';
import { formatPtc } from '@ptc/contracts';
import type { z } from 'zod';
import type { UserRow } from '../auth/accounts.service';
import { getOwnProxy, listFamily, toggleRotation } from '../proxies/list/actions.service';
import { gatewayFor, type ProxiesDeps } from '../proxies/proxies.deps';
import { presentProxies } from '../proxies/proxies.presenter';
import { datesEndingWith, localDate } from '../traffic/local-time';
import { presentUsageSeries } from '../traffic/traffic.presenter';
import { getRemaining } from '../traffic/traffic.service';
import { spendableOf } from '../wallet/ledger.service';
import { proxyLines } from './proxy-lines';
import { sumProxyUsageByLocalDay } from './proxy-usage.repository';
import type { accountSchema, ProxyDownloadQuery, publicProxyListQuerySchema } from './public-api.schemas';

const DAY_MS = 86_400_000;

/** The four families as the console's paths name them (`{generate}/{proxy_type}`). */
export const familyPath = (family: ProxyFamily) => {
  const [generate, proxyType] = family.split('-') as ['dynamic' | 'static', 'traffic' | 'ip'];
  return { generate, proxy_type: proxyType };
};

/** `GET /account`: the key owner's account with its spendable balance. */
export const presentAccount = (user: UserRow): z.infer<typeof accountSchema> => ({
  uid: user.uid,
  username: user.username,
  email: user.email,
  phone: user.phone,
  balance: formatPtc(spendableOf(user), 6),
  balance_held: formatPtc(user.balance - spendableOf(user), 6),
  plan: user.plan,
  discount_percent: user.discountBasisPoints / 100,
});

/** `GET /balance`: spendable and held PTC, and the bought traffic left. */
export const getBalance = async (deps: ProxiesDeps, user: UserRow) => ({
  balance: formatPtc(spendableOf(user), 6),
  balance_held: formatPtc(user.balance - spendableOf(user), 6),
  traffic_left: await getRemaining(deps.db, user),
});

/** `GET /proxies`: one page of a family with every filter of the console's list. */
export const listPublicProxies = (
  deps: ProxiesDeps,
  user: UserRow,
  query: z.output<typeof publicProxyListQuerySchema>,
) => {
  const { family, ...filters } = query;
  return listFamily(deps, user, familyPath(family), filters);
};

/** `GET /proxies/{id}`: one live proxy of the key's owner (4005 for anyone else's). */
export const getPublicProxy = async (deps: ProxiesDeps, user: UserRow, id: string): Promise<ProxyRow> => {
  const [row] = await presentProxies(
    [await getOwnProxy(deps, user, id)],
    await gatewayFor(deps, user.id),
    new Date(),
  );
  if (!row) throw new Error('a presented proxy is missing');
  return row;
};

/** `GET /proxies/download`: the filtered proxies of a family as text lines scraper tools read. */
export const downloadProxyLines = async (deps: ProxiesDeps, user: UserRow, query: ProxyDownloadQuery) => {
  const {
    family,
    format,
    limit,
    exit_country,
    exit_state,
    exit_city,
    session,
    session_life,
    lines_per_proxy,
    ...filters
  } = query;
  const { data } = await listFamily(deps, user, familyPath(family), {
    ...filters,
    page: 1,
    page_size: limit,
  });
  return proxyLines(data, {
    format,
    linesPerProxy: lines_per_proxy,
    country: exit_country,
    state: exit_state,
    city: exit_city,
    session,
    life: session_life,
  });
};

/** `PUT /proxies/{id}/rotation`: automatic rotation on or off (US and TW only); no change when already so. */
export const setRotation = async (deps: ProxiesDeps, user: UserRow, id: string, rotation: boolean) => {
  const proxy = await getOwnProxy(deps, user, id);
  if (proxy.rotation === rotation) return getPublicProxy(deps, user, id);
  return toggleRotation(deps, user, id);
};

/** `GET /proxies/{id}/usage`: what a proxy carried per calendar day in `tz`, the last `days` days. */
export const getProxyUsage = async (
  deps: ProxiesDeps,
  user: UserRow,
  id: string,
  days: number,
  tz: string,
  now = new Date(),
) => {
  const proxy = await getOwnProxy(deps, user, id);
  const periods = datesEndingWith(localDate(now, tz), days);
  // Two days more than asked cover the first local day in any time zone.
  const totals = await sumProxyUsageByLocalDay(
    deps.db,
    proxy.id,
    new Date(now.getTime() - (days + 2) * DAY_MS),
    tz,
  );
  const series = presentUsageSeries(periods, totals);
  const total = series.reduce((sum, point) => sum + BigInt(point.bytes), 0n);
  return { id, days: series, total: total.toString() };
};
