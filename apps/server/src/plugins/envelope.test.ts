import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../test/test-app';

describe('the response envelope', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    t.app.get('/boom', async () => {
      throw new Error('secret internals at /srv/app.ts:42');
    });
    t.app.post(
      '/echo',
      {
        schema: {
          body: z.object({
            name: z.string().min(1),
            count: z.coerce.number().int(),
            tags: z.array(z.string()).optional(),
            nested: z.object({ flag: z.boolean() }).optional(),
          }),
        },
      },
      async (request) => ({ code: 0, msg: 'success', data: request.body }),
    );
    t.app.get('/context', async (request) => ({ code: 0, msg: 'success', data: request.ctx }));
  });
  afterAll(() => t.close());

  const post = (payload: string, contentType = 'application/json') =>
    t.app.inject({ method: 'POST', url: '/echo', payload, headers: { 'content-type': contentType } });

  it('answers an unknown API route with a 404 envelope', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await t.app.inject({ method, url: '/api/no/such/call' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        code: 404,
        msg: `Not found: ${method} /api/no/such/call`,
        data: null,
      });
    }
  });

  it('answers an unexpected error with a 500 envelope that leaks nothing', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: 500, msg: 'Internal error', data: null });
    expect(response.body).not.toContain('secret');
    expect(response.body).not.toContain('.ts');
  });

  it('answers a missing field with 1001 naming it', async () => {
    const response = await post(JSON.stringify({ count: 1 }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 1001, msg: 'Argument missing: name is required' });
    expect(response.json().data.fields).toContainEqual({ field: 'name', reason: 'missing' });
  });

  it('counts an empty string as missing', async () => {
    const response = await post(JSON.stringify({ name: '', count: 1 }));
    expect(response.json()).toMatchObject({ code: 1001, msg: 'Argument missing: name is required' });
  });

  it('answers a wrongly typed field with 1002 naming it', async () => {
    const response = await post(JSON.stringify({ name: 'a', count: 'many' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(1002);
    expect(response.json().msg).toMatch(/^Argument type error: count: /);
  });

  it('names a nested field by its path', async () => {
    const response = await post(JSON.stringify({ name: 'a', count: 1, nested: { flag: 'yes' }, tags: [1] }));
    expect(response.json().code).toBe(1002);
    expect(response.json().data.fields).toEqual(
      expect.arrayContaining([
        { field: 'nested.flag', reason: 'type' },
        { field: 'tags.0', reason: 'type' },
      ]),
    );
  });

  it('answers a body that is not JSON with 1002, not 500', async () => {
    for (const payload of ['{bad', '[1,', 'null', '"text"']) {
      const response = await post(payload);
      expect(response.statusCode).toBe(400);
      expect([1001, 1002]).toContain(response.json().code);
    }
  });

  it('answers an empty JSON body with 1001', async () => {
    const response = await post('');
    expect(response.json().code).toBe(1001);
  });

  it('answers an unsupported content type with the protocol error', async () => {
    const response = await post('<xml/>', 'application/xml');
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(-1001);
  });

  it('accepts form bodies and coerces their numbers', async () => {
    const response = await post('name=alice&count=3', 'application/x-www-form-urlencoded');
    expect(response.json()).toEqual({ code: 0, msg: 'success', data: { name: 'alice', count: 3 } });
    const missing = await post('count=3', 'application/x-www-form-urlencoded');
    expect(missing.json().code).toBe(1001);
  });

  it('reads lang, tz, Authorization, ref and anniv into the request context', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/context',
      headers: {
        lang: 'ru',
        tz: 'Europe/Moscow',
        authorization: 'Bearer abc',
        ref: 'FRIEND1',
        anniv: '2026',
      },
    });
    expect(response.json().data).toEqual({
      lang: 'ru-RU',
      tz: 'Europe/Moscow',
      token: 'abc',
      ref: 'FRIEND1',
      anniv: '2026',
    });
  });

  it('falls back to en-US and UTC for unknown languages and zones', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/context',
      headers: { lang: 'xx-YY', tz: 'Mars/Olympus', authorization: 'raw-token' },
    });
    expect(response.json().data).toEqual({
      lang: 'en-US',
      tz: 'UTC',
      token: 'raw-token',
      ref: null,
      anniv: null,
    });
  });
});
