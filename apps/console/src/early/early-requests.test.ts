import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { detectLocale, STORAGE_KEYS } from '@ptc/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEarlyAwareFetch, EARLY_REQUESTS_GLOBAL_NAME } from '../shared/api/early-responses';
import { createHttpClient } from '../shared/api/http-client';
import { createMemoryStorage } from '../shared/storage/storage';
import {
  EARLY_API_PATHS,
  EARLY_REQUESTS_GLOBAL,
  EARLY_STORAGE_KEYS,
  type EarlyRequest,
  earlyLocale,
  sendEarlyRequests,
} from './early-requests';

/** Requests the stand-in API received, as `METHOD path lang`. */
let received: string[] = [];
let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    received.push(`${request.method} ${request.url} ${request.headers.lang}`);
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({ code: 0, msg: 'success', data: { path: request.url, tz: request.headers.tz } }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  received = [];
});

const storageWith = (entries: Record<string, string>) => {
  const storage = createMemoryStorage();
  for (const [key, value] of Object.entries(entries)) storage.setItem(key, value);
  return storage;
};

/** Sends the early requests from `pathname` as the page would, keeping them in `kept`. */
const sendFrom = (
  pathname: string,
  storage: ReturnType<typeof createMemoryStorage>,
  kept: { requests?: EarlyRequest[] },
) =>
  sendEarlyRequests(
    {
      location: { pathname },
      storage,
      languages: ['ru', 'en-US'],
      timeZone: () => 'Europe/Moscow',
      fetch: (url, init) => fetch(url, init),
      keep: (requests) => {
        kept.requests = requests;
      },
    },
    `${origin}/api`,
  );

/** The console's API client over the early-aware fetch, with the page's session. */
const clientFor = (
  kept: { requests?: EarlyRequest[] },
  session: { locale: string; token: string },
  now = () => 50,
) =>
  createHttpClient({
    baseUrl: `${origin}/api`,
    fetch: (input, init) =>
      createEarlyAwareFetch({ requests: () => kept.requests, now }, (url, next) => fetch(url, next))(
        String(input),
        init ?? {},
      ),
    context: {
      getToken: () => session.token,
      getLocale: () => session.locale as 'ru-RU',
      getTimeZone: () => 'Europe/Moscow',
      getRef: () => 'friend01',
      getAnniv: () => null,
      getCachedUser: () => null,
    },
    effects: {
      toast: () => undefined,
      showTouristDialog: () => undefined,
      showBindContactDialog: () => undefined,
      logoutToLogin: () => undefined,
      translate: () => undefined,
    },
  });

describe("the overview's early requests", () => {
  it("pick the language by the console's rule and read the console's storage keys", () => {
    const cases: [string | null, string[]][] = [
      [null, []],
      ['ru-RU', ['en-US']],
      ['xx', ['zh-Hans-CN', 'en']],
      [null, ['de-DE', 'ru']],
      [null, ['EN-gb']],
      ['en-US', []],
      [null, ['pt-BR', 'fr']],
    ];
    for (const [stored, languages] of cases)
      expect(earlyLocale(stored, languages)).toBe(detectLocale(stored, languages));
    for (const [name, key] of Object.entries(EARLY_STORAGE_KEYS)) {
      expect(STORAGE_KEYS[name as keyof typeof STORAGE_KEYS]).toBe(key);
    }
    expect(EARLY_REQUESTS_GLOBAL).toBe(EARLY_REQUESTS_GLOBAL_NAME);
  });

  it('are sent only from the overview with a stored session', async () => {
    expect(sendFrom('/dashboard/overview', storageWith({}), {})).toEqual([]);
    expect(sendFrom('/proxy-list', storageWith({ token: 'abc' }), {})).toEqual([]);
    const sent = sendFrom('/dashboard', storageWith({ token: 'abc' }), {});
    expect(sent.map((request) => request.url)).toEqual(EARLY_API_PATHS.map((path) => `${origin}/api${path}`));
    await Promise.all(sent.map((request) => request.response));
  });

  it('answer the API client once each, with the headers it would have sent, so nothing is asked twice', async () => {
    const kept: { requests?: EarlyRequest[] } = {};
    sendFrom(
      '/dashboard/overview',
      storageWith({ token: 'tok-1', 'arco-locale': 'ru-RU', ref: 'friend01' }),
      kept,
    );
    const client = clientFor(kept, { locale: 'ru-RU', token: 'tok-1' });
    const answers = await Promise.all(
      EARLY_API_PATHS.map((path) => client.request<{ path: string }>({ path })),
    );
    expect(answers.map((answer) => answer.path)).toEqual(EARLY_API_PATHS.map((path) => `/api${path}`));
    expect(received.sort()).toEqual(EARLY_API_PATHS.map((path) => `GET /api${path} ru-RU`).sort());
    expect(kept.requests?.every((request) => request.taken)).toBe(true);

    // Taken once: asking again goes to the server.
    await client.request({ path: '/user/info' });
    expect(received.filter((line) => line.startsWith('GET /api/user/info'))).toHaveLength(2);
  });

  it('are not used when the client asks with other headers, later than the first seconds, or for a change', async () => {
    const kept: { requests?: EarlyRequest[] } = {};
    sendFrom(
      '/dashboard/overview',
      storageWith({ token: 'tok-1', 'arco-locale': 'ru-RU', ref: 'friend01' }),
      kept,
    );
    await Promise.all(kept.requests?.map((request) => request.response) ?? []);
    // Another language (the console's rule changed, say): asked anew.
    await clientFor(kept, { locale: 'en-US', token: 'tok-1' }).request({ path: '/user/info' });
    // Another session.
    await clientFor(kept, { locale: 'ru-RU', token: 'tok-2' }).request({ path: '/proxy/summary/proxies' });
    // Too late.
    await clientFor(kept, { locale: 'ru-RU', token: 'tok-1' }, () => 60_000).request({
      path: '/proxy/summary/traffic',
    });
    // Not a read.
    await clientFor(kept, { locale: 'ru-RU', token: 'tok-1' }).request({
      method: 'POST',
      path: '/user/info',
      data: {},
    });
    expect(received).toHaveLength(3 + 4);
    expect(kept.requests?.some((request) => request.taken)).toBe(false);
  });

  it('fall back to asking again when the early request failed, and end the wait when the caller aborts', async () => {
    const failed: EarlyRequest = {
      url: `${origin}/api/user/info`,
      headers: { lang: 'ru-RU', tz: 'Europe/Moscow', authorization: 'tok-1', ref: 'friend01' },
      response: Promise.reject(new TypeError('network down')),
      taken: false,
    };
    failed.response.catch(() => undefined);
    const answer = await clientFor({ requests: [failed] }, { locale: 'ru-RU', token: 'tok-1' }).request<{
      path: string;
    }>({
      path: '/user/info',
    });
    expect(answer.path).toBe('/api/user/info');
    expect(received).toEqual(['GET /api/user/info ru-RU']);

    const hanging: EarlyRequest = {
      ...failed,
      response: new Promise<Response>(() => undefined),
      taken: false,
    };
    const aborted = new AbortController();
    const fetching = createEarlyAwareFetch({ requests: () => [hanging], now: () => 1 }, () => {
      throw new Error('not asked again');
    })(hanging.url, { method: 'GET', headers: hanging.headers, signal: aborted.signal });
    aborted.abort(new Error('cancelled'));
    await expect(fetching).rejects.toThrow('cancelled');
  });
});
