/**
 * A stand-in of the server's generation calls for the generators' tests. It reads every request
 * with the contracts' own schemas (`generation-plans.stand-in.ts`: a form the server would refuse
 * is refused here), prices with the contracts' price table as the server does, keeps the
 * account's balance, its static leases and its searches, and answers the contracts' response
 * types: a console bug in building a request or in showing what the server answered fails the tests.
 */
import {
  AppError,
  type areaListSchema,
  DEFAULT_PRICES,
  formatPtc,
  type generatedProxiesSchema,
  isTrafficFamily,
  type Micro,
  PROXY_RULES,
  type ProxyRow,
  parsePtc,
  priceQuerySchema,
  type priceQuoteSchema,
  routeOfLine,
  staticStoreQuerySchema,
} from '@ptc/contracts';
import type { ResponseOf } from '../../shared/api/contract-types';
import { proxyRow } from '../../shared/testing/factories';
import type { Handler, Handlers, ReceivedCall } from '../../shared/testing/harness';
import {
  AREAS,
  type AreaRecord,
  areaOf,
  inArea,
  PLANS,
  type Plan,
  prepaidPriceKey,
  quotedPriceKey,
  read,
  STATIC_EXITS,
  type StaticExit,
} from './generation-plans.stand-in';

/** A PTC amount as the server presents it: exact, with at least two decimals ("0.15", "6.392"). */
const presentPtc = (micro: Micro): string => formatPtc(micro, 6).replace(/(\.\d\d\d*?)0+$/, '$1');

const DAY_MS = 86_400_000;

/**
 * The one-generation-a-second rule as the stand-in applies it: the console times its wait from
 * when it sends, the stand-in from when it answers, so it forgives what lies between (a console
 * that does not wait is still refused).
 */
const GENERATION_INTERVAL_MS = PROXY_RULES.GENERATION_INTERVAL_MS - 100;

/** Options of {@link createGeneratorServer}. */
export interface GeneratorServerOptions {
  /** The account's balance in PTC. */
  balance?: string;
  /** Static store searches a day (the server allows 50; 4010 past them); a residential purchase restores them. */
  staticSearchesLeft?: number;
}

/**
 * The server behind the generators: area lists, `GET /proxy/price`, the static store and the six
 * generation calls, with the one-generation-a-second rule (4003), the balance (3002) and the
 * static leases (4007). Its `handlers` go to `mockApi`.
 */
export const createGeneratorServer = ({
  balance = '100',
  staticSearchesLeft = 50,
}: GeneratorServerOptions = {}) => {
  const state = {
    balance: parsePtc(balance),
    staticSearchesLeft,
    /** Static exit ids leased by a proxy. */
    leased: new Set<string>(),
    lastGenerationAt: null as number | null,
    generatedCount: 0,
  };

  const placeStatic = (plan: Plan): StaticExit[] => {
    if (plan.exitIds) {
      const chosen = plan.exitIds.map((id) => STATIC_EXITS.find((exit) => exit.id === id));
      const usable = chosen.filter((exit) => exit !== undefined && exit.type === plan.exitType);
      if (usable.length < plan.exitIds.length) {
        throw new AppError('ERR_NEW_PROXY_FAILED', { message: 'This address is not on sale' });
      }
      if (usable.some((exit) => state.leased.has(exit?.id ?? '')))
        throw new AppError('ERR_PROXY_USED_TOO_MORE');
      return usable as StaticExit[];
    }
    const free = STATIC_EXITS.filter(
      (exit) => exit.type === plan.exitType && !state.leased.has(exit.id) && inArea(exit, plan.area),
    ).slice(0, plan.count);
    if (free.length < plan.count) throw new AppError('ERR_PROXY_USED_TOO_MORE');
    return free;
  };

  const rowOf = (plan: Plan, exit: StaticExit | null, now: Date): ProxyRow => {
    state.generatedCount += 1;
    const n = state.generatedCount;
    const [generate, proxyType] = plan.family.split('-') as [ProxyRow['generate'], ProxyRow['proxy_type']];
    const area = exit ?? plan.area;
    const validityMs =
      plan.family === 'dynamic-ip'
        ? PROXY_RULES.DYNAMIC_IP_VALIDITY_MS
        : plan.family === 'static-ip'
          ? (plan.renewDays ?? 30) * DAY_MS
          : null;
    const cityName = AREAS.cities[area.country ?? '']?.find((city) => city.code === area.city)?.name ?? null;
    return proxyRow(n, {
      ip: exit?.ip ?? (plan.ipPattern ? plan.ipPattern.replaceAll('*', String(n)) : null),
      session: generate === 'dynamic' ? `s${n}` : null,
      type: generate === 'static' ? (plan.exitType ?? 'residential') : 'rotating',
      generate_type: plan.generateType,
      generate,
      proxy_type: proxyType,
      area: {
        precision: plan.precision,
        country: area.country,
        state: area.state,
        city: area.city,
        label: exit?.label ?? null,
        city_name: cityName,
      },
      line: plan.line,
      route: plan.line === null ? null : routeOfLine(plan.line),
      protocol: plan.protocol,
      create_time: now.toISOString(),
      purchase_time: now.toISOString(),
      expire_time: validityMs === null ? null : new Date(now.getTime() + validityMs).toISOString(),
      remaining_days: validityMs === null ? null : Math.ceil(validityMs / DAY_MS),
      auto_renew: plan.autoRenew,
      renew_days: plan.renewDays,
      rotation: plan.rotation,
    });
  };

  /** One generation call, as `generateProxies` runs it: slot, supply, balance, charge, rows. */
  const generation =
    (path: string): Handler =>
    (call: ReceivedCall) => {
      const plan = (PLANS[path] as (form: unknown) => Plan)(call.body ?? {});
      const now = Date.now();
      if (state.lastGenerationAt !== null && now - state.lastGenerationAt < GENERATION_INTERVAL_MS) {
        throw new AppError('ERR_NEW_PROXY_FREQUENTLY');
      }
      const exits = plan.family.startsWith('static') ? placeStatic(plan) : null;
      if (isTrafficFamily(plan.family) && state.balance <= 0n) {
        throw new AppError('ERR_BALANCE_NOT_ENOUGH', {
          message: 'Top up your balance or buy a traffic package before generating traffic proxies',
        });
      }
      const key = prepaidPriceKey(plan);
      const charged = (key ? DEFAULT_PRICES[key].price : 0n) * BigInt(plan.count);
      if (charged > state.balance) throw new AppError('ERR_BALANCE_NOT_ENOUGH');
      state.balance -= charged;
      state.lastGenerationAt = now;
      for (const exit of exits ?? []) state.leased.add(exit.id);
      if (plan.exitType === 'residential' && plan.family.startsWith('static')) {
        state.staticSearchesLeft = staticSearchesLeft;
      }
      const at = new Date(now);
      const answer: ResponseOf<typeof generatedProxiesSchema> = {
        data: Array.from({ length: plan.count }, (_, index) => rowOf(plan, exits?.[index] ?? null, at)),
        charged: presentPtc(charged),
        balance: presentPtc(state.balance),
      };
      return { data: answer };
    };

  const areaList = (records: AreaRecord[]): { data: ResponseOf<typeof areaListSchema> } => ({
    data: { records, total: records.length, demo: false },
  });
  const countryOf = (call: ReceivedCall) => call.query.get('country') ?? '';

  const handlers: Handlers = {
    'GET /proxy/area/countries': () => areaList(AREAS.countries),
    'GET /proxy/area/states': (call) => areaList(AREAS.states[countryOf(call)] ?? []),
    'GET /proxy/area/cities': (call) => areaList(AREAS.cities[countryOf(call)] ?? []),
    'GET /proxy/price': (call) => {
      const query = read(priceQuerySchema, Object.fromEntries(call.query));
      const { price, unit } = DEFAULT_PRICES[quotedPriceKey(query)];
      const isPrepaid = query.family === 'dynamic-ip' || query.family === 'static-ip';
      const quote: ResponseOf<typeof priceQuoteSchema> = {
        unit_price: presentPtc(price),
        unit,
        total: presentPtc(isPrepaid ? price * BigInt(query.count) : 0n),
      };
      return { data: quote };
    },
    'GET /proxy/store/static': (call) => {
      const query = read(staticStoreQuerySchema, Object.fromEntries(call.query));
      if (state.staticSearchesLeft <= 0) {
        throw new AppError('ERR_STATIC_SEARCH_LIMIT', {
          message: 'Static search by IP is limited to 50 a day',
        });
      }
      state.staticSearchesLeft -= 1;
      const area = areaOf(query);
      const records = STATIC_EXITS.filter(
        (exit) =>
          exit.type === query.type &&
          !state.leased.has(exit.id) &&
          inArea(exit, area) &&
          (!query.ip || (exit.ip ?? '').startsWith(query.ip)),
      ).slice(0, query.page_size);
      return { data: { records } };
    },
    ...Object.fromEntries(Object.keys(PLANS).map((path) => [`POST ${path}`, generation(path)])),
  };

  return { handlers };
};
