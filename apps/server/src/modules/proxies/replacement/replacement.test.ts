import { PROXY_STATUS } from '@ptc/contracts';
import { eq, exits, ledgerEntries, proxies, proxyReplacements } from '@ptc/db';
import { createExit } from '@ptc/db/testing';
import { socksExchange } from '@ptc/gateway/testing/socks-client';
import { startEchoTarget } from '@ptc/gateway/testing/targets';
import { startSocksUpstream, type TestUpstream } from '@ptc/gateway/testing/upstream-proxies';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningGateway, startGateway } from '../../../gateway';
import { call } from '../../../test/accounts';
import { customerWithBalance } from '../../../test/factories';
import {
  createStaticExits,
  freePort,
  gatewayTestEnv,
  generate,
  generateOk,
  ledgerOf,
  proxyByPublicId,
} from '../../../test/proxies';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { callWithKey, createKey } from '../../public-api/public-api.test-helpers';

const PTC = 1_000_000n;
const HOUR = 3_600_000;

let requests = 0;
/** A fresh request id, as the console makes one per dialog. */
const newRequestId = () => {
  requests += 1;
  return `req-${Date.now().toString(36)}-${requests}`;
};

describe('replacing the address of a static proxy (issue #21)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  let places = 0;
  /**
   * `count` static addresses in a city of their own, and a customer who bought the first of them
   * (a 30-day static IP unless said otherwise): tests never share addresses.
   */
  const buyInOwnCity = async (
    count: number,
    options: { path?: 'static/ip' | 'static/traffic'; type?: 'residential' | 'datacenter' } = {},
  ) => {
    places += 1;
    const city = `replacecity${places}`;
    const type = options.type ?? 'residential';
    const created = await createStaticExits(db(), count, { prefix: `10.77.${places}`, city, type });
    const buyer = await customerWithBalance(t.database, 50n * PTC);
    const path = options.path ?? 'static/ip';
    const bought = await generateOk(t.app, db(), buyer, path, {
      type,
      country: 'US',
      state: 'NY',
      city,
      ...(path === 'static/ip' ? { days: 30 } : {}),
    });
    return { buyer, row: bought.data[0], city, exits: created };
  };
  const replace = (
    token: string,
    id: string,
    body: Record<string, unknown> = { reason: 'unhealthy', request_id: newRequestId() },
  ) => call(t.app, 'POST', `/proxy/token/replace/${id}`, { token, body });
  const replacementsOf = (proxyId: bigint) =>
    db().select().from(proxyReplacements).where(eq(proxyReplacements.proxyId, proxyId));

  it('gives a static IP another address of its area, keeping credentials and expiry, at no charge in the money trail', async () => {
    const { buyer, row, city } = await buyInOwnCity(3);
    const before = await proxyByPublicId(db(), row.id);
    await db().update(proxies).set({ status: PROXY_STATUS.UNHEALTHY }).where(eq(proxies.id, before.id));
    const balanceBefore = (await call(t.app, 'GET', '/user/info', { token: buyer.token })).data.balance;
    const limits = await call(t.app, 'GET', `/proxy/token/replacement/${row.id}`, { token: buyer.token });
    expect(limits.data).toMatchObject({ period_days: 30, proxy_limit: 3, proxy_left: 3, account_left: 20 });

    const answer = await replace(buyer.token, row.id, {
      reason: 'slow',
      note: 'pages take 10 s',
      request_id: newRequestId(),
    });
    expect(answer.code).toBe(0);
    expect(answer.data).toMatchObject({
      old_ip: row.ip,
      reason: 'slow',
      repeated: false,
      limits: { proxy_used: 1, proxy_left: 2, account_used: 1, account_left: 19, next_at: null },
      proxy: {
        id: row.id,
        username: row.username,
        password: row.password,
        expire_time: row.expire_time,
        status: PROXY_STATUS.NORMAL,
        area: { country: 'US', state: 'NY', city },
      },
    });
    expect(answer.data.new_ip).toMatch(new RegExp(`^10\\.77\\.${places}\\.\\d$`));
    expect(answer.data.new_ip).not.toBe(row.ip);
    expect(answer.data.proxy.ip).toBe(answer.data.new_ip);

    const after = await proxyByPublicId(db(), row.id);
    expect(after).toMatchObject({
      username: before.username,
      password: before.password,
      expiresAt: before.expiresAt,
      costTotal: before.costTotal,
      status: PROXY_STATUS.NORMAL,
    });
    expect(after.exitId).not.toBe(before.exitId);
    // The list shows the new address; the balance did not move.
    const list = await call(t.app, 'GET', '/proxy/tokens/static/ip', { token: buyer.token });
    expect(list.data.data.find((proxy: { id: string }) => proxy.id === row.id).ip).toBe(answer.data.new_ip);
    expect((await call(t.app, 'GET', '/user/info', { token: buyer.token })).data.balance).toBe(balanceBefore);
    const entries = await ledgerOf(db(), buyer.user.id);
    const last = entries.at(-1);
    expect(last).toMatchObject({ kind: 'replacement', amount: 0n, referenceId: row.id });
    expect(last?.balanceAfter).toBe(entries.at(-2)?.balanceAfter);
    const trail = await call(t.app, 'GET', '/proxy/charges/ledger?kind=replacement', { token: buyer.token });
    expect(trail.data.total).toBe(1);
    expect(trail.data.data[0]).toMatchObject({
      kind: 'replacement',
      amount: '0.000000',
      detail: {
        reference: row.id,
        family: 'static-ip',
        city,
        replaced_ip: row.ip,
        new_ip: answer.data.new_ip,
        replacement_reason: 'slow',
      },
    });
    expect(await replacementsOf(before.id)).toEqual([
      expect.objectContaining({
        reason: 'slow',
        note: 'pages take 10 s',
        oldIp: row.ip,
        newIp: answer.data.new_ip,
      }),
    ]);

    // The old address went back to the pool: another customer buys exactly it.
    const other = await customerWithBalance(t.database, 50n * PTC);
    const rebought = await generateOk(t.app, db(), other, 'static/ip', {
      type: 'residential',
      country: 'US',
      state: 'NY',
      city,
      days: 30,
      count: 2,
    });
    expect(rebought.data.map((proxy: { ip: string }) => proxy.ip)).toContain(row.ip);
  });

  it('replaces a static proxy paid by traffic too, and quarantines an address blocked by a target site', async () => {
    const {
      buyer,
      row,
      city,
      exits: created,
    } = await buyInOwnCity(2, {
      path: 'static/traffic',
      type: 'datacenter',
    });
    const answer = await replace(buyer.token, row.id, { reason: 'blocked', request_id: newRequestId() });
    expect(answer.code).toBe(0);
    expect(answer.data.proxy).toMatchObject({ id: row.id, username: row.username, type: 'datacenter' });
    const old = created.find((exit) => exit.ip === row.ip);
    const [quarantined] = await db()
      .select()
      .from(exits)
      .where(eq(exits.id, old?.id ?? 0n));
    const until = quarantined?.quarantinedUntil?.getTime() ?? 0;
    expect(until).toBeGreaterThan(Date.now() + 71 * HOUR);
    expect(until).toBeLessThan(Date.now() + 73 * HOUR);
    // Nobody buys a quarantined address: the area has no free one.
    const other = await customerWithBalance(t.database, 50n * PTC);
    const refused = await generate(t.app, other.token, 'static/traffic', {
      type: 'datacenter',
      country: 'US',
      state: 'NY',
      city,
    });
    expect(refused.code).not.toBe(0);
    // Its quarantine over, it is for sale again.
    await db()
      .update(exits)
      .set({ quarantinedUntil: new Date(Date.now() - 1000) })
      .where(eq(exits.id, old?.id ?? 0n));
    const bought = await generateOk(t.app, db(), other, 'static/traffic', {
      type: 'datacenter',
      country: 'US',
      state: 'NY',
      city,
    });
    expect(bought.data[0].ip).toBe(row.ip);
  });

  it('refuses with 4004 and changes nothing when the area has no other free address', async () => {
    const { buyer, row } = await buyInOwnCity(1);
    const before = await proxyByPublicId(db(), row.id);
    const entries = (await ledgerOf(db(), buyer.user.id)).length;
    const answer = await replace(buyer.token, row.id);
    expect(answer).toMatchObject({ status: 404, code: 4004 });
    expect(await proxyByPublicId(db(), row.id)).toMatchObject({
      exitId: before.exitId,
      status: before.status,
    });
    expect(await ledgerOf(db(), buyer.user.id)).toHaveLength(entries);
    expect(await replacementsOf(before.id)).toEqual([]);
  });

  it('allows 3 replacements per proxy and 20 per account in 30 days (operator settings), then 101 until the oldest leaves the period', async () => {
    const { buyer, row } = await buyInOwnCity(6);
    for (let index = 0; index < 3; index += 1) expect((await replace(buyer.token, row.id)).code).toBe(0);
    const refused = await replace(buyer.token, row.id);
    expect(refused).toMatchObject({ status: 429, code: 101 });
    expect(refused.data).toMatchObject({ limit: 'proxy', limits: { proxy_left: 0, account_left: 17 } });
    const [oldest] = await replacementsOf((await proxyByPublicId(db(), row.id)).id);
    expect(Date.parse(refused.data.limits.next_at)).toBe((oldest?.createdAt.getTime() ?? 0) + 30 * 24 * HOUR);
    expect(refused.data.retry_after).toBeGreaterThan(29 * 24 * 3600);
    // The oldest one leaves the period: one more is allowed.
    await db()
      .update(proxyReplacements)
      .set({ createdAt: new Date(Date.now() - 31 * 24 * HOUR) })
      .where(eq(proxyReplacements.id, oldest?.id ?? 0n));
    expect((await replace(buyer.token, row.id)).code).toBe(0);

    // The account's limit counts every proxy of the account.
    const settings = t.app.config.replacements;
    const saved = settings.perAccount;
    settings.perAccount = 3;
    try {
      const second = await generateOk(t.app, db(), buyer, 'static/ip', {
        type: 'residential',
        country: 'US',
        state: 'NY',
        city: `replacecity${places}`,
        days: 30,
      });
      const accountRefused = await replace(buyer.token, second.data[0].id);
      expect(accountRefused).toMatchObject({ code: 101, data: { limit: 'account' } });
    } finally {
      settings.perAccount = saved;
    }
  });

  it('replaces once for a double click (the same request id at once), and the limit holds under concurrent requests', async () => {
    const { buyer, row } = await buyInOwnCity(8);
    const proxyId = (await proxyByPublicId(db(), row.id)).id;
    const requestId = newRequestId();
    const clicks = await Promise.all(
      Array.from({ length: 5 }, () =>
        replace(buyer.token, row.id, { reason: 'other', request_id: requestId }),
      ),
    );
    expect(clicks.map((answer) => answer.code)).toEqual([0, 0, 0, 0, 0]);
    expect(new Set(clicks.map((answer) => answer.data.new_ip)).size).toBe(1);
    expect(clicks.filter((answer) => answer.data.repeated)).toHaveLength(4);
    expect(await replacementsOf(proxyId)).toHaveLength(1);
    const entries = await db().select().from(ledgerEntries).where(eq(ledgerEntries.userId, buyer.user.id));
    expect(entries.filter((entry) => entry.kind === 'replacement')).toHaveLength(1);

    // Five different requests at once with two replacements left: exactly two pass.
    const racing = await Promise.all(Array.from({ length: 5 }, () => replace(buyer.token, row.id)));
    expect(racing.filter((answer) => answer.code === 0)).toHaveLength(2);
    expect(racing.filter((answer) => answer.code === 101)).toHaveLength(3);
    expect(await replacementsOf(proxyId)).toHaveLength(3);
    // Each replacement left a different address behind; the proxy holds exactly one lease.
    const leases = await db()
      .select()
      .from(proxies)
      .where(eq(proxies.exitId, (await proxyByPublicId(db(), row.id)).exitId ?? 0n));
    expect(leases).toHaveLength(1);
  });

  it('is offered by the public API v2 to a key with write scope, recorded as made through the key', async () => {
    const { buyer, row } = await buyInOwnCity(2);
    const key = await createKey(t.app, buyer.token);
    const readOnly = await createKey(t.app, buyer.token, { name: 'reader', scope: 'read' });
    const left = await callWithKey(t.app, readOnly, 'GET', `/api/v2/proxies/${row.id}/replacements`);
    expect(left.body).toMatchObject({ code: 0, data: { proxy_left: 3, account_left: 20 } });
    const body = { reason: 'unhealthy', request_id: newRequestId() };
    const refused = await callWithKey(t.app, readOnly, 'POST', `/api/v2/proxies/${row.id}/replace`, { body });
    expect(refused.body.code).not.toBe(0);
    const answer = await callWithKey(t.app, key, 'POST', `/api/v2/proxies/${row.id}/replace`, { body });
    expect(answer.body).toMatchObject({
      code: 0,
      data: { old_ip: row.ip, proxy: { username: row.username } },
    });
    const trail = await call(t.app, 'GET', '/proxy/charges/ledger?kind=replacement', { token: buyer.token });
    expect(trail.data.data[0]).toMatchObject({ kind: 'replacement', api_key_name: 'script' });
  });

  it('refuses what cannot be replaced or stored, with its code', async () => {
    const { buyer, row } = await buyInOwnCity(3);
    const bad = [
      { reason: 'bored', request_id: newRequestId() },
      { reason: 'other', note: 'x'.repeat(201), request_id: newRequestId() },
      { reason: 'other', note: 'nul\u0000here', request_id: newRequestId() },
      { reason: 'other', request_id: 'short' },
      { reason: 'other' },
    ];
    for (const body of bad) {
      const answer = await replace(buyer.token, row.id, body);
      expect([1001, 1002], JSON.stringify(body)).toContain(answer.code);
      expect(answer.status).toBe(400);
    }
    // Someone else's proxy answers like a missing one.
    const stranger = await customerWithBalance(t.database, 0n);
    expect((await replace(stranger.token, row.id)).code).toBe(4005);
    expect((await replace(buyer.token, 'nosuchproxy')).code).toBe(4005);
    // A rotating proxy has no address of its own to replace.
    await createExit(db(), { country: 'US', line: 1 });
    const dynamic = await generateOk(t.app, db(), buyer, 'dynamic/traffic', { country: 'US' });
    expect((await replace(buyer.token, dynamic.data[0].id)).code).toBe(1002);
    // An expired one is refused (4011).
    await db()
      .update(proxies)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(proxies.publicId, row.id));
    expect((await replace(buyer.token, row.id)).code).toBe(4011);
    expect(await replacementsOf((await proxyByPublicId(db(), row.id)).id)).toEqual([]);
  });
});

describe('a replaced address through a real gateway (issue #21)', () => {
  let t: TestApp;
  let gateway: RunningGateway;
  let echo: Awaited<ReturnType<typeof startEchoTarget>>;
  let upstreams: TestUpstream[];

  beforeAll(async () => {
    const port = await freePort();
    [t, echo, ...upstreams] = await Promise.all([
      createTestApp(gatewayTestEnv(port)),
      startEchoTarget(),
      startSocksUpstream({ password: 'exit-secret' }),
      startSocksUpstream({ password: 'exit-secret' }),
    ]);
    // Two static addresses of one city, each an upstream SOCKS5 proxy on loopback that records
    // what went through it.
    for (const [index, upstream] of upstreams.entries()) {
      await createStaticExits(t.database.db, 1, {
        prefix: `192.0.${2 + index}`,
        city: 'gatewaycity',
        kind: 'socks5',
        host: '127.0.0.1',
        port: upstream.port,
        account: 'acct',
        usernameTemplate: '{user}',
        passwordTemplate: 'exit-secret',
      });
    }
    gateway = await startGateway(t.app.config, t.database, t.app.log);
  });
  afterAll(async () => {
    await gateway?.close();
    await Promise.all([echo?.close(), ...(upstreams ?? []).map((upstream) => upstream.close())]);
    await t?.close();
  });

  it('cuts open connections through the old exit within seconds and sends new ones through the new exit', async () => {
    const buyer = await customerWithBalance(t.database, 50n * PTC);
    const { data } = await generateOk(t.app, t.database.db, buyer, 'static/ip', {
      type: 'residential',
      country: 'US',
      state: 'NY',
      city: 'gatewaycity',
      days: 30,
      protocol: 'socks5',
    });
    const row = data[0];
    const through = () =>
      socksExchange(row.port, {
        username: row.username,
        password: row.password,
        host: '127.0.0.1',
        port: echo.port,
      });
    const seen = () => upstreams.map((upstream) => upstream.seen.length);
    const oldIndex = row.ip === '192.0.2.1' ? 0 : 1;
    const newIndex = 1 - oldIndex;

    const before = seen();
    const open = await through();
    expect(open.reply).toBe(0);
    open.socket.resume();
    const closed = new Promise<number>((resolve) => open.socket.once('close', () => resolve(Date.now())));
    expect(seen()[oldIndex]).toBe((before[oldIndex] ?? 0) + 1);

    const answer = await replace(buyer.token, row.id);
    expect(answer.code).toBe(0);
    const replacedAt = Date.now();
    expect(answer.data.new_ip).toBe(`192.0.${2 + newIndex}.1`);
    // The gateway hears of the change and cuts the tunnel through the old exit within seconds.
    const cutAt = await Promise.race([
      closed,
      new Promise<number>((resolve) => setTimeout(() => resolve(-1), 10_000)),
    ]);
    expect(cutAt, 'the open tunnel was not cut').toBeGreaterThan(0);
    expect(cutAt - replacedAt).toBeLessThan(5_000);

    const middle = seen();
    const next = await through();
    expect(next.reply).toBe(0);
    next.socket.destroy();
    expect(seen()).toEqual(middle.map((count, index) => (index === newIndex ? count + 1 : count)));
  });

  function replace(token: string, id: string) {
    return call(t.app, 'POST', `/proxy/token/replace/${id}`, {
      token,
      body: { reason: 'blocked', request_id: newRequestId() },
    });
  }
});
