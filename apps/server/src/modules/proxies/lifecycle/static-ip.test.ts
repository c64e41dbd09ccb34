import { PROXY_STATUS } from '@ptc/contracts';
import { balanceAlarms, eq, outboxMessages } from '@ptc/db';
import { PROXY_CHANGED_CHANNEL } from '@ptc/gateway/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/accounts';
import { customerWithBalance } from '../../../test/factories';
import {
  allowNextGeneration,
  createStaticExits,
  generate,
  generateOk,
  ledgerOf,
  proxyByPublicId,
} from '../../../test/proxies';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { proxiesDeps } from '../proxies.deps';
import { STATIC_SEARCHES_PER_DAY } from '../store/store.service';
import { autoRenewStaticProxies, expireProxies, releaseStaticExits } from './lifecycle.service';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const PTC = 1_000_000n;

describe('static IP proxies: purchase, expiry, renewal, release, leases', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const deps = () => proxiesDeps(t.app);
  const later = (from: Date, ms: number) => new Date(from.getTime() + ms);
  const mailsTo = (email: string) =>
    db().select().from(outboxMessages).where(eq(outboxMessages.recipient, email));

  /** Buys one 1-day residential static IP in a city of its own, so tests do not share addresses. */
  let addresses = 0;
  const buyOneDay = async (balance: bigint, city: string, autoRenew = false) => {
    addresses += 1;
    // An address of its own: the inventory holds each live address once.
    const [exit] = await createStaticExits(db(), 1, {
      prefix: `10.60.${addresses}`,
      city,
    });
    const buyer = await customerWithBalance(t.database, balance);
    const bought = await generateOk(t.app, db(), buyer, 'static/ip', {
      type: 'residential',
      country: 'US',
      state: 'NY',
      city,
      days: 1,
      auto_renew: autoRenew,
    });
    const row = bought.data[0];
    return { buyer, row, exit, proxy: await proxyByPublicId(db(), row.id) };
  };

  it('expires a 1-day purchase after a day, and the gateway is told', async () => {
    const { buyer, row, proxy } = await buyOneDay(1n * PTC, 'albany');
    expect(row.renew_days).toBe(1);
    const expiresAt = proxy.expiresAt as Date;
    expect(expiresAt.getTime() - proxy.purchasedAt.getTime()).toBe(DAY);
    const announced: string[] = [];
    const unlisten = await t.database.listen(PROXY_CHANGED_CHANNEL, (id) => announced.push(id));
    expect(await expireProxies(deps(), later(expiresAt, -1_000))).toBe(0);
    expect(await expireProxies(deps(), later(expiresAt, 1_000))).toBeGreaterThanOrEqual(1);
    await expect.poll(() => announced).toContain(proxy.id.toString());
    await unlisten();
    expect((await proxyByPublicId(db(), proxy.publicId)).status).toBe(PROXY_STATUS.EXPIRED);
    const list = await call(t.app, 'GET', '/proxy/tokens/static/ip?status=expired', { token: buyer.token });
    expect(list.data.data.map((row: { id: string }) => row.id)).toEqual([proxy.publicId]);
  });

  it('renews automatically 12 hours before expiry on the same address, charging one renewal per period', async () => {
    const { buyer, proxy } = await buyOneDay(1n * PTC, 'buffalo', true);
    const expiresAt = proxy.expiresAt as Date;
    expect(await autoRenewStaticProxies(deps(), later(expiresAt, -13 * HOUR))).toBe(0);
    const at = later(expiresAt, -12 * HOUR + 60_000);
    expect(await autoRenewStaticProxies(deps(), at)).toBe(1);
    expect(await autoRenewStaticProxies(deps(), at)).toBe(0);
    const renewed = await proxyByPublicId(db(), proxy.publicId);
    expect(renewed).toMatchObject({
      exitId: proxy.exitId,
      status: PROXY_STATUS.NORMAL,
      costTotal: 1_000_000n,
    });
    expect(renewed.expiresAt?.getTime()).toBe(expiresAt.getTime() + DAY);
    const entries = await ledgerOf(db(), buyer.user.id);
    expect(entries.map((entry) => [entry.kind, entry.amount])).toEqual([
      ['topup', 1_000_000n],
      ['purchase', -500_000n],
      ['renewal', -500_000n],
    ]);
    expect(entries[2]).toMatchObject({ referenceType: 'proxy', referenceId: proxy.publicId });
    expect(entries[2]?.idempotencyKey).toBe(`renewal:${proxy.publicId}:${expiresAt.toISOString()}`);
  });

  it('mails the owner once when the balance cannot pay the automatic renewal, then expires and releases normally', async () => {
    const { buyer, proxy, exit } = await buyOneDay(500_000n, 'rochester', true);
    await db().insert(balanceAlarms).values({
      userId: buyer.user.id,
      threshold: PTC,
      method: 'email',
      address: 'x@example.test',
      lang: 'ru-RU',
    });
    const expiresAt = proxy.expiresAt as Date;
    const at = later(expiresAt, -11 * HOUR);
    // Counts cover every proxy of the database (earlier tests' too): this one is asserted by its state.
    expect(await autoRenewStaticProxies(deps(), at)).toBeGreaterThanOrEqual(1);
    await autoRenewStaticProxies(deps(), later(at, 60_000));
    const mails = await mailsTo(buyer.user.email ?? '');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Не удалось продлить статический прокси');
    expect(mails[0]?.text).toContain(exit?.ip ?? '?');
    expect(await proxyByPublicId(db(), proxy.publicId)).toMatchObject({ autoRenew: false, status: 1 });
    expect((await ledgerOf(db(), buyer.user.id)).map((entry) => entry.kind)).toEqual(['topup', 'purchase']);

    await expireProxies(deps(), later(expiresAt, 1));
    expect((await proxyByPublicId(db(), proxy.publicId)).status).toBe(PROXY_STATUS.EXPIRED);
    await releaseStaticExits(deps(), later(expiresAt, DAY - 1_000));
    expect(await proxyByPublicId(db(), proxy.publicId)).toMatchObject({
      exitId: proxy.exitId,
      releasedAt: null,
    });
    expect(await releaseStaticExits(deps(), later(expiresAt, DAY + 1_000))).toBeGreaterThanOrEqual(1);
    const released = await proxyByPublicId(db(), proxy.publicId);
    expect(released).toMatchObject({ exitId: null, status: PROXY_STATUS.EXPIRED });
    expect(released.releasedAt).not.toBeNull();
    expect(await mailsTo(buyer.user.email ?? '')).toHaveLength(1);

    // The address is on sale again, and a renewal of the released proxy is refused.
    const other = await customerWithBalance(t.database, 1n * PTC);
    const store = await call(t.app, 'GET', '/proxy/store/static?type=residential&country=US&city=rochester', {
      token: other.token,
    });
    expect(store.data.records.map((item: { ip: string }) => item.ip)).toEqual([exit?.ip]);
    const renew = await call(t.app, 'PUT', `/proxy/token/renew/${proxy.publicId}`, { token: buyer.token });
    expect(renew).toMatchObject({ code: 4011 });
    const rebought = await generateOk(t.app, db(), other, 'static/ip', {
      type: 'residential',
      country: 'US',
      exit_ids: String(exit?.id),
      days: 1,
    });
    expect(rebought.data[0].ip).toBe(exit?.ip);
  });

  it('renews by hand on the same address, from the expiry time, and again after expiry until the release', async () => {
    const { buyer, proxy, row } = await buyOneDay(2n * PTC, 'syracuse');
    const renewed = await call(t.app, 'PUT', `/proxy/token/renew/${proxy.publicId}`, { token: buyer.token });
    expect(renewed).toMatchObject({ code: 0, data: { charged: '0.50', balance: '1.00' } });
    expect(renewed.data.data[0]).toMatchObject({ id: proxy.publicId, ip: row.ip, remaining_days: 2 });
    const stored = await proxyByPublicId(db(), proxy.publicId);
    expect(stored.expiresAt?.getTime()).toBe((proxy.expiresAt as Date).getTime() + DAY);
    expect(stored.exitId).toBe(proxy.exitId);

    const auto = await call(t.app, 'POST', `/proxy/token/renew/${proxy.publicId}`, {
      token: buyer.token,
      form: { auto_renew: 'true' },
    });
    expect(auto.data).toMatchObject({ auto_renew: true });
    const off = await call(t.app, 'POST', `/proxy/token/renew/${proxy.publicId}?auto_renew=false`, {
      token: buyer.token,
    });
    expect(off.data).toMatchObject({ auto_renew: false });
  });

  it('answers 4007 when another user picks a leased address, and to the loser of a race for the last one', async () => {
    const exits = await createStaticExits(db(), 1, { prefix: '10.77.1', city: 'ithaca' });
    const picked = { type: 'residential', country: 'US', exit_ids: String(exits[0]?.id), days: 1 };
    const [first, second, third] = await Promise.all(
      [1, 2, 3].map(() => customerWithBalance(t.database, 5n * PTC)),
    );
    if (!first || !second || !third) throw new Error('no customers');
    await Promise.all([first, second].map((buyer) => allowNextGeneration(db(), buyer.user.id)));
    const race = await Promise.all(
      [first, second].map((buyer) => generate(t.app, buyer.token, 'static/ip', picked)),
    );
    expect(race.map((answer) => answer.code).sort()).toEqual([0, 4007]);
    const loser = race[0]?.code === 0 ? second : first;
    expect((await ledgerOf(db(), loser.user.id)).map((entry) => entry.kind)).toEqual(['topup']);

    await allowNextGeneration(db(), third.user.id);
    const taken = await generate(t.app, third.token, 'static/ip', picked);
    expect(taken).toMatchObject({ code: 4007, status: 409 });
    await allowNextGeneration(db(), third.user.id);
    const byArea = await generate(t.app, third.token, 'static/ip', {
      type: 'residential',
      country: 'US',
      city: 'ithaca',
      days: 1,
    });
    expect(byArea.code).toBe(4007);
    await allowNextGeneration(db(), third.user.id);
    const unknown = await generate(t.app, third.token, 'static/ip', { ...picked, exit_ids: '999999' });
    expect(unknown.code).toBe(4004);
  });

  it('sells picked addresses without a country (they are sold where they are), and needs a country otherwise (1001)', async () => {
    const exits = await createStaticExits(db(), 1, { prefix: '10.79.1', city: 'albany' });
    const buyer = await customerWithBalance(t.database, 5n * PTC);
    await allowNextGeneration(db(), buyer.user.id);
    const bought = await generate(t.app, buyer.token, 'static/ip', {
      type: 'residential',
      exit_ids: String(exits[0]?.id),
      days: 1,
    });
    expect(bought.code).toBe(0);
    expect(bought.data.data[0]).toMatchObject({ ip: '10.79.1.1', area: { country: 'US', city: 'albany' } });
    await allowNextGeneration(db(), buyer.user.id);
    const nowhere = await generate(t.app, buyer.token, 'static/ip', { type: 'residential', days: 1 });
    expect(nowhere).toMatchObject({ code: 1001, msg: 'Argument missing: country is required' });
  });

  it('lets two generations race for the last address of an area: one lease, the other 4007', async () => {
    await createStaticExits(db(), 1, { prefix: '10.78.1', city: 'utica' });
    const buyers = await Promise.all([1, 2].map(() => customerWithBalance(t.database, 5n * PTC)));
    await Promise.all(buyers.map((buyer) => allowNextGeneration(db(), buyer.user.id)));
    const form = { type: 'residential', country: 'US', city: 'utica', days: 1 };
    const race = await Promise.all(buyers.map((buyer) => generate(t.app, buyer.token, 'static/ip', form)));
    expect(race.map((answer) => answer.code).sort()).toEqual([0, 4007]);
  });

  it('counts static store searches per day (4010 past the limit) and restores them on a residential purchase', async () => {
    await createStaticExits(db(), 2, { prefix: '10.80.1', city: 'yonkers' });
    const buyer = await customerWithBalance(t.database, 5n * PTC);
    const search = (query: string) =>
      call(t.app, 'GET', `/proxy/store/static?${query}`, { token: buyer.token });
    const byArea = 'type=residential&country=US&state=ny&city=yonkers';
    const first = await search(byArea);
    expect(first.data.records).toHaveLength(2);
    expect(first.data.records[0]).toMatchObject({
      country: 'US',
      state: 'NY',
      city: 'yonkers',
      type: 'residential',
    });
    for (let index = 1; index < STATIC_SEARCHES_PER_DAY; index += 1)
      expect((await search(byArea)).code).toBe(0);
    expect(await search(byArea)).toMatchObject({ code: 4010, status: 429 });
    const byIp = await search('type=residential&ip=10.80.1.2');
    expect(byIp.data.records.map((item: { ip: string }) => item.ip)).toEqual(['10.80.1.2']);

    await generateOk(t.app, db(), buyer, 'static/ip', {
      type: 'residential',
      country: 'US',
      city: 'yonkers',
      days: 1,
    });
    const restored = await search(byArea);
    expect(restored.code).toBe(0);
    expect(restored.data.records).toHaveLength(1);
  });
});
