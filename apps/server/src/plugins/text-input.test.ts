import { multiline, multilineText } from '@ptc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../test/test-app';
import { findTextInputIssues } from './text-input';

describe('the text rules of every input', () => {
  const schema = z.object({
    name: z.string().max(50),
    note: multilineText(500).optional(),
    tags: z.array(z.string()).optional(),
    detail: multiline(z.record(z.string(), z.unknown())).optional(),
    nested: z.object({ label: z.string() }).nullish(),
  });

  it('accepts ordinary text, including non-Latin scripts, emoji and surrogate pairs', () => {
    expect(findTextInputIssues(schema, { name: 'Привет 你好 😀 café', tags: ['a b'] })).toEqual([]);
  });

  it('refuses NUL, other C0 controls and DEL wherever a string is, naming its path', () => {
    const data = { name: 'a\u0000b', tags: ['ok', 'x\u001by'], nested: { label: 'del\u007f' } };
    expect(findTextInputIssues(schema, data)).toEqual([
      { instancePath: '/name', message: 'control characters are not allowed' },
      { instancePath: '/tags/1', message: 'control characters are not allowed' },
      { instancePath: '/nested/label', message: 'control characters are not allowed' },
    ]);
  });

  it('refuses TAB, LF and CR in single-line fields', () => {
    for (const text of ['a\tb', 'a\nb', 'a\rb']) {
      expect(findTextInputIssues(schema, { name: text })).toHaveLength(1);
    }
  });

  it('takes TAB, LF and CR where the field is marked multi-line, even wrapped or nested, but never NUL', () => {
    expect(findTextInputIssues(schema, { name: 'a', note: 'line 1\r\nline 2\tend' })).toEqual([]);
    expect(findTextInputIssues(schema, { name: 'a', detail: { text: 'a\nb', list: ['c\td'] } })).toEqual([]);
    expect(findTextInputIssues(schema, { name: 'a', note: 'a\u0000b' })).toEqual([
      { instancePath: '/note', message: 'control characters are not allowed' },
    ]);
    expect(findTextInputIssues(schema, { name: 'a', detail: { deep: ['\u0000'] } })).toHaveLength(1);
  });

  it('refuses lone UTF-16 surrogates', () => {
    expect(findTextInputIssues(schema, { name: 'a\ud800b' })).toEqual([
      { instancePath: '/name', message: 'invalid Unicode text (lone surrogate)' },
    ]);
    expect(findTextInputIssues(schema, { name: '\udc00' })).toHaveLength(1);
  });

  it('checks unknown fields and field names too, since records and loose objects pass them on', () => {
    expect(findTextInputIssues(schema, { name: 'a', extra: 'b\u0000' })).toHaveLength(1);
    expect(findTextInputIssues(schema, { name: 'a', detail: { 'k\u0000': 1 } })).toEqual([
      { instancePath: '/detail/k\u0000', message: 'field name: control characters are not allowed' },
    ]);
  });

  it('looks only at declared fields when asked (headers)', () => {
    const headers = z.object({ 'x-id': z.string() });
    expect(findTextInputIssues(headers, { 'x-id': 'a', other: 'b\u0000' }, true)).toEqual([]);
    expect(findTextInputIssues(headers, { 'x-id': 'a\u0000' }, true)).toHaveLength(1);
  });

  describe('as the app validator', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
      t.app.post(
        '/echo/:slug',
        {
          schema: {
            params: z.object({ slug: z.string() }),
            querystring: z.object({ q: z.string().optional() }),
            body: z.object({ remark: z.string().max(200), note: multilineText(500).optional() }),
          },
        },
        async (request) => ({ code: 0, msg: 'success', data: request.body }),
      );
    });
    afterAll(() => t.close());

    const post = (url: string, body: unknown) =>
      t.app.inject({
        method: 'POST',
        url,
        payload: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      });

    it('answers 1002 naming the field, for params, query and body alike', async () => {
      const cases: Array<[string, unknown, string]> = [
        ['/echo/a%00b', { remark: 'x' }, 'slug'],
        ['/echo/a?q=%00', { remark: 'x' }, 'q'],
        ['/echo/a', { remark: 'x\u0000' }, 'remark'],
      ];
      for (const [url, body, field] of cases) {
        const response = await post(url, body);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          code: 1002,
          msg: `Argument type error: ${field}: control characters are not allowed`,
          data: { fields: [{ field, reason: 'type' }] },
        });
      }
    });

    it('lets line breaks through a multi-line field only', async () => {
      const multi = await post('/echo/a', { remark: 'x', note: 'one\ntwo' });
      expect(multi.json()).toEqual({ code: 0, msg: 'success', data: { remark: 'x', note: 'one\ntwo' } });
      const single = await post('/echo/a', { remark: 'one\ntwo' });
      expect(single.json().code).toBe(1002);
    });

    it('answers a lone surrogate in JSON text with 1002', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/echo/a',
        payload: '{"remark":"\\ud800"}',
        headers: { 'content-type': 'application/json' },
      });
      expect(response.json()).toMatchObject({
        code: 1002,
        msg: 'Argument type error: remark: invalid Unicode text (lone surrogate)',
      });
    });
  });
});
