import type { DatabaseHandle } from '@ptc/db';
import type { App } from '../../app';
import { customerWithBalance } from '../../test/factories';

/** A signed-in customer with a balance and a V2 key made through the console call (`POST /api/api/key`). */
export const customerWithKey = async (
  app: App,
  database: DatabaseHandle,
  options: { balance?: bigint; scope?: 'full' | 'read'; allow_list?: string[] } = {},
) => {
  const customer = await customerWithBalance(database, options.balance ?? 50_000_000n);
  const key = await createKey(app, customer.token, { scope: options.scope, allow_list: options.allow_list });
  return { ...customer, key };
};

/** Makes another V2 key of a signed-in customer and answers its secret. */
export const createKey = async (
  app: App,
  sessionToken: string,
  options: { name?: string; scope?: 'full' | 'read'; allow_list?: string[] } = {},
) => {
  const response = await app.inject({
    method: 'POST',
    url: '/api/api/key',
    headers: { authorization: sessionToken },
    payload: {
      name: options.name ?? 'script',
      scope: options.scope ?? 'full',
      allow_list: options.allow_list ?? [],
    },
  });
  const body = response.json();
  if (body.code !== 0) throw new Error(`no key: ${body.code} ${body.msg}`);
  return body.data.password as string;
};

/** Makes (or replaces) the customer's legacy V1 key and answers it. */
export const createV1Key = async (app: App, sessionToken: string) => {
  const response = await app.inject({
    method: 'POST',
    url: '/api/api/key/v1',
    headers: { authorization: sessionToken },
  });
  const body = response.json();
  if (body.code !== 0) throw new Error(`no V1 key: ${body.code} ${body.msg}`);
  return body.data.id as string;
};

/** Calls the public API with a key through `inject`; answers status, headers and the parsed body (text for text). */
export const callWithKey = async (
  app: App,
  key: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { body?: unknown; headers?: Record<string, string>; ip?: string } = {},
) => {
  const response = await app.inject({
    method,
    url,
    headers: { 'x-api-key': key, ...options.headers },
    ...(options.body === undefined ? {} : { payload: options.body as Record<string, unknown> }),
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  });
  const isJson = String(response.headers['content-type'] ?? '').startsWith('application/json');
  return {
    status: response.statusCode,
    headers: response.headers,
    body: isJson ? response.json() : response.body,
  };
};
