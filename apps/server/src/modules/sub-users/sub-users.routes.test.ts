import { SUB_USER_NAME_MAX } from '@ptc/contracts';
import { eq, proxies, subUsers, users } from '@ptc/db';
import { createExit } from '@ptc/db/testing';
import { curl } from '@ptc/gateway/testing/curl';
import { startHttpTarget, type TestTarget } from '@ptc/gateway/testing/targets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningGateway, startGateway } from '../../gateway';
import { call } from '../../test/accounts';
import { customerWithBalance, signedInCustomer } from '../../test/factories';
import { freePort, gatewayTestEnv } from '../../test/proxies';
import { createTestApp, type TestApp } from '../../test/test-app';

const MIB = 1_048_576;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('sub-users (issue #21): own credentials, limits per period, usage, pause', () => {
  let t: TestApp;
  let gateway: RunningGateway;
  let target: TestTarget;

  beforeAll(async () => {
    const port = await freePort();
    [t, target] = await Promise.all([
      createTestApp({
        ...gatewayTestEnv(port),
        GATEWAY_FLUSH_INTERVAL_MS: '200',
        SUB_USERS_MAX_PER_ACCOUNT: '3',
      }),
      startHttpTarget(),
    ]);
    await createExit(t.database.db, { country: 'US', line: 1 });
    gateway = await startGateway(t.app.config, t.database, t.app.log);
  });
  afterAll(async () => {
    await gateway?.close();
    await target?.close();
    await t?.close();
  });

  const create = (token: string, body: Record<string, unknown>) =>
    call(t.app, 'POST', '/sub_users', { token, body });
  const update = (token: string, id: string, body: Record<string, unknown>) =>
    call(t.app, 'PUT', `/sub_users/${id}`, { token, body });
  const list = (token: string) => call(t.app, 'GET', '/sub_users', { token });
  /** Downloads `bytes` from the local target through the sub-user's credential (HTTP forward). */
  const fetchThrough = async (
    row: { username: string; password: string; host: string; port: number },
    bytes: number,
  ) => {
    const result = await curl([
      '-i',
      '-x',
      `http://${row.username}:${row.password}@${row.host}:${row.port}`,
      `http://127.0.0.1:${target.port}/bytes/${bytes}`,
    ]);
    const code = /^X-PTC-Error:[ \t]*(-?\d+)\r?$/im.exec(result.body)?.[1];
    return {
      status: result.status,
      code: code === undefined ? null : Number(code),
      length: result.body.length,
    };
  };
  const balanceOf = async (userId: bigint) => {
    const [row] = await t.database.db
      .select({ balance: users.balance, held: users.held })
      .from(users)
      .where(eq(users.id, userId));
    return row;
  };

  it('creates a sub-user whose credential carries traffic billed to the owner, and shows its usage', async () => {
    const { user, token } = await customerWithBalance(t.database, 10_000_000n);
    const created = await create(token, { name: '  Team A  ', traffic_limit_bytes: 64 * MIB, period: 'day' });
    expect(created).toMatchObject({
      code: 0,
      data: {
        name: 'Team A',
        status: 'active',
        period: 'day',
        traffic_limit_bytes: 64 * MIB,
        spending_limit: null,
        used_bytes: 0,
        used_spending: '0.000000',
        host: '127.0.0.1',
        protocol: 'http',
      },
    });
    const subUser = created.data;
    expect(subUser.username).toMatch(/^[a-z0-9]{10,12}$/);
    expect(subUser.password).toMatch(/^[A-Za-z0-9]{16}$/);
    // Its credential is a proxy of the owner.
    const [proxy] = await t.database.db.select().from(proxies).where(eq(proxies.username, subUser.username));
    expect(proxy).toMatchObject({ userId: user.id, family: 'dynamic-traffic', remark: 'Sub-user: Team A' });

    const before = await balanceOf(user.id);
    const answer = await fetchThrough(subUser, 2 * MIB);
    expect(answer.status).toBe(200);
    expect(answer.length).toBeGreaterThan(2 * MIB);
    // The usage flush (every 200 ms here) shows on the list.
    await expect
      .poll(async () => (await list(token)).data.list[0].used_bytes, { timeout: 5_000 })
      .toBeGreaterThanOrEqual(2 * MIB);
    const listed = (await list(token)).data;
    expect(listed.max).toBe(3);
    expect(Number(listed.list[0].used_spending)).toBeGreaterThan(0);
    // The owner pays: held now (settled into the ledger by the billing job later).
    const after = await balanceOf(user.id);
    expect((after?.held ?? 0n) + (before?.balance ?? 0n) - (after?.balance ?? 0n)).toBeGreaterThan(
      before?.held ?? 0n,
    );
    const usage = await call(t.app, 'GET', `/sub_users/${subUser.id}/usage?days=7`, { token });
    expect(usage.data.days).toEqual([
      {
        day: new Date().toISOString().slice(0, 10),
        bytes: listed.list[0].used_bytes,
        spending: listed.list[0].used_spending,
      },
    ]);
  });

  it('a traffic limit stops a long download and refuses the sub-user (4017); a raised limit lets it on', async () => {
    const { token } = await customerWithBalance(t.database, 10_000_000n);
    const { data: subUser } = await create(token, { name: 'small', traffic_limit_bytes: MIB });
    const cut = await fetchThrough(subUser, 50 * MIB);
    expect(cut.length).toBeLessThan(MIB + 512 * 1024);
    await expect.poll(async () => (await fetchThrough(subUser, 1024)).code, { timeout: 10_000 }).toBe(4017);
    // Flushed: the figure shows the limit reached.
    await expect
      .poll(async () => (await list(token)).data.list[0].used_bytes, { timeout: 5_000 })
      .toBeGreaterThanOrEqual(MIB / 2);
    expect((await update(token, subUser.id, { traffic_limit_bytes: 8 * MIB })).code).toBe(0);
    await expect.poll(async () => (await fetchThrough(subUser, 1024)).status, { timeout: 5_000 }).toBe(200);
  });

  it('pause refuses the credential (4016) within seconds, resume lets it in again; a new password replaces the old', async () => {
    const { token } = await customerWithBalance(t.database, 10_000_000n);
    const { data: subUser } = await create(token, { name: 'pausable', spending_limit: '1.5' });
    expect(subUser.spending_limit).toBe('1.500000');
    expect((await fetchThrough(subUser, 1024)).status).toBe(200);
    expect((await update(token, subUser.id, { status: 'paused' })).data.status).toBe('paused');
    await expect.poll(async () => (await fetchThrough(subUser, 1024)).code, { timeout: 3_000 }).toBe(4016);
    expect((await update(token, subUser.id, { status: 'active' })).data.status).toBe('active');
    await expect.poll(async () => (await fetchThrough(subUser, 1024)).status, { timeout: 3_000 }).toBe(200);
    const reset = await call(t.app, 'POST', `/sub_users/${subUser.id}/password`, { token });
    expect(reset.data.password).not.toBe(subUser.password);
    await expect.poll(async () => (await fetchThrough(subUser, 1024)).status, { timeout: 3_000 }).toBe(407);
    expect((await fetchThrough(reset.data, 1024)).status).toBe(200);
  });

  it('bounds the number per account (4018), keeps names unique (4020), deletes with the credential', async () => {
    const { token } = await customerWithBalance(t.database, 1_000_000n);
    const ids: string[] = [];
    for (const name of ['a', 'b', 'c']) ids.push((await create(token, { name })).data.id);
    expect(await create(token, { name: 'd' })).toMatchObject({ code: 4018 });
    const deleted = await call(t.app, 'DELETE', `/sub_users/${ids[0]}`, { token });
    expect(deleted).toMatchObject({ code: 0, data: { done: true } });
    expect(await create(token, { name: 'b' })).toMatchObject({ code: 4020 });
    expect(await update(token, ids[2] as string, { name: 'b' })).toMatchObject({ code: 4020 });
    // The deleted one's name is free again; its proxy is deleted with it.
    const again = await create(token, { name: 'a' });
    expect(again.code).toBe(0);
    const [gone] = await t.database.db
      .select({ deletedAt: proxies.deletedAt })
      .from(proxies)
      .innerJoin(subUsers, eq(subUsers.proxyId, proxies.id))
      .where(eq(subUsers.id, BigInt(ids[0] as string)));
    expect(gone?.deletedAt).not.toBeNull();
    expect((await list(token)).data.list.map((row: { name: string }) => row.name)).toEqual(['b', 'c', 'a']);
    expect(await call(t.app, 'DELETE', `/sub_users/${ids[0]}`, { token })).toMatchObject({ code: 4019 });
  });

  it("refuses what the database cannot store (1002), another customer's sub-users (4019) and tourists (610)", async () => {
    const { token } = await customerWithBalance(t.database, 1_000_000n);
    const other = await signedInCustomer(t.database);
    const { data: subUser } = await create(token, { name: 'mine' });
    expect(await create(token, {})).toMatchObject({ code: 1001 });
    for (const body of [
      { name: 'x'.repeat(SUB_USER_NAME_MAX + 1) },
      { name: 'nul\u0000name' },
      { name: 'ok', traffic_limit_bytes: 2 ** 63 },
      { name: 'ok', traffic_limit_bytes: -1 },
      { name: 'ok', traffic_limit_bytes: 1.5 },
      { name: 'ok', spending_limit: '99999999999999999999' },
      { name: 'ok', spending_limit: '0' },
      { name: 'ok', period: 'year' },
    ]) {
      const answer = await create(token, body);
      expect(answer.code, JSON.stringify(body)).toBeGreaterThanOrEqual(1001);
      expect(answer.code, JSON.stringify(body)).toBeLessThanOrEqual(1002);
    }
    expect(await update(token, subUser.id, { status: 'gone' })).toMatchObject({ code: 1002 });
    expect(await call(t.app, 'GET', '/sub_users/99999999999999999999/usage', { token })).toMatchObject({
      code: 1002,
    });
    expect(await update(other.token, subUser.id, { status: 'paused' })).toMatchObject({ code: 4019 });
    expect(await call(t.app, 'GET', `/sub_users/${subUser.id}/usage`, { token: other.token })).toMatchObject({
      code: 4019,
    });
    const tourist = await signedInCustomer(t.database, { isTourist: true });
    expect(await create(tourist.token, { name: 'x' })).toMatchObject({ code: 610 });
    expect(await call(t.app, 'GET', '/sub_users', {})).toMatchObject({ code: 2004 });
    await sleep(0);
  });
});
