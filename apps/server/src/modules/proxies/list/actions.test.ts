import { PROXY_STATUS } from '@ptc/contracts';
import { createProxy } from '@ptc/db/testing';
import { PROXY_CHANGED_CHANNEL } from '@ptc/gateway/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/accounts';
import { customerWithBalance, operatorSession } from '../../../test/factories';
import { createStaticExits, proxyByPublicId } from '../../../test/proxies';
import { createTestApp, type TestApp } from '../../../test/test-app';

const HOUR = 3_600_000;

describe('proxy actions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const customer = () => customerWithBalance(t.database, 10_000_000n);
  const proxyOf = (userId: bigint, overrides: Parameters<typeof createProxy>[2] = {}) =>
    createProxy(db(), userId, { family: 'dynamic-ip', country: 'US', ...overrides });

  /** Every action on one proxy id, as the console sends them. */
  const everyAction = (token: string, id: string) =>
    Promise.all([
      call(t.app, 'PUT', `/proxy/token/status/${id}?switch=6`, { token }),
      call(t.app, 'PUT', '/proxy/token/status/batch/6', { token, body: { ids: [id] } }),
      call(t.app, 'DELETE', `/proxy/token/${id}`, { token }),
      call(t.app, 'DELETE', '/proxy/tokens', { token, body: { ids: [id] } }),
      call(t.app, 'PUT', `/proxy/token/renew/${id}`, { token }),
      call(t.app, 'POST', `/proxy/token/renew/${id}`, { token, form: { auto_renew: 'true' } }),
      call(t.app, 'PUT', `/proxy/token/rotation/${id}`, { token }),
      call(t.app, 'PUT', `/proxy/token/remark/${id}`, { token, form: { remark: 'mine now' } }),
      call(t.app, 'GET', `/proxy/token/qr_code?token_id=${id}`, { token }),
      call(t.app, 'POST', '/proxy/test', { token, form: { token_id: id } }),
      call(t.app, 'POST', '/proxy/output/tokens/static/ip', { token, body: { ids: [id], format: 'csv' } }),
    ]);

  it("answers 4005 for every action on another user's proxy exactly as for a missing one, and changes nothing", async () => {
    const [owner, intruder] = await Promise.all([customer(), customer()]);
    const [exit] = await createStaticExits(db(), 1, { prefix: '10.90.1' });
    const proxy = await proxyOf(owner.user.id, {
      family: 'static-ip',
      exitId: exit?.id,
      exitType: 'residential',
      renewDays: 1,
      expiresAt: new Date(Date.now() - HOUR),
      status: PROXY_STATUS.EXPIRED,
    });
    const foreign = await everyAction(intruder.token, proxy.publicId);
    const missing = await everyAction(intruder.token, 'p0000000000000000000');
    for (const [index, answer] of foreign.entries()) {
      expect(answer, `action ${index}`).toEqual({
        status: 404,
        code: 4005,
        msg: 'No such proxy record',
        data: null,
      });
      expect(missing[index], `action ${index}`).toEqual(answer);
    }
    const after = await proxyByPublicId(db(), proxy.publicId);
    expect(after).toEqual(proxy);
  });

  it('switches one proxy or a selection off and on, telling the gateways', async () => {
    const owner = await customer();
    const [a, b] = await Promise.all([proxyOf(owner.user.id), proxyOf(owner.user.id)]);
    if (!a || !b) throw new Error('no proxies');
    const announced: string[] = [];
    const unlisten = await t.database.listen(PROXY_CHANGED_CHANNEL, (id) => announced.push(id));
    const off = await call(t.app, 'PUT', `/proxy/token/status/${a.publicId}?switch=6`, {
      token: owner.token,
    });
    expect(off).toMatchObject({ code: 0, data: { id: a.publicId, switch: 6 } });
    await expect.poll(() => announced).toContain(a.id.toString());
    const batch = await call(t.app, 'PUT', '/proxy/token/status/batch/6', {
      token: owner.token,
      body: { ids: [a.publicId, b.publicId] },
    });
    expect(batch.data).toEqual({ updated: 2 });
    expect((await proxyByPublicId(db(), b.publicId)).switch).toBe(6);
    const on = await call(t.app, 'PUT', '/proxy/token/status/batch/5', {
      token: owner.token,
      body: { ids: [a.publicId, b.publicId] },
    });
    expect(on.data).toEqual({ updated: 2 });
    expect((await proxyByPublicId(db(), a.publicId)).switch).toBe(5);
    await unlisten();

    const wrong = await call(t.app, 'PUT', `/proxy/token/status/${a.publicId}?switch=3`, {
      token: owner.token,
    });
    expect(wrong.code).toBe(1002);
    const empty = await call(t.app, 'PUT', '/proxy/token/status/batch/6', {
      token: owner.token,
      body: { ids: [] },
    });
    expect(empty.code).toBe(1002);
  });

  it('tells the gateways once that anything may have changed when a batch switches more than 100 proxies', async () => {
    const owner = await customer();
    const many = [];
    for (let index = 0; index < 101; index += 1) many.push(await proxyOf(owner.user.id));
    const announced: string[] = [];
    const unlisten = await t.database.listen(PROXY_CHANGED_CHANNEL, (id) => announced.push(id));
    const batch = await call(t.app, 'PUT', '/proxy/token/status/batch/6', {
      token: owner.token,
      body: { ids: many.map((proxy) => proxy.publicId) },
    });
    expect(batch.data).toEqual({ updated: 101 });
    await expect.poll(() => announced).toEqual(['']);
    await unlisten();
  });

  it('deletes one proxy softly and frees its static address; the deleted list shows it', async () => {
    const owner = await customer();
    const [exit] = await createStaticExits(db(), 1, { prefix: '10.90.2', city: 'newrochelle' });
    const proxy = await proxyOf(owner.user.id, {
      family: 'static-traffic',
      exitId: exit?.id,
      exitType: 'residential',
    });
    const store = () =>
      call(t.app, 'GET', '/proxy/store/static?type=residential&country=US&city=newrochelle', {
        token: owner.token,
      });
    expect((await store()).data.records).toEqual([]);
    const deleted = await call(t.app, 'DELETE', `/proxy/token/${proxy.publicId}`, { token: owner.token });
    expect(deleted).toMatchObject({ code: 0, data: { done: true } });
    expect((await store()).data.records.map((item: { ip: string }) => item.ip)).toEqual([exit?.ip]);
    const live = await call(t.app, 'GET', '/proxy/tokens/static/traffic', { token: owner.token });
    expect(live.data.total).toBe(0);
    const gone = await call(t.app, 'GET', '/proxy/tokens/static/traffic?deleted=true', {
      token: owner.token,
    });
    expect(gone.data.data).toMatchObject([{ id: proxy.publicId, deleted: true, ip: exit?.ip }]);
    const again = await call(t.app, 'DELETE', `/proxy/token/${proxy.publicId}`, { token: owner.token });
    expect(again.code).toBe(4005);
  });

  it('refuses a batch delete that includes a non-expired proxy and changes nothing; deletes all-expired selections', async () => {
    const owner = await customer();
    const past = new Date(Date.now() - HOUR);
    const expired = await proxyOf(owner.user.id, { status: PROXY_STATUS.EXPIRED, expiresAt: past });
    const lapsed = await proxyOf(owner.user.id, { expiresAt: past });
    const live = await proxyOf(owner.user.id, { expiresAt: new Date(Date.now() + HOUR) });
    const refused = await call(t.app, 'DELETE', '/proxy/tokens', {
      token: owner.token,
      body: { ids: [expired.publicId, lapsed.publicId, live.publicId] },
    });
    expect(refused).toMatchObject({ code: 4015, status: 409, msg: 'Only expired proxies can be deleted' });
    for (const proxy of [expired, lapsed, live])
      expect((await proxyByPublicId(db(), proxy.publicId)).deletedAt).toBeNull();
    const done = await call(t.app, 'DELETE', '/proxy/tokens', {
      token: owner.token,
      body: { ids: [expired.publicId, lapsed.publicId] },
    });
    expect(done).toMatchObject({ code: 0, data: { deleted: 2 } });
    expect((await proxyByPublicId(db(), lapsed.publicId)).deletedAt).not.toBeNull();
    expect((await proxyByPublicId(db(), live.publicId)).deletedAt).toBeNull();
    const none = await call(t.app, 'DELETE', '/proxy/tokens', { token: owner.token, body: { ids: [] } });
    expect(none.code).toBe(1002);
  });

  it('toggles rotation of proxies paid by traffic, in the US and Taiwan only', async () => {
    const owner = await customer();
    const us = await proxyOf(owner.user.id, { family: 'dynamic-traffic' });
    const tw = await proxyOf(owner.user.id, { family: 'static-traffic', country: 'TW' });
    const de = await proxyOf(owner.user.id, { family: 'dynamic-traffic', country: 'DE' });
    const toggle = (id: string) => call(t.app, 'PUT', `/proxy/token/rotation/${id}`, { token: owner.token });
    expect((await toggle(us.publicId)).data).toMatchObject({ rotation: true });
    expect((await toggle(us.publicId)).data).toMatchObject({ rotation: false });
    expect((await toggle(tw.publicId)).data).toMatchObject({ rotation: true });
    expect(await toggle(de.publicId)).toMatchObject({ code: 4001 });
    for (const family of ['dynamic-ip', 'static-ip'] as const) {
      expect((await toggle((await proxyOf(owner.user.id, { family })).publicId)).code, family).toBe(1002);
    }
  });

  it('sets, replaces and clears a remark from the form or the query, at most 200 characters', async () => {
    const owner = await customer();
    const proxy = await proxyOf(owner.user.id);
    const url = `/proxy/token/remark/${proxy.publicId}`;
    expect(
      (await call(t.app, 'PUT', url, { token: owner.token, form: { remark: 'shop 1' } })).data.remark,
    ).toBe('shop 1');
    expect((await call(t.app, 'PUT', `${url}?remark=shop%202`, { token: owner.token })).data.remark).toBe(
      'shop 2',
    );
    const long = await call(t.app, 'PUT', url, { token: owner.token, form: { remark: 'x'.repeat(201) } });
    expect(long.code).toBe(1002);
    expect((await call(t.app, 'PUT', url, { token: owner.token })).code).toBe(1001);
    expect(
      (await call(t.app, 'PUT', url, { token: owner.token, form: { remark: '' } })).data.remark,
    ).toBeNull();
  });

  it('answers the proxy URL for the QR code, in the scheme of its protocol', async () => {
    const owner = await customer();
    const http = await proxyOf(owner.user.id);
    const socks = await proxyOf(owner.user.id, { protocol: 'socks5' });
    const qr = (id: string) =>
      call(t.app, 'GET', `/proxy/token/qr_code?token_id=${id}`, { token: owner.token });
    const { gateway } = t.app.config;
    expect((await qr(http.publicId)).data.url).toBe(
      `http://${http.username}:${http.password}@${gateway.publicHost}:${gateway.port}`,
    );
    expect((await qr(socks.publicId)).data.url).toMatch(/^socks5:\/\//);
  });

  it('quotes prices before a purchase and lets the operator change them', async () => {
    const operator = await createTestApp();
    try {
      const { token } = await customerWithBalance(operator.database, 0n);
      const quote = (query: string) => call(operator.app, 'GET', `/proxy/price?${query}`, { token });
      expect((await quote('family=dynamic-ip&count=4')).data).toEqual({
        unit_price: '0.15',
        unit: 'ip',
        total: '0.60',
      });
      expect((await quote('family=static-ip&type=residential&days=30&count=2')).data).toEqual({
        unit_price: '7.99',
        unit: '30days',
        total: '15.98',
      });
      expect((await quote('family=static-ip&type=datacenter&days=1')).data).toMatchObject({
        unit_price: '0.25',
        unit: 'day',
      });
      expect((await quote('family=dynamic-traffic&line=3')).data).toEqual({
        unit_price: '3.00',
        unit: 'gb',
        total: '0.00',
      });
      expect((await quote('family=static-traffic&type=datacenter')).data).toMatchObject({
        unit_price: '1.00',
      });

      const finance = (await operatorSession(operator.database, 'finance')).headers;
      const edit = (key: string, price: string, headers: Record<string, string> = {}) =>
        call(operator.app, 'PUT', `/admin/prices/${key}`, { body: { price }, headers });
      expect((await edit('dynamic_ip', '0.2')).code).toBe(2004);
      expect((await edit('dynamic_ip', '0.2', { 'x-operator-session': 'wrong' })).code).toBe(2004);
      expect((await edit('dynamic_ip', '0.2', { authorization: token })).code).toBe(2004);
      expect((await edit('nope', '0.2', finance)).code).toBe(1002);
      expect((await edit('dynamic_ip', '0', finance)).code).toBe(3003);
      expect((await edit('dynamic_ip', '0.2', finance)).data).toEqual({
        key: 'dynamic_ip',
        price: '0.20',
        unit: 'ip',
      });
      expect((await quote('family=dynamic-ip&count=4')).data.total).toBe('0.80');
      const support = (await operatorSession(operator.database, 'support')).headers;
      expect((await edit('dynamic_ip', '1', support)).status).toBe(403);
    } finally {
      await operator.close();
    }
  });
});
