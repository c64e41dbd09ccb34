import { createProxy } from '@ptc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerWithBalance, operatorSession } from './factories';

import { createTestApp, type TestApp } from './test-app';

/**
 * Walks the published OpenAPI document and sends every operation a fixed corpus of malformed
 * input, with and without a session: no answer may be a 5xx or carry a stack trace.
 */

type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
};

/** The OpenAPI document as parsed JSON: read, never trusted. */
// biome-ignore lint/suspicious/noExplicitAny: the document is plain JSON walked by path.
type OpenApiDocument = any;

type Parameter = {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
};

type Operation = {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: { contentType: string; schema: JsonSchema };
};

/** One request of the corpus: what it changes, and the request itself. */
type Probe = {
  input: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: { payload: string; contentType: string } | null;
};

const MEGABYTE = 'a'.repeat(1_000_000);
const NUL = 'ab\u0000cd';
const STACK = /\bat .+\(.+:\d+:\d+\)|node_modules|\.ts:\d/;

const resolve = (document: OpenApiDocument, schema: JsonSchema | undefined): JsonSchema => {
  if (!schema) return {};
  if (schema.$ref) {
    const target = schema.$ref.replace(/^#\//, '').split('/');
    return resolve(
      document,
      target.reduce((node: OpenApiDocument, key: string) => node?.[key], document),
    );
  }
  return schema;
};

/** Plausible values for fields whose rule the document cannot say (refinements, pipes). */
const BY_NAME: Record<string, unknown> = {
  email: 'fuzz@example.test',
  address: 'fuzz@example.test',
  account: 'fuzz@example.test',
  phone: '+14155550123',
  country: 'US',
  ip: '69.32.3.1',
  captcha: '4321',
  code: '123456',
  email_code: '123456',
  amount: '10',
  price: '1.5',
  threshold: '10',
  switch: '5',
  auto_renew: 'true',
  remark: 'a remark',
  password: 'correct horse battery',
  new_password: 'correct horse battery',
  confirm_password: 'correct horse battery',
  start: '2026-01-01',
  end: '2026-01-31',
  ids: ['fuzz12345678'],
  provider: 'sandbox',
  path: 'new',
  payway_name: 'charge',
};

/** A plausible valid value for `schema`, so one bad field at a time reaches the handler. */
const sample = (
  document: OpenApiDocument,
  input: JsonSchema | undefined,
  names: Record<string, unknown>,
  depth = 0,
  name = '',
): unknown => {
  const schema = resolve(document, input);
  if (depth > 6) return null;
  if (name in names && !schema.enum && schema.const === undefined) return names[name];
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const options = schema.anyOf ?? schema.oneOf;
  if (options?.length) {
    const chosen = options
      .map((option) => resolve(document, option))
      .find((option) => option.type !== 'null');
    return sample(document, chosen ?? options[0], names, depth + 1, name);
  }
  if (schema.allOf?.length) return sample(document, schema.allOf[0], names, depth + 1, name);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string': {
      if (schema.format === 'email') return 'fuzz@example.test';
      if (schema.format === 'date-time') return '2026-01-01T00:00:00Z';
      if (schema.format === 'date') return '2026-01-01';
      const length = Math.min(Math.max(schema.minLength ?? 0, 12), schema.maxLength ?? 12);
      return 'fuzz12345678'.padEnd(length, 'x').slice(0, length);
    }
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return true;
    case 'array':
      return [sample(document, schema.items, names, depth + 1)];
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, value]) => [
          key,
          sample(document, value, names, depth + 1, key),
        ]),
      );
    default:
      return 'fuzz';
  }
};

const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** The operations of the document, with their parameters and (JSON or form) body schema. */
const operationsOf = (document: OpenApiDocument): Operation[] =>
  Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, raw]) => {
        const operation = raw as OpenApiDocument;
        const content = operation.requestBody?.content as Record<string, { schema: JsonSchema }> | undefined;
        const contentType = content ? (Object.keys(content)[0] ?? 'application/json') : undefined;
        return {
          method: method.toUpperCase(),
          path,
          parameters: (operation.parameters ?? []) as Parameter[],
          body:
            content && contentType
              ? { contentType, schema: resolve(document, content[contentType]?.schema) }
              : undefined,
        };
      }),
  );

/** Text values that should be refused (or ignored) wherever a string goes. */
const BAD_TEXT: Array<[string, string]> = [
  ['NUL', NUL],
  ['control', 'a\u0007\u001bb'],
  ['1 MB', MEGABYTE],
  ['NaN', 'NaN'],
  ['1e309', '1e309'],
  ['-1', '-1'],
  ['empty', ''],
  ['null', 'null'],
  ['array text', '[]'],
];

/** JSON values that should be refused (or ignored) wherever a body property goes. */
const BAD_JSON: Array<[string, string]> = [
  ['null', 'null'],
  ['number', '123'],
  ['negative', '-1'],
  ['1e309', '1e309'],
  ['NaN', 'NaN'],
  ['boolean', 'true'],
  ['array', '[]'],
  ['array of objects', '[{}]'],
  ['object', '{}'],
  ['NUL', JSON.stringify(NUL)],
  ['lone surrogate', '"a\\ud800b"'],
  ['1 MB', JSON.stringify(MEGABYTE)],
  ['big integer', '123456789012345678901234567890'],
  ['object with NUL', '{"k":"a\\u0000b","n":{"m":["\\u0000"]}}'],
  ['object with lone surrogate', '{"k":"\\udc00"}'],
  ['array of NUL', '["a\\u0000"]'],
];

/** Bodies that are wrong as a whole. */
const BAD_BODIES: Array<[string, string, string]> = [
  ['invalid JSON', '{bad', 'application/json'],
  ['truncated JSON', '{"a":', 'application/json'],
  ['JSON null', 'null', 'application/json'],
  ['JSON array', '[]', 'application/json'],
  ['JSON string', '"text"', 'application/json'],
  ['JSON number', '1e309', 'application/json'],
  ['empty JSON', '', 'application/json'],
  ['text/plain', 'hello', 'text/plain'],
  ['application/xml', '<a>1</a>', 'application/xml'],
  [
    'prototype pollution',
    '{"__proto__":{"polluted":1},"constructor":{"prototype":{"x":1}}}',
    'application/json',
  ],
  ['form with NUL', 'a=%00', 'application/x-www-form-urlencoded'],
  ['form with broken escape', 'a=%E0%A4%A', 'application/x-www-form-urlencoded'],
];

/** The fixed corpus for one operation. */
const corpusOf = (
  document: OpenApiDocument,
  operation: Operation,
  names: Record<string, unknown>,
): Probe[] => {
  const params = Object.fromEntries(
    operation.parameters
      .filter((parameter) => parameter.in === 'path')
      .map((parameter) => [
        parameter.name,
        asText(sample(document, parameter.schema, names, 0, parameter.name)),
      ]),
  );
  // Required fields only, so each probe changes one field and leaves the rest plausible.
  const queryNames = operation.parameters
    .filter((parameter) => parameter.in === 'query')
    .map(({ name }) => name);
  const query = Object.fromEntries(
    operation.parameters
      .filter((parameter) => parameter.in === 'query' && parameter.required)
      .map((parameter) => [
        parameter.name,
        asText(sample(document, parameter.schema, names, 0, parameter.name)),
      ]),
  );
  const bodySchema = operation.body ? resolve(document, operation.body.schema) : undefined;
  const bodyNames = Object.keys(bodySchema?.properties ?? {});
  const bodyValue = bodySchema
    ? Object.fromEntries(
        Object.entries((sample(document, bodySchema, names) ?? {}) as Record<string, unknown>).filter(
          ([key]) => bodySchema.required?.includes(key) ?? false,
        ),
      )
    : undefined;
  const isForm = operation.body?.contentType === 'application/x-www-form-urlencoded';
  const encode = (value: unknown) =>
    isForm
      ? new URLSearchParams(
          Object.entries((value ?? {}) as Record<string, unknown>).map(([key, item]): [string, string] => [
            key,
            asText(item),
          ]),
        ).toString()
      : JSON.stringify(value);
  const body = operation.body
    ? { payload: encode(bodyValue), contentType: operation.body.contentType }
    : null;
  const base = { params, query, body };
  const probes: Probe[] = [{ input: 'valid-looking', ...base }];

  for (const name of Object.keys(params)) {
    for (const [label, text] of BAD_TEXT) {
      probes.push({ ...base, input: `path ${name} = ${label}`, params: { ...params, [name]: text } });
    }
  }
  for (const name of queryNames) {
    for (const [label, text] of BAD_TEXT) {
      probes.push({ ...base, input: `query ${name} = ${label}`, query: { ...query, [name]: text } });
    }
  }
  probes.push({ ...base, input: 'query extra field', query: { ...query, unexpected_field: NUL } });

  if (operation.body) {
    const contentType = operation.body.contentType;
    const object = (bodyValue ?? {}) as Record<string, unknown>;
    const json = JSON.stringify(object);
    for (const name of bodyNames) {
      if (isForm) {
        for (const [label, text] of BAD_TEXT) {
          probes.push({
            ...base,
            input: `form ${name} = ${label}`,
            body: { payload: encode({ ...object, [name]: text }), contentType },
          });
        }
      }
      for (const [label, raw] of BAD_JSON) {
        // Splice the raw JSON text in, so NaN and 1e309 travel as written.
        const others = JSON.stringify({ ...object, [name]: '__FUZZ__' });
        probes.push({
          ...base,
          input: `json ${name} = ${label}`,
          body: { payload: others.replace('"__FUZZ__"', raw), contentType: 'application/json' },
        });
      }
    }
    probes.push({
      ...base,
      input: 'body extra fields',
      body: {
        payload: JSON.stringify({ ...object, unexpected_field: NUL, nested_extra: { a: [1] } }),
        contentType: 'application/json',
      },
    });
    probes.push({
      ...base,
      input: 'body as array',
      body: { payload: `[${json}]`, contentType: 'application/json' },
    });
  }
  // GET carries no body; every other method gets the broken bodies, whether it declares one or not.
  if (operation.method !== 'GET') {
    for (const [label, payload, contentType] of BAD_BODIES) {
      probes.push({ ...base, input: `body ${label}`, body: { payload, contentType } });
    }
  }
  return probes;
};

const urlOf = (operation: Operation, probe: Probe) => {
  const path = operation.path.replace(/\{(\w+)\}/g, (_match, name: string) =>
    encodeURIComponent(probe.params?.[name] ?? 'x'),
  );
  const query = new URLSearchParams(probe.query ?? {}).toString();
  return query ? `${path}?${query}` : path;
};

describe('the API under malformed input', () => {
  let t: TestApp;
  let document: OpenApiDocument;
  beforeAll(async () => {
    t = await createTestApp({ CAPTCHA_FIXED: '4321' });
    document = (await t.app.inject({ method: 'GET', url: '/api-docs/openapi.json' })).json();
  });
  afterAll(() => t.close());

  it('answers every operation of the OpenAPI document without a 5xx or a stack trace', async () => {
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(50);
    const failures: string[] = [];
    let sent = 0;
    for (const operation of operations) {
      // A fresh customer per operation: some calls end the session or delete the account.
      const customer = await customerWithBalance(t.database, 1_000_000_000n);
      // And a fresh owner's session (the sign-out operation ends one).
      const operator = await operatorSession(t.database, 'owner');
      const proxy = await createProxy(t.database.db, customer.user.id);
      const names = { ...BY_NAME, token_id: proxy.publicId, ids: [proxy.publicId] };
      for (const probe of corpusOf(document, operation, names)) {
        for (const session of [null, customer.token]) {
          const headers: Record<string, string> = {};
          if (session) {
            headers.authorization = session;
            Object.assign(headers, operator.headers);
          }
          if (probe.body) headers['content-type'] = probe.body.contentType;
          const response = await t.app.inject({
            method: operation.method as 'GET',
            url: urlOf(operation, probe),
            headers,
            ...(probe.body ? { payload: probe.body.payload } : {}),
          });
          sent += 1;
          const where = `${operation.method} ${operation.path} [${probe.input}]${session ? ' signed in' : ''}`;
          if (response.statusCode >= 500)
            failures.push(`${where}: HTTP ${response.statusCode} ${response.body.slice(0, 200)}`);
          else if (STACK.test(response.body))
            failures.push(`${where}: stack trace in ${response.body.slice(0, 200)}`);
        }
      }
    }
    expect(failures, `${failures.length} of ${sent} requests failed`).toEqual([]);
    expect(sent).toBeGreaterThan(1_000);
  }, 300_000); // ~30 s on an idle machine; generous for a loaded one.
});
