import { ipAllowlistEntries, sql } from '@ptc/db';
import { createExit } from '@ptc/db/testing';
import { curl } from '@ptc/gateway/testing/curl';
import { startHttpTarget, type TestTarget } from '@ptc/gateway/testing/targets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningGateway, startGateway } from '../../gateway';
import { call } from '../../test/accounts';
import { customerWithBalance } from '../../test/factories';
import { freePort, gatewayTestEnv, generateOk, proxyByPublicId } from '../../test/proxies';
import { createTestApp, type TestApp } from '../../test/test-app';

const PTC = 1_000_000n;

describe('the IP allow-list of a customer (issue #21)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ IP_ALLOWLIST_MAX_PER_ACCOUNT: '3' });
    await createExit(t.database.db, { country: 'US', line: 1 });
  });
  afterAll(() => t.close());

  const customerWithProxy = async () => {
    const customer = await customerWithBalance(t.database, 5n * PTC);
    const { data } = await generateOk(t.app, t.database.db, customer, 'dynamic/traffic', { country: 'US' });
    return { customer, proxy: data[0] as { id: string; username: string } };
  };
  const add = (token: string, body: Record<string, unknown>) =>
    call(t.app, 'POST', '/proxy/allowlist', { token, body });

  it("lists a range for the customer's proxy (host bits cleared) and shows the caller's address as a suggestion", async () => {
    const { customer, proxy } = await customerWithProxy();
    const added = await add(customer.token, {
      network: ' 198.51.100.77/24 ',
      token_id: proxy.id,
      note: 'office',
    });
    expect(added).toMatchObject({
      code: 0,
      data: { network: '198.51.100.0/24', note: 'office', proxy: { id: proxy.id, username: proxy.username } },
    });
    const host = await add(customer.token, { network: '2001:DB8:77::1', token_id: proxy.id });
    expect(host.data.network).toBe('2001:db8:77::1/128');
    const list = await call(t.app, 'GET', '/proxy/allowlist', { token: customer.token, ip: '203.0.113.5' });
    expect(list.data).toMatchObject({
      max: 3,
      current_ip: '203.0.113.5',
      min_prefix: { ipv4: 24, ipv6: 48 },
      items: [{ network: '198.51.100.0/24' }, { network: '2001:db8:77::1/128' }],
    });
    expect(list.data.items[0].proxy).toMatchObject({ protocol: 'http', switch: 5, deleted: false });
    expect(list.data.choices).toEqual([
      { id: proxy.id, username: proxy.username, protocol: 'http', family: 'dynamic-traffic', remark: null },
    ]);
    // A loopback caller cannot be listed here (reserved ranges are refused by default): no suggestion.
    expect(
      (await call(t.app, 'GET', '/proxy/allowlist', { token: customer.token })).data.current_ip,
    ).toBeNull();
  });

  it('refuses ranges that cannot be listed (4024), bad input (1001/1002), and proxies not the customer’s (4005)', async () => {
    const { customer, proxy } = await customerWithProxy();
    const other = await customerWithProxy();
    for (const network of [
      'example.com',
      '198.51.100.0/23',
      '2001:db8::/47',
      '10.0.0.1',
      '127.0.0.1',
      '::1',
      '1.2.3.4/33',
    ]) {
      const refused = await add(customer.token, { network, token_id: proxy.id });
      expect({ network, code: refused.code, status: refused.status }).toEqual({
        network,
        code: 4024,
        status: 400,
      });
    }
    expect((await add(customer.token, { token_id: proxy.id })).code).toBe(1001);
    expect((await add(customer.token, { network: '198.51.101.1\u0000', token_id: proxy.id })).code).toBe(
      1002,
    );
    expect((await add(customer.token, { network: '1'.repeat(65), token_id: proxy.id })).code).toBe(1002);
    expect(
      (await add(customer.token, { network: '198.51.101.1', token_id: proxy.id, note: 'n'.repeat(101) }))
        .code,
    ).toBe(1002);
    expect((await add(customer.token, { network: '198.51.101.1', token_id: other.proxy.id })).code).toBe(
      4005,
    );
    expect((await add(customer.token, { network: '198.51.101.1', token_id: 'nope' })).code).toBe(4005);
    const list = await call(t.app, 'GET', '/proxy/allowlist', { token: customer.token });
    expect(list.data.items).toEqual([]);
  });

  it('refuses a range the customer lists already (4025) and one past the maximum (4022), but takes a narrower one of its own', async () => {
    const { customer, proxy } = await customerWithProxy();
    expect((await add(customer.token, { network: '192.0.2.0/24', token_id: proxy.id })).code).toBe(0);
    expect((await add(customer.token, { network: '192.0.2.9/24', token_id: proxy.id })).code).toBe(4025);
    expect((await add(customer.token, { network: '192.0.2.9', token_id: proxy.id })).code).toBe(0);
    expect((await add(customer.token, { network: '192.0.2.10', token_id: proxy.id })).code).toBe(0);
    const over = await add(customer.token, { network: '192.0.2.11', token_id: proxy.id });
    expect({ code: over.code, status: over.status }).toEqual({ code: 4022, status: 409 });
  });

  it("refuses any overlap with another customer's ranges (4021), either way round, in IPv4 and IPv6", async () => {
    const first = await customerWithProxy();
    const second = await customerWithProxy();
    expect(
      (await add(first.customer.token, { network: '100.10.20.0/24', token_id: first.proxy.id })).code,
    ).toBe(0);
    expect(
      (await add(first.customer.token, { network: '2001:db8:abcd::/48', token_id: first.proxy.id })).code,
    ).toBe(0);
    for (const network of [
      '100.10.20.0/24',
      '100.10.20.7',
      '100.10.20.128/25',
      '2001:db8:abcd:1::/64',
      '2001:db8:abcd::1',
      '::ffff:100.10.20.3',
    ]) {
      const refused = await add(second.customer.token, { network, token_id: second.proxy.id });
      expect({ network, code: refused.code, status: refused.status }).toEqual({
        network,
        code: 4021,
        status: 409,
      });
    }
    expect(
      (await add(second.customer.token, { network: '100.10.21.0/24', token_id: second.proxy.id })).code,
    ).toBe(0);
    // The other way round: a host listed first, then another customer's network around it.
    expect(
      (await add(second.customer.token, { network: '100.10.22.9', token_id: second.proxy.id })).code,
    ).toBe(0);
    expect(
      (await add(first.customer.token, { network: '100.10.22.0/24', token_id: first.proxy.id })).code,
    ).toBe(4021);
  });

  it('lets only one of several customers adding overlapping ranges at the same time succeed', async () => {
    // Every two of these overlap.
    const RANGES = ['100.20.30.0/24', '100.20.30.5', '100.20.30.0/25', '100.20.30.5/32', '100.20.30.77/24'];
    const customers = await Promise.all([1, 2, 3, 4, 5].map(() => customerWithProxy()));
    const answers = await Promise.all(
      customers.map(({ customer, proxy }, index) =>
        add(customer.token, { network: RANGES[index], token_id: proxy.id }),
      ),
    );
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(1);
    expect(answers.filter((answer) => answer.code === 4021)).toHaveLength(4);
    const rows = await t.database.db
      .select()
      .from(ipAllowlistEntries)
      .where(sql`${ipAllowlistEntries.network} && '100.20.30.0/24'::cidr`);
    expect(rows).toHaveLength(1);
  });

  it("deletes the customer's own entry, and answers 4023 for another's, an unknown or a malformed id", async () => {
    const mine = await customerWithProxy();
    const theirs = await customerWithProxy();
    const entry = (await add(mine.customer.token, { network: '100.40.50.0/24', token_id: mine.proxy.id }))
      .data;
    for (const id of [entry.id, '999999999', 'abc', '1'.repeat(40)]) {
      const refused = await call(t.app, 'DELETE', `/proxy/allowlist/${id}`, { token: theirs.customer.token });
      expect({ id, code: refused.code, status: refused.status }).toEqual({ id, code: 4023, status: 404 });
    }
    expect(
      await call(t.app, 'DELETE', `/proxy/allowlist/${entry.id}`, { token: mine.customer.token }),
    ).toMatchObject({
      code: 0,
      data: { done: true },
    });
    expect((await call(t.app, 'GET', '/proxy/allowlist', { token: mine.customer.token })).data.items).toEqual(
      [],
    );
    // Free again: the other customer may list it now.
    expect(
      (await add(theirs.customer.token, { network: '100.40.50.1', token_id: theirs.proxy.id })).code,
    ).toBe(0);
  });

  it('answers 2004 without a session', async () => {
    expect((await call(t.app, 'GET', '/proxy/allowlist')).status).toBe(401);
  });
});

describe('allow-listed clients through a real gateway (issue #21)', () => {
  let t: TestApp;
  let gateway: RunningGateway;
  let target: TestTarget;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    [t, target] = await Promise.all([
      createTestApp({ ...gatewayTestEnv(port), IP_ALLOWLIST_ALLOW_PRIVATE: 'true' }),
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

  const noCredentials = (source: string, protocol: 'http' | 'socks5', path = '/hello') =>
    curl([
      '--interface',
      source,
      ...(protocol === 'http'
        ? ['-x', `http://127.0.0.1:${port}`]
        : ['--socks5-hostname', `127.0.0.1:${port}`]),
      `http://127.0.0.1:${target.port}${path}`,
    ]);

  it('carries a listed address without credentials as the chosen proxy within seconds, metered to it, and refuses it within seconds of its removal', async () => {
    const customer = await customerWithBalance(t.database, 5n * PTC);
    const http = (await generateOk(t.app, t.database.db, customer, 'dynamic/traffic', { country: 'US' }))
      .data[0];
    const socks = (
      await generateOk(t.app, t.database.db, customer, 'dynamic/traffic', {
        country: 'US',
        protocol: 'socks5',
      })
    ).data[0];
    expect((await noCredentials('127.0.0.61', 'http')).status).toBe(407);

    const added = await call(t.app, 'POST', '/proxy/allowlist', {
      token: customer.token,
      body: { network: '127.0.0.61', token_id: http.id },
    });
    expect(added.code).toBe(0);
    await call(t.app, 'POST', '/proxy/allowlist', {
      token: customer.token,
      body: { network: '127.0.0.62', token_id: socks.id },
    });
    await expect
      .poll(async () => (await noCredentials('127.0.0.61', 'http')).status, { timeout: 3_000 })
      .toBe(200);
    expect(await noCredentials('127.0.0.61', 'http', '/bytes/100000')).toMatchObject({ status: 200 });
    expect(await noCredentials('127.0.0.62', 'socks5')).toMatchObject({ status: 200, body: 'hello' });
    await expect
      .poll(async () => (await proxyByPublicId(t.database.db, http.id)).bytesDown, { timeout: 8_000 })
      .toBeGreaterThan(100_000n);
    await expect
      .poll(async () => (await proxyByPublicId(t.database.db, socks.id)).bytesDown, { timeout: 8_000 })
      .toBeGreaterThan(0n);
    // Another loopback address is not listed: 407, as without the allow-list.
    expect((await noCredentials('127.0.0.63', 'http')).status).toBe(407);

    const removed = await call(t.app, 'DELETE', `/proxy/allowlist/${added.data.id}`, {
      token: customer.token,
    });
    expect(removed.code).toBe(0);
    await expect
      .poll(async () => (await noCredentials('127.0.0.61', 'http')).status, { timeout: 3_000 })
      .toBe(407);
    expect((await noCredentials('127.0.0.62', 'socks5')).status).toBe(200);
  });
});
