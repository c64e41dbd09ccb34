import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type AppError, ERRORS } from '@ptc/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHttpClient, type HttpEffects, type RequestContext } from './http-client';

interface Echo {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

const readBody = (request: IncomingMessage): Promise<string> =>
  new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });

const sendJson = (response: ServerResponse, status: number, value: unknown): void => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(value));
};

/** A stand-in API: `/api/echo` answers what it received, `/api/fail` answers the requested error. */
const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const body = await readBody(request);
  requestCount += 1;
  if (url.pathname === '/api/slow') {
    setTimeout(() => sendJson(response, 200, { code: 0, msg: 'success', data: 'late' }), 300);
    return;
  }
  if (url.pathname === '/api/html') {
    response.writeHead(502, { 'content-type': 'text/html' });
    response.end('<html>Bad gateway</html>');
    return;
  }
  if (url.pathname === '/api/fail' || url.pathname.includes('questionnaire')) {
    const code = Number(url.searchParams.get('code') ?? 2001);
    sendJson(response, 400, { code, msg: url.searchParams.get('msg') ?? '', data: null });
    return;
  }
  const echo: Echo = { method: request.method ?? '', url: request.url ?? '', headers: request.headers, body };
  sendJson(response, 200, { code: 0, msg: 'success', data: echo });
};

let server: Server;
let baseUrl: string;
let requestCount = 0;

beforeAll(async () => {
  server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

interface Recorded {
  toasts: { text: string; durationMs: number }[];
  touristDialogs: number;
  bindContactDialogs: number;
  logouts: number;
}

let recorded: Recorded;
let session: {
  token: string | null;
  ref: string | null;
  anniv: string | null;
  user: RequestContext['getCachedUser'];
};

const translations: Record<string, string> = {
  [ERRORS.ERR_NO_USER.messageKey]: 'Аккаунт не существует',
  [ERRORS.ConnectionTimeOut.messageKey]: 'Превышено время ожидания соединения',
  [ERRORS.ConnectionError.messageKey]: 'Ошибка соединения',
};

const effects: HttpEffects = {
  toast: (text, durationMs) => recorded.toasts.push({ text, durationMs }),
  showTouristDialog: () => {
    recorded.touristDialogs += 1;
  },
  showBindContactDialog: () => {
    recorded.bindContactDialogs += 1;
  },
  logoutToLogin: () => {
    recorded.logouts += 1;
  },
  translate: (key) => translations[key],
};

const makeClient = (timeoutMs?: number) =>
  createHttpClient({
    baseUrl,
    ...(timeoutMs ? { timeoutMs } : {}),
    effects,
    context: {
      getToken: () => session.token,
      getLocale: () => 'ru-RU',
      getTimeZone: () => 'Europe/Moscow',
      getRef: () => session.ref,
      getAnniv: () => session.anniv,
      getCachedUser: () => session.user(),
    },
  });

const rejectionOf = async (promise: Promise<unknown>): Promise<AppError> => {
  try {
    await promise;
  } catch (error) {
    return error as AppError;
  }
  throw new Error('expected the call to fail');
};

beforeEach(() => {
  recorded = { toasts: [], touristDialogs: 0, bindContactDialogs: 0, logouts: 0 };
  session = { token: 'tok-123', ref: 'friend', anniv: '1', user: () => null };
});

describe('request headers', () => {
  it('sends lang, tz, the stored token as Authorization, ref and anniv', async () => {
    const echo = await makeClient().request<Echo>({ path: '/echo' });
    expect(echo.headers).toMatchObject({
      lang: 'ru-RU',
      tz: 'Europe/Moscow',
      authorization: 'tok-123',
      ref: 'friend',
      anniv: '1',
    });
  });

  it('leaves out Authorization, ref and anniv when nothing is stored', async () => {
    session = { token: null, ref: null, anniv: null, user: () => null };
    const echo = await makeClient().request<Echo>({ path: '/echo' });
    expect(echo.headers.authorization).toBeUndefined();
    expect(echo.headers.ref).toBeUndefined();
    expect(echo.headers.anniv).toBeUndefined();
    expect(echo.headers.lang).toBe('ru-RU');
  });
});

describe('path placeholders and bodies', () => {
  it('fills {placeholders} from params, URL-encoded', async () => {
    const echo = await makeClient().request<Echo>({
      path: '/proxy/tokens/{generate}/{proxy_type}',
      params: { generate: 'static', proxy_type: 'ip x' },
      data: { page_size: 10 },
    });
    expect(echo.url).toBe('/api/proxy/tokens/static/ip%20x?page_size=10');
  });

  it('throws before sending when a placeholder has no value', async () => {
    const before = requestCount;
    const error = await rejectionOf(makeClient().request({ path: '/api/key/{key_id}', method: 'DELETE' }));
    expect(error.code).toBe(ERRORS.ERR_ARGUMENT_MISSING.code);
    const empty = await rejectionOf(
      makeClient().request({ path: '/api/key/{key_id}', method: 'DELETE', params: { key_id: '' } }),
    );
    expect(empty.code).toBe(ERRORS.ERR_ARGUMENT_MISSING.code);
    expect(requestCount).toBe(before);
    expect(recorded.toasts).toEqual([]);
  });

  it('sends JSON bodies', async () => {
    const echo = await makeClient().request<Echo>({
      method: 'POST',
      path: '/user/login',
      data: { email: 'a@b.c' },
    });
    expect(echo.headers['content-type']).toBe('application/json');
    expect(JSON.parse(echo.body)).toEqual({ email: 'a@b.c' });
  });

  it('sends urlencoded form bodies', async () => {
    const echo = await makeClient().request<Echo>({
      method: 'POST',
      path: '/user/sms/phone',
      data: { phone: '+7 900', code: 12 },
      bodyKind: 'form',
    });
    expect(echo.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(echo.body).toBe('phone=%2B7+900&code=12');
  });

  it('sends query-kind data in the query string with an empty body', async () => {
    const echo = await makeClient().request<Echo>({
      method: 'POST',
      path: '/user/register',
      data: { email: 'a@b.c', skipped: undefined },
      bodyKind: 'query',
    });
    expect(echo.url).toBe('/api/user/register?email=a%40b.c');
    expect(echo.body).toBe('');
  });
});

describe('envelopes', () => {
  it('answers data when the code is 0', async () => {
    const echo = await makeClient().request<Echo>({ path: '/echo' });
    expect(echo.method).toBe('GET');
  });

  it('throws an AppError rebuilt from the envelope otherwise', async () => {
    const error = await rejectionOf(
      makeClient().request({ path: '/fail', query: { code: 2001, msg: 'no user' } }),
    );
    expect(error.name).toBe('AppError');
    expect(error.code).toBe(2001);
    expect(error.key).toBe('ERR_NO_USER');
  });
});

describe('error toasts', () => {
  it('shows the code-table text for 5 seconds when the code is in the catalogue', async () => {
    await rejectionOf(makeClient().request({ path: '/fail', query: { code: 2001, msg: 'server text' } }));
    expect(recorded.toasts).toEqual([{ text: 'Аккаунт не существует', durationMs: 5000 }]);
  });

  it('falls back to the server msg for a code outside the catalogue', async () => {
    await rejectionOf(makeClient().request({ path: '/fail', query: { code: 777, msg: 'server text' } }));
    expect(recorded.toasts.map((toast) => toast.text)).toEqual(['server text']);
  });

  it('falls back to the server msg when the catalogue text has no translation', async () => {
    await rejectionOf(makeClient().request({ path: '/fail', query: { code: 3002, msg: 'server text' } }));
    expect(recorded.toasts.map((toast) => toast.text)).toEqual(['server text']);
  });

  it("falls back to 'Error' when there is neither", async () => {
    await rejectionOf(makeClient().request({ path: '/fail', query: { code: 777, msg: '' } }));
    expect(recorded.toasts.map((toast) => toast.text)).toEqual(['Error']);
  });

  it('opens the tourist warning dialog for code 610 instead of a toast', async () => {
    const error = await rejectionOf(makeClient().request({ path: '/fail', query: { code: 610 } }));
    expect(error.code).toBe(610);
    expect(recorded.touristDialogs).toBe(1);
    expect(recorded.toasts).toEqual([]);
  });

  it("logs out and goes to login when the message contains 'token error'", async () => {
    await rejectionOf(
      makeClient().request({
        path: '/fail',
        query: { code: 777, msg: 'Identity authentication failed (token error)' },
      }),
    );
    expect(recorded.logouts).toBe(1);
    expect(recorded.toasts).toHaveLength(1);
  });

  it('keeps the session for other failures', async () => {
    await rejectionOf(makeClient().request({ path: '/fail', query: { code: 2001 } }));
    expect(recorded.logouts).toBe(0);
  });

  it('keeps questionnaire calls silent', async () => {
    const error = await rejectionOf(
      makeClient().request({ path: '/api/questionnaire/show', query: { code: 2001 } }),
    );
    expect(error.code).toBe(2001);
    expect(recorded).toEqual({ toasts: [], touristDialogs: 0, bindContactDialogs: 0, logouts: 0 });
  });

  it('keeps calls marked silent silent', async () => {
    await rejectionOf(makeClient().request({ path: '/fail', query: { code: 2001 }, silent: true }));
    expect(recorded.toasts).toEqual([]);
  });
});

describe('transport errors', () => {
  it('turns a timeout into a connection-timeout error and shows it', async () => {
    const error = await rejectionOf(makeClient(50).request({ path: '/slow' }));
    expect(error.code).toBe(ERRORS.ConnectionTimeOut.code);
    expect(error.message).toBe('timeout of 50ms exceeded');
    expect(recorded.toasts.map((toast) => toast.text)).toEqual(['Превышено время ожидания соединения']);
  });

  it('turns a network failure into a connection error and shows it', async () => {
    const client = createHttpClient({
      baseUrl: 'http://127.0.0.1:1/api',
      effects,
      context: {
        getToken: () => null,
        getLocale: () => 'en-US',
        getTimeZone: () => 'UTC',
        getRef: () => null,
        getAnniv: () => null,
        getCachedUser: () => null,
      },
    });
    const error = await rejectionOf(client.request({ path: '/echo' }));
    expect(error.code).toBe(ERRORS.ConnectionError.code);
    expect(recorded.toasts.map((toast) => toast.text)).toEqual(['Ошибка соединения']);
  });

  it('turns a non-envelope HTTP failure into a network-request error', async () => {
    const error = await rejectionOf(makeClient().request({ path: '/html' }));
    expect(error.code).toBe(ERRORS.HttpCodeError.code);
    expect(error.message).toBe('Request failed with status 502');
  });
});

describe('the client-side request guard', () => {
  const unbound = () => ({ email: null, phone: null });

  it('blocks a write by a signed-in user without email or phone before sending, with a 403', async () => {
    session.user = unbound;
    const before = requestCount;
    const error = await rejectionOf(
      makeClient().request({ method: 'POST', path: '/proxy/quick_access', data: {} }),
    );
    expect(error.code).toBe(403);
    expect(error.key).toBe('ERR_FORBIDDEN');
    expect(requestCount).toBe(before);
    expect(recorded.bindContactDialogs).toBe(1);
    expect(recorded.toasts).toEqual([]);
  });

  it.each(['PUT', 'DELETE'] as const)('blocks %s as well', async (method) => {
    session.user = unbound;
    const error = await rejectionOf(makeClient().request({ method, path: '/user/name', data: {} }));
    expect(error.code).toBe(403);
  });

  it('lets reads through', async () => {
    session.user = unbound;
    await expect(makeClient().request({ path: '/proxy/quick_access' })).resolves.toBeTruthy();
  });

  it.each([
    '/user/login',
    '/user/login/phone',
    '/user/logout',
    '/user/register/email/code',
    '/user/sms/rny',
    '/user/bind_phone',
    '/user/band/email/{uid}',
    '/user/reset_pw_with_code',
    '/user/info',
    '/user/ref/bind',
  ])('exempts the auth and binding call %s', async (path) => {
    session.user = unbound;
    await expect(
      makeClient().request({ method: 'POST', path, params: { uid: 'u1' }, data: {} }),
    ).resolves.toBeTruthy();
    expect(recorded.bindContactDialogs).toBe(0);
  });

  it('lets users with a bound email or phone write', async () => {
    session.user = () => ({ email: 'a@b.c', phone: null });
    await expect(
      makeClient().request({ method: 'POST', path: '/proxy/quick_access', data: {} }),
    ).resolves.toBeTruthy();
    session.user = () => ({ email: null, phone: '+79000000000' });
    await expect(
      makeClient().request({ method: 'POST', path: '/proxy/quick_access', data: {} }),
    ).resolves.toBeTruthy();
  });

  it('does not block when no user info is cached or nobody is signed in', async () => {
    session.user = () => null;
    await expect(
      makeClient().request({ method: 'POST', path: '/proxy/quick_access', data: {} }),
    ).resolves.toBeTruthy();
    session = { token: null, ref: null, anniv: null, user: unbound };
    await expect(
      makeClient().request({ method: 'POST', path: '/proxy/quick_access', data: {} }),
    ).resolves.toBeTruthy();
  });
});
