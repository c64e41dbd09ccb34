import { createProxy } from '@ptc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/accounts';
import { signedInCustomer } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

/** Quick access attacked from outside (issue #18): hostile text, other customers' ids, odd paths. */
describe('quick access under attack', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await t?.close();
  });

  const customer = async () => {
    const signed = await signedInCustomer(t.database);
    const proxy = await createProxy(t.database.db, signed.user.id);
    const entry = await call(t.app, 'POST', '/proxy/quick_access', {
      token: signed.token,
      body: { url: 'https://own.example/', remark: 'mine', proxy_id: proxy.publicId },
    });
    if (entry.code !== 0) throw new Error(`entry refused: ${entry.code}`);
    return { ...signed, proxy, entryId: entry.data.id as string };
  };

  /** Sends raw JSON text, as a hostile client would (escapes and bytes the test helpers would not make). */
  const raw = (method: string, path: string, token: string, text: string) =>
    fetch(`${base}/api${path}`, {
      method,
      headers: { authorization: token, 'content-type': 'application/json' },
      body: text,
    });

  it('NUL and other controls in the URL, remark or proxy id answer 1002 (never a 500) and store nothing', async () => {
    const a = await customer();
    const bodies = [
      `{"url":"https://a.example/\\u0000x","proxy_id":"${a.proxy.publicId}"}`,
      `{"url":"https://a.example/","remark":"a\\u0000b","proxy_id":"${a.proxy.publicId}"}`,
      `{"url":"https://a.example/","remark":"line\\nbreak","proxy_id":"${a.proxy.publicId}"}`,
      `{"url":"https://a.example/","proxy_id":"${a.proxy.publicId}\\u0000"}`,
      `{"url":"https://a.example/\\ud800","proxy_id":"${a.proxy.publicId}"}`,
      `{"url":"https://a.example/","proxy_id":"${a.proxy.publicId}","remark":"\\u001b[31m"}`,
      `{"url\\u0000":"https://a.example/","proxy_id":"${a.proxy.publicId}"}`,
      `{"url":"https://a.example/\u0000","proxy_id":"${a.proxy.publicId}"}`,
      `{"url":["https://a.example/"],"proxy_id":"${a.proxy.publicId}"}`,
      `{"url":{"toString":"x"},"proxy_id":"${a.proxy.publicId}"}`,
      `{"url":"https://a.example/","proxy_id":${a.proxy.id}}`,
      `{"url":"https://${'a'.repeat(3000)}.example/","proxy_id":"${a.proxy.publicId}"}`,
      `{"url":"https://a.example/","remark":"${'я'.repeat(201)}","proxy_id":"${a.proxy.publicId}"}`,
      `{"url":"https://a.example/","proxy_id":"${'p'.repeat(10_000)}"}`,
    ];
    for (const method of ['POST', 'PUT'] as const) {
      const path = method === 'POST' ? '/proxy/quick_access' : `/proxy/quick_access/${a.entryId}`;
      for (const body of bodies) {
        const response = await raw(method, path, a.token, body);
        const answer = (await response.json()) as { code: number };
        expect(response.status, `${method} ${body.slice(0, 60)}`).toBe(400);
        expect([1001, 1002], `${method} ${body.slice(0, 60)}`).toContain(answer.code);
      }
    }
    const listed = await call(t.app, 'GET', '/proxy/quick_access', { token: a.token });
    expect(listed.data.list).toEqual([
      expect.objectContaining({ url: 'https://own.example/', remark: 'mine' }),
    ]);
  });

  it("another customer's entry or proxy answers exactly like a missing one, and nothing of theirs changes", async () => {
    const a = await customer();
    const b = await customer();
    const same = (
      x: { status: number; code: number; msg: string },
      y: { status: number; code: number; msg: string },
    ) =>
      expect({ status: x.status, code: x.code, msg: x.msg }).toEqual({
        status: y.status,
        code: y.code,
        msg: y.msg,
      });

    // B's entry, from A.
    const body = { url: 'https://stolen.example/', proxy_id: a.proxy.publicId };
    same(
      await call(t.app, 'PUT', `/proxy/quick_access/${b.entryId}`, { token: a.token, body }),
      await call(t.app, 'PUT', '/proxy/quick_access/qa_missing0000000000000', { token: a.token, body }),
    );
    same(
      await call(t.app, 'DELETE', `/proxy/quick_access/${b.entryId}`, { token: a.token }),
      await call(t.app, 'DELETE', '/proxy/quick_access/qa_missing0000000000000', { token: a.token }),
    );
    expect((await call(t.app, 'DELETE', `/proxy/quick_access/${b.entryId}`, { token: a.token })).status).toBe(
      404,
    );

    // B's proxy, named by A (adding, or moving A's own entry onto it).
    const theirs = { url: 'https://a.example/', proxy_id: b.proxy.publicId };
    const missing = { url: 'https://a.example/', proxy_id: 'p_missing00000' };
    same(
      await call(t.app, 'POST', '/proxy/quick_access', { token: a.token, body: theirs }),
      await call(t.app, 'POST', '/proxy/quick_access', { token: a.token, body: missing }),
    );
    const moved = await call(t.app, 'PUT', `/proxy/quick_access/${a.entryId}`, {
      token: a.token,
      body: theirs,
    });
    expect(moved).toMatchObject({ status: 404, code: 4005 });
    same(
      moved,
      await call(t.app, 'PUT', `/proxy/quick_access/${a.entryId}`, { token: a.token, body: missing }),
    );

    // B's list is as B left it; A sees only A's entry.
    const bList = await call(t.app, 'GET', '/proxy/quick_access', { token: b.token });
    expect(bList.data.list).toEqual([
      expect.objectContaining({ id: b.entryId, url: 'https://own.example/', proxy_id: b.proxy.publicId }),
    ]);
    const aList = await call(t.app, 'GET', '/proxy/quick_access', { token: a.token });
    expect(aList.data.list.map((entry: { id: string }) => entry.id)).toEqual([a.entryId]);
    expect(JSON.stringify(aList.data)).not.toContain(b.proxy.publicId);
  });

  it('entry ids of any shape answer 404 or 1002, never a 5xx', async () => {
    const a = await customer();
    for (const id of [
      '%00',
      `${a.entryId}%00`,
      'x'.repeat(10_000),
      encodeURIComponent('запись-🔖'),
      '-1',
      '0',
      encodeURIComponent("' OR 1=1 --"),
      '%25',
      '..%2F..%2Fproxy%2Fquick_access',
      '%ED%A0%80',
      '%E0%A4%A',
    ]) {
      for (const method of ['PUT', 'DELETE']) {
        const response = await fetch(`${base}/api/proxy/quick_access/${id}`, {
          method,
          headers: { authorization: a.token, 'content-type': 'application/json' },
          body:
            method === 'PUT'
              ? JSON.stringify({ url: 'https://x.example/', proxy_id: a.proxy.publicId })
              : undefined,
        });
        expect(response.status, `${method} ${id.slice(0, 40)}`).toBeLessThan(500);
        expect([400, 404], `${method} ${id.slice(0, 40)}`).toContain(response.status);
      }
    }
    expect((await call(t.app, 'GET', '/proxy/quick_access', { token: a.token })).data.total).toBe(1);
  });

  it('list paging of any shape answers 1002 or a page, never a 5xx', async () => {
    const a = await customer();
    for (const query of [
      'page=0',
      'page=-1',
      'page=1e309',
      'page_size=0',
      'page_size=201',
      'page=%00',
      'page=1&page=2',
    ]) {
      const response = await fetch(`${base}/api/proxy/quick_access?${query}`, {
        headers: { authorization: a.token },
      });
      expect(response.status, query).toBeLessThan(500);
    }
  });
});
