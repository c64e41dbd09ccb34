/**
 * What the generators' component tests share: browser APIs jsdom lacks, the app's providers,
 * and a stand-in API answering at the fetch level with the server's envelope.
 */
import { formatPtc, parsePtc } from '@ptc/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { i18n } from '../../shared/i18n/i18n';
import './generator-texts';

export { installBrowserStubs } from '../../shared/testing/browser-stubs';

/** One request the stand-in API received. */
export interface ReceivedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The urlencoded form of a POST, as the server reads it. */
  form: Record<string, string>;
  contentType: string | null;
  /** When it arrived (ms since the epoch). */
  at: number;
}

/** An answer: the envelope's `data` (code 0), or a refusal with a code of SPEC §8. */
export type Answer = { data: unknown } | { code: number; msg: string; status?: number };

type Handler = (call: ReceivedCall) => Answer | Promise<Answer>;

/** Unit prices of the server's default price table (SPEC §9), in micro-PTC. */
const PRICES = {
  'dynamic-traffic': { 1: 5_000_000n, 2: 5_000_000n, 3: 3_000_000n, 4: 1_500_000n },
  'dynamic-ip': 150_000n,
  'static-traffic': { residential: 5_000_000n, datacenter: 1_000_000n },
  'static-ip': {
    residential: { 1: 500_000n, 30: 7_990_000n },
    datacenter: { 1: 250_000n, 30: 3_990_000n },
  },
} as const;

const ptc = (micro: bigint) => formatPtc(micro, 2);

/** `GET /proxy/price` as the server answers it from the default table. */
export const quote = (query: URLSearchParams): Answer => {
  const family = query.get('family') as keyof typeof PRICES;
  const count = BigInt(query.get('count') ?? '1');
  const type = (query.get('type') ?? 'residential') as 'residential' | 'datacenter';
  if (family === 'dynamic-traffic') {
    const line = Number(query.get('line') ?? 1) as 1 | 2 | 3 | 4;
    return { data: { unit_price: ptc(PRICES[family][line]), unit: 'gb', total: '0.00' } };
  }
  if (family === 'dynamic-ip') {
    return { data: { unit_price: ptc(PRICES[family]), unit: 'ip', total: ptc(PRICES[family] * count) } };
  }
  if (family === 'static-traffic') {
    return { data: { unit_price: ptc(PRICES[family][type]), unit: 'gb', total: '0.00' } };
  }
  const days = Number(query.get('days') ?? 30) as 1 | 30;
  const price = PRICES['static-ip'][type][days];
  return { data: { unit_price: ptc(price), unit: days === 1 ? 'day' : '30days', total: ptc(price * count) } };
};

/** Countries, states and cities of the stand-in supply. */
export const AREAS = {
  countries: [
    { code: 'DE', name: 'Germany', available: 3 },
    { code: 'TW', name: 'Taiwan', available: 2 },
    { code: 'US', name: 'United States', available: 9 },
  ],
  states: { US: [{ code: 'NY', name: 'New York', available: 4 }] } as Record<string, unknown[]>,
  cities: { US: [{ code: 'newyork', name: 'New York', available: 4 }] } as Record<string, unknown[]>,
};

const areaAnswer = (records: unknown[]): Answer => ({
  data: { records, total: records.length, demo: false },
});

/** A generated proxy row as the server presents it. */
export const proxyRow = (index: number, overrides: Record<string, unknown> = {}) => ({
  id: `p${index}`,
  address: 'gw.example.test',
  port: 8000,
  ip: null,
  username: `user${index}`,
  password: `pass${index}`,
  session: 's1',
  type: 'rotating',
  generate_type: 'by_area',
  generate: 'dynamic',
  proxy_type: 'traffic',
  area: { precision: 'country', country: 'US', state: null, city: null, label: null, city_name: null },
  line: 1,
  route: 'premier',
  protocol: 'http',
  status: 1,
  switch: 5,
  remark: null,
  create_time: '2026-01-01T00:00:00.000Z',
  purchase_time: '2026-01-01T00:00:00.000Z',
  expire_time: null,
  remaining_days: null,
  traffic_used: '0',
  traffic_cost: '0.00',
  ip_used: 0,
  ip_cost: '0.00',
  auto_renew: false,
  rotation: false,
  deleted: false,
  ...overrides,
});

/** Answers a generation with `count` proxies, charging `unit` PTC each. */
export const generated = (call: ReceivedCall, unit = '0', balance = '100.00'): Answer => {
  const count = Number(call.form.count ?? 1);
  const charged = parsePtc(unit) * BigInt(count);
  return {
    data: {
      data: Array.from({ length: count }, (_, index) =>
        proxyRow(index + 1, { protocol: call.form.protocol ?? 'http' }),
      ),
      charged: ptc(charged),
      balance,
    },
  };
};

/**
 * Replaces `fetch` with a stand-in of the API: area lists and prices answer as the server
 * does, other calls go to `handlers` keyed `METHOD /path` (below `/api`). Every call is kept.
 */
export const mockApi = (handlers: Record<string, Handler> = {}) => {
  const calls: ReceivedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://console.test');
    const method = init?.method ?? 'GET';
    const headers = new Headers(init?.headers);
    const path = url.pathname.replace(/^\/api/, '');
    const body = typeof init?.body === 'string' ? init.body : '';
    const call: ReceivedCall = {
      method,
      path,
      query: url.searchParams,
      form: Object.fromEntries(new URLSearchParams(body)),
      contentType: headers.get('content-type'),
      at: Date.now(),
    };
    calls.push(call);
    const custom = handlers[`${method} ${path}`];
    let answer: Answer;
    if (custom) answer = await custom(call);
    else if (path === '/proxy/price') answer = quote(url.searchParams);
    else if (path === '/proxy/area/countries') answer = areaAnswer(AREAS.countries);
    else if (path === '/proxy/area/states')
      answer = areaAnswer(AREAS.states[url.searchParams.get('country') ?? ''] ?? []);
    else if (path === '/proxy/area/cities')
      answer = areaAnswer(AREAS.cities[url.searchParams.get('country') ?? ''] ?? []);
    else answer = { code: 404, msg: 'Not found', status: 404 };
    const answerHeaders = { 'content-type': 'application/json' };
    if ('data' in answer) {
      return new Response(JSON.stringify({ code: 0, msg: 'success', data: answer.data }), {
        status: 200,
        headers,
      });
    }
    return new Response(JSON.stringify({ code: answer.code, msg: answer.msg, data: null }), {
      status: answer.status ?? 400,
      headers: answerHeaders,
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    /** The calls to `path` (with `method`). */
    callsTo: (method: string, path: string) =>
      calls.filter((call) => call.method === method && call.path === path),
  };
};

/** Renders `children` inside the console's providers, with a fresh data cache. */
export const Providers = ({ children }: { children: ReactNode }) => {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
  });
  return (
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <ConfigProvider theme={{ zeroRuntime: true, token: { motion: false } }} wave={{ disabled: true }}>
          <App>
            <MemoryRouter initialEntries={['/proxy/dynamic/ip']}>{children}</MemoryRouter>
          </App>
        </ConfigProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
};
