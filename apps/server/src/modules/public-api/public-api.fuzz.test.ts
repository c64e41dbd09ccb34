import { createProxy } from '@ptc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countProxies, ledgerOf } from '../../test/proxies';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createV1Key, customerWithKey } from './public-api.test-helpers';

type Schema = { type?: string | string[]; properties?: Record<string, Schema> };
type Parameter = { name: string; in: 'path' | 'query' | 'header'; schema?: Schema };
type Document = {
  paths: Record<
    string,
    Record<
      string,
      { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: Schema }> } }
    >
  >;
};

const STACK = /\bat .+\(.+:\d+:\d+\)|node_modules|\.ts:\d/;
/** Malformed values every parameter and body field is sent in turn. */
const BAD_VALUES: unknown[] = [
  'ab\u0000cd',
  'x'.repeat(100_000),
  -1,
  1e308,
  '',
  '\ud800',
  [],
  {},
  null,
  true,
];
const BAD_BODIES = ['{"unterminated":', '[]', '"text"', '12', 'null'];

/** A path segment; a lone surrogate cannot be encoded, so it travels as the invalid UTF-8 it would be. */
const segment = (value: string) => {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
};

const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

describe('the public API under malformed input', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ API_RATE_LIMIT: '1000000' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers every operation of the V2 and V1 documents without a 5xx or a stack trace, and spends nothing', async () => {
    const customer = await customerWithKey(t.app, t.database, { balance: 0n });
    const v1Key = await createV1Key(t.app, customer.token);
    const proxy = await createProxy(t.database.db, customer.user.id);
    const failures: string[] = [];
    let sent = 0;
    for (const [version, key] of [
      ['v2', customer.key],
      ['v1', v1Key],
    ] as const) {
      const document = (
        await t.app.inject({ method: 'GET', url: `/api/${version}/openapi.json` })
      ).json() as Document;
      for (const [path, item] of Object.entries(document.paths)) {
        for (const [method, operation] of Object.entries(item)) {
          const parameters = operation.parameters ?? [];
          const bodySchema = operation.requestBody?.content['application/json']?.schema;
          const fields = Object.keys(bodySchema?.properties ?? {});
          const probes: {
            where: string;
            path?: Record<string, string>;
            query?: Record<string, string>;
            body?: string;
          }[] = [];
          for (const parameter of parameters.filter((candidate) => candidate.in !== 'header')) {
            for (const value of BAD_VALUES) {
              const where = `${parameter.in} ${parameter.name}=${text(value).slice(0, 12)}`;
              probes.push(
                parameter.in === 'path'
                  ? { where, path: { [parameter.name]: text(value) } }
                  : { where, query: { [parameter.name]: text(value) } },
              );
            }
          }
          if (bodySchema) {
            for (const body of BAD_BODIES) probes.push({ where: `body ${body}`, body });
            for (const field of fields) {
              for (const value of BAD_VALUES)
                probes.push({
                  where: `body.${field}=${text(value).slice(0, 12)}`,
                  body: JSON.stringify({ [field]: value }),
                });
            }
          }
          for (const probe of probes) {
            const url = path.replace(/\{([^}]+)\}/g, (_, name: string) =>
              segment(probe.path?.[name] ?? proxy.publicId),
            );
            const query = probe.query ? `?${new URLSearchParams(probe.query).toString()}` : '';
            const response = await t.app.inject({
              method: method.toUpperCase() as 'GET',
              url: `${url}${query}`,
              headers: {
                'x-api-key': key,
                ...(probe.body === undefined ? {} : { 'content-type': 'application/json' }),
              },
              ...(probe.body === undefined ? {} : { payload: probe.body }),
            });
            sent += 1;
            const where = `${method.toUpperCase()} ${path} [${probe.where}]`;
            if (response.statusCode >= 500)
              failures.push(`${where}: HTTP ${response.statusCode} ${response.body.slice(0, 200)}`);
            else if (STACK.test(response.body))
              failures.push(`${where}: stack trace in ${response.body.slice(0, 200)}`);
          }
        }
      }
    }
    expect(failures, `${failures.length} of ${sent} requests failed`).toEqual([]);
    expect(sent).toBeGreaterThan(1_000);
    expect(await countProxies(t.database.db, customer.user.id)).toBe(1);
    expect((await ledgerOf(t.database.db, customer.user.id)).length).toBe(0);
  }, 300_000);
});
