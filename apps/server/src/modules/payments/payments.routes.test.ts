import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { call } from '../../test/accounts';
import { signedInCustomer } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { pathOfLink, readBalanceAndSum } from '../../test/wallet';

describe('sandbox pages belong to their owner', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
  const topUp = async () => {
    const customer = await signedInCustomer(t.database);
    const created = (
      await call(t.app, 'POST', '/proxy/charges/stripe', { token: customer.token, form: { amount: '10' } })
    ).data;
    return { ...customer, created, link: pathOfLink(created.checkout.url) };
  };
  const open = (url: string, authorization?: string) =>
    t.app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });
  const pay = (url: string, authorization?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...FORM, ...(authorization ? { authorization } : {}) },
      payload: 'action=pay',
    });
  const expectNothingCredited = async (owner: Awaited<ReturnType<typeof topUp>>) => {
    expect(await readBalanceAndSum(t.database.db, owner.user.id)).toEqual({ balance: 0n, sum: 0n });
    const order = await call(t.app, 'GET', `/proxy/charges/order/${owner.created.order_no}`, {
      token: owner.token,
    });
    expect(order.data.status).toBe('pending');
  };

  it('refuses the checkout page and Pay without a link or a session with 2004, and credits nothing', async () => {
    const owner = await topUp();
    const bare = `/api/payments/sandbox/${owner.created.order_no}`;
    for (const response of [await open(bare), await pay(bare)]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe(2004);
      expect(response.body).not.toContain('10.84');
    }
    await expectNothingCredited(owner);
  });

  it("refuses another user's session with 404, and credits nothing", async () => {
    const owner = await topUp();
    const other = await signedInCustomer(t.database);
    const bare = `/api/payments/sandbox/${owner.created.order_no}`;
    for (const response of [await open(bare, other.token), await pay(bare, other.token)]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe(404);
    }
    await expectNothingCredited(owner);
  });

  it("refuses a tampered, an expired and another order's link with 2004, and credits nothing", async () => {
    const owner = await topUp();
    const another = await topUp();
    const [path, access = ''] = owner.link.split('?access=');
    const [expiry = '', mac = ''] = access.split('.');
    const sandbox = t.app.paymentProviders.sandbox;
    if (!sandbox) throw new Error('no sandbox');
    const expired = await sandbox.createCheckout({
      orderNo: owner.created.order_no,
      userUid: owner.user.uid,
      method: 'card',
      payAmount: 10_840_000n as never,
      currency: 'USD',
      description: 'PTC top-up 10',
      notifyUrl: '',
      returnUrl: '',
      expiresAt: new Date(Date.now() - 1_000),
    });
    const links = [
      `${path}?access=${expiry}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`,
      `${path}?access=${Number(expiry) + 86_400}.${mac}`,
      `${path}?access=`,
      `${path}?access=${access}&access=${access}`,
      expired.kind === 'redirect' ? pathOfLink(expired.url) : '',
      `${path}?access=${another.link.split('?access=')[1]}`,
    ];
    for (const link of links) {
      for (const response of [await open(link), await pay(link)]) {
        expect(response.statusCode, link).toBeGreaterThanOrEqual(400);
        expect([2004, 1002], link).toContain(response.json().code);
      }
    }
    // The owner's link opens the owner's order only.
    expect(
      (await pay(`${path}?access=${access}`.replace(owner.created.order_no, another.created.order_no))).json()
        .code,
    ).toBe(2004);
    await expectNothingCredited(owner);
    await expectNothingCredited(another);
  });

  it('shows a browser the reason on a page when a link is refused (the envelope to API clients)', async () => {
    const owner = await topUp();
    const [path = '', access = ''] = owner.link.split('?access=');
    const lapsed = `${path}?access=${Number(access.split('.')[0]) + 60}.${access.split('.')[1]}`;
    const accept = { accept: 'text/html,application/xhtml+xml' };
    for (const method of ['GET', 'POST'] as const) {
      const response = await t.app.inject({
        method,
        url: lapsed,
        headers: method === 'POST' ? { ...FORM, ...accept } : accept,
        payload: method === 'POST' ? 'action=pay' : undefined,
      });
      expect(response.statusCode, method).toBe(401);
      expect(response.headers['content-type'], method).toContain('text/html');
      expect(response.body, method).toContain('data-testid="sandbox-refusal"');
      expect(response.body, method).toContain('(code 2004)');
      expect(response.body, method).toContain('href="https://console.example.test"');
    }
    expect((await open(lapsed)).json().code).toBe(2004);
    await expectNothingCredited(owner);
  });

  it("opens and pays with the owner's signed link, or with the owner's session", async () => {
    const byLink = await topUp();
    expect((await open(byLink.link)).statusCode).toBe(200);
    expect((await pay(byLink.link)).statusCode).toBe(303);
    expect((await readBalanceAndSum(t.database.db, byLink.user.id))?.balance).toBe(10_000_000n);

    const bySession = await topUp();
    const bare = `/api/payments/sandbox/${bySession.created.order_no}`;
    expect((await open(bare, bySession.token)).statusCode).toBe(200);
    expect((await pay(bare, `Bearer ${bySession.token}`)).statusCode).toBe(303);
    expect((await readBalanceAndSum(t.database.db, bySession.user.id))?.balance).toBe(10_000_000n);
  });

  it('a link one API process issued opens and pays on another of the same database, and after a restart', async () => {
    const owner = await topUp();
    // Another process on the same database (or this one restarted): it signs with the same key.
    const other = await buildApp({ config: t.app.config, database: t.database, logger: false });
    try {
      const response = await other.inject({ method: 'GET', url: owner.link });
      expect(response.statusCode).toBe(200);
      const paid = await other.inject({
        method: 'POST',
        url: owner.link,
        headers: FORM,
        payload: 'action=pay',
      });
      expect(paid.statusCode).toBe(303);
      expect((await readBalanceAndSum(t.database.db, owner.user.id))?.balance).toBe(10_000_000n);
    } finally {
      await other.close();
    }
  });

  it('saves a card only for the user the link or the session names, never by the uid in the URL', async () => {
    const victim = await signedInCustomer(t.database);
    const attacker = await signedInCustomer(t.database);
    const attackerLink = pathOfLink(
      (await call(t.app, 'POST', '/proxy/charges/stripe/band', { token: attacker.token })).data.url,
    );
    const victimPath = `/api/payments/sandbox/card/${victim.user.uid}`;
    const attempts = [
      { url: victimPath, status: 401 },
      { url: `${victimPath}?access=${attackerLink.split('?access=')[1]}`, status: 401 },
      { url: victimPath, authorization: attacker.token, status: 404 },
    ];
    for (const { url, authorization, status } of attempts) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await t.app.inject({
          method,
          url,
          headers: { ...FORM, ...(authorization ? { authorization } : {}) },
          payload: method === 'POST' ? 'action=save' : undefined,
        });
        expect(response.statusCode, `${method} ${url}`).toBe(status);
      }
    }
    const info = async (token: string) =>
      (await call(t.app, 'GET', '/proxy/charges/stripe/info', { token })).data.card;
    expect(await info(victim.token)).toBeNull();

    const saved = await t.app.inject({
      method: 'POST',
      url: attackerLink,
      headers: FORM,
      payload: 'action=save',
    });
    expect(saved.statusCode).toBe(303);
    expect(await info(attacker.token)).toMatchObject({ last4: '4242' });
    expect(await info(victim.token)).toBeNull();
  });
});
