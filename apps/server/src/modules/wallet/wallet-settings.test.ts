import { desc, eq, outboxMessages, paymentOrders } from '@ptc/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UsdtTransfer } from '../../adapters/payments/payment-provider';
import { call } from '../../test/accounts';
import { operatorSession, signedInCustomer } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { pathOfLink } from '../../test/wallet';
import { readBalanceAndSum } from './ledger.repository';
import { moveMoney } from './ledger.service';
import { watchUsdtTransfers } from './usdt.service';
import { walletDeps } from './wallet.deps';
import { runAutoTopUps, runBalanceAlarms } from './wallet-settings.service';

const USDT_ADDRESS = 'TQrZ9wBzCYj2v2xL8R3vZo6o7Y6vuP3Ski';

describe('auto top-up, balance alarm, wire and USDT', () => {
  let t: TestApp;
  const transfers: UsdtTransfer[] = [];
  beforeAll(async () => {
    t = await createTestApp({
      USDT_ADDRESS,
      USDT_CONFIRMATIONS: '19',
      WIRE_INSTRUCTIONS: 'Bank: Example Bank\nIBAN: XX00 0000 0000',
    });
    t.app.paymentProviders.usdtWatcher = { listIncoming: async () => transfers };
  });
  afterAll(() => t.close());

  const deps = () => walletDeps(t.app);
  const credit = (userId: bigint, amount: bigint, key: string) =>
    moveMoney(t.database.db, { userId, amount, kind: 'topup', idempotencyKey: key });

  it('needs a saved card before auto top-up can be enabled', async () => {
    const { token } = await signedInCustomer(t.database);
    expect((await call(t.app, 'GET', '/proxy/charges/stripe/info', { token })).data).toEqual({
      enabled: false,
      amount: null,
      threshold: null,
      card: null,
      recommended_threshold_percent: 30,
      last_error: null,
    });
    const refused = await call(t.app, 'POST', '/proxy/charges/stripe/info', {
      token,
      form: { enabled: 'true', amount: '50', threshold: '15' },
    });
    expect(refused).toMatchObject({ code: 3001, msg: 'Bind a card first' });
    const outOfBounds = await call(t.app, 'POST', '/proxy/charges/stripe/info', {
      token,
      form: { enabled: 'false', amount: '5', threshold: '15' },
    });
    expect(outOfBounds.code).toBe(3003);
  });

  it('saves a card through the sandbox, then charges it once per crossing below the threshold, without fee', async () => {
    const { user, token } = await signedInCustomer(t.database);
    const bind = await call(t.app, 'POST', '/proxy/charges/stripe/band', { token });
    expect(bind.data.url).toMatch(
      `https://console.example.test/api/payments/sandbox/card/${user.uid}?access=`,
    );
    const saved = await t.app.inject({
      method: 'POST',
      url: pathOfLink(bind.data.url),
      payload: {},
    });
    expect(saved.headers.location).toBe('https://console.example.test/stripe?card=saved');
    const enabled = await call(t.app, 'POST', '/proxy/charges/stripe/info', {
      token,
      form: { enabled: 'true', amount: '50', threshold: '15' },
    });
    expect(enabled.data).toMatchObject({
      enabled: true,
      amount: '50.00',
      threshold: '15.00',
      card: { last4: '4242' },
    });

    await credit(user.id, 20_000_000n, `${user.uid}:a`);
    expect(await runAutoTopUps(deps())).toBe(0);
    await moveMoney(t.database.db, {
      userId: user.id,
      amount: -10_000_000n,
      kind: 'purchase',
      idempotencyKey: `${user.uid}:b`,
    });
    await runAutoTopUps(deps());
    expect((await readBalanceAndSum(t.database.db, user.id))?.balance).toBe(60_000_000n);
    const [order] = await t.database.db.select().from(paymentOrders).where(eq(paymentOrders.userId, user.id));
    expect(order).toMatchObject({
      kind: 'auto_topup',
      method: 'auto',
      fee: 0n,
      status: 'paid',
      amount: 50_000_000n,
    });

    // Above the threshold again: re-armed; a second dip fires again, once.
    await runAutoTopUps(deps());
    await moveMoney(t.database.db, {
      userId: user.id,
      amount: -50_000_000n,
      kind: 'purchase',
      idempotencyKey: `${user.uid}:c`,
    });
    await runAutoTopUps(deps());
    await runAutoTopUps(deps());
    expect((await readBalanceAndSum(t.database.db, user.id))?.balance).toBe(60_000_000n);
    expect(await t.database.db.$count(paymentOrders, eq(paymentOrders.userId, user.id))).toBe(2);

    expect((await call(t.app, 'DELETE', '/proxy/charges/stripe/band', { token })).code).toBe(0);
    expect((await call(t.app, 'GET', '/proxy/charges/stripe/info', { token })).data).toMatchObject({
      enabled: false,
      card: null,
    });
  });

  it('records and mails a failed automatic charge, and credits nothing', async () => {
    const { user, token } = await signedInCustomer(t.database, { email: 'declined@example.test' });
    const declining = {
      ...t.app.paymentProviders.sandbox,
      chargeSavedCard: async () => ({
        status: 'failed' as const,
        providerRef: null,
        error: 'card_declined: insufficient_funds',
      }),
    };
    const original = t.app.paymentProviders.sandbox;
    const bind = await call(t.app, 'POST', '/proxy/charges/stripe/band', { token });
    await t.app.inject({ method: 'POST', url: pathOfLink(bind.data.url), payload: {} });
    await call(t.app, 'POST', '/proxy/charges/stripe/info', {
      token,
      form: { enabled: 'true', amount: '20', threshold: '5' },
    });
    t.app.paymentProviders.sandbox = declining as typeof original;
    try {
      await runAutoTopUps(deps());
    } finally {
      t.app.paymentProviders.sandbox = original;
    }
    expect((await readBalanceAndSum(t.database.db, user.id))?.balance).toBe(0n);
    const [order] = await t.database.db.select().from(paymentOrders).where(eq(paymentOrders.userId, user.id));
    expect(order).toMatchObject({ status: 'failed', failureReason: 'card_declined: insufficient_funds' });
    // The customer reads a code in their language; the provider's words stay on the order.
    expect((await call(t.app, 'GET', '/proxy/charges/stripe/info', { token })).data.last_error).toBe(
      'card_declined',
    );
    const [mail] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, 'declined@example.test'));
    expect(mail?.subject).toBe('Auto top-up failed');
  });

  it('sends one balance alarm per crossing', async () => {
    const { user, token } = await signedInCustomer(t.database, { email: 'alarm@example.test' });
    const invalid = await call(t.app, 'POST', '/user/balance/alarm', {
      token,
      form: { enabled: 'true', threshold: '5', method: 'sms', address: 'not-a-phone' },
    });
    expect(invalid.code).toBe(1002);
    const set = await call(t.app, 'POST', '/user/balance/alarm', {
      token,
      headers: { lang: 'ru-RU' },
      form: { enabled: 'true', threshold: '5', method: 'email', address: 'alarm@example.test' },
    });
    expect(set.data).toEqual({
      enabled: true,
      threshold: '5.00',
      method: 'email',
      address: 'alarm@example.test',
    });
    const messagesTo = () =>
      t.database.db.$count(outboxMessages, eq(outboxMessages.recipient, 'alarm@example.test'));

    await runBalanceAlarms(deps());
    await runBalanceAlarms(deps());
    expect(await messagesTo()).toBe(1);
    const [message] = await t.database.db
      .select()
      .from(outboxMessages)
      .orderBy(desc(outboxMessages.id))
      .limit(1);
    expect(message?.subject).toBe('Баланс PTC на исходе');

    await credit(user.id, 10_000_000n, `${user.uid}:up`);
    await runBalanceAlarms(deps());
    await moveMoney(t.database.db, {
      userId: user.id,
      amount: -6_000_000n,
      kind: 'purchase',
      idempotencyKey: `${user.uid}:down`,
    });
    await runBalanceAlarms(deps());
    expect(await messagesTo()).toBe(2);
  });

  it('confirms a wire transfer through the operator call, once, for the exact amount', async () => {
    const { user, token } = await signedInCustomer(t.database, { plan: 'enterprise' });
    const created = await call(t.app, 'POST', '/proxy/charges/wire', {
      token,
      form: { amount: '300', plan: 'enterprise' },
    });
    expect(created.data).toMatchObject({
      sandbox: false,
      checkout: {
        kind: 'wire',
        instructions: 'Bank: Example Bank\nIBAN: XX00 0000 0000',
        reference: created.data.order_no,
      },
    });
    const confirm = (amount: string, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${created.data.order_no}/confirm`,
        headers,
        payload: { amount, reference: 'BANK-REF-1' },
      });
    const finance = (await operatorSession(t.database, 'finance')).headers;
    expect((await confirm('300', { 'x-operator-session': 'wrong' })).json().code).toBe(2004);
    expect((await confirm('300')).json().code).toBe(2004);
    expect((await confirm('300', (await operatorSession(t.database, 'support')).headers)).json().code).toBe(
      403,
    );
    expect((await confirm('299.99', finance)).json().code).toBe(3003);
    expect((await confirm('300', finance)).json().data).toEqual({ outcome: 'credited' });
    expect((await confirm('300', finance)).json().data).toEqual({ outcome: 'duplicate' });
    expect((await readBalanceAndSum(t.database.db, user.id))?.balance).toBe(330_000_000n);
  });

  it('pays a USDT order from a confirmed transfer of its unique amount', async () => {
    const { user, token } = await signedInCustomer(t.database);
    const created = (await call(t.app, 'POST', '/proxy/charges/usdt', { token, form: { amount: '100' } }))
      .data;
    expect(created).toMatchObject({
      fee: '1.30',
      total: '101.30',
      pay_currency: 'USDT',
      checkout: { kind: 'crypto', address: USDT_ADDRESS },
    });
    expect(created.pay_amount).toMatch(/^101\.30\d{4}$/);
    expect(created.pay_amount).not.toBe('101.300000');
    const exact = BigInt(created.pay_amount.replace('.', ''));
    transfers.push(
      {
        txid: 'tx-low-conf',
        eventIndex: 0,
        amount: exact,
        to: USDT_ADDRESS,
        confirmations: 3,
        at: new Date(),
      },
      {
        txid: 'tx-wrong-amount',
        eventIndex: 0,
        amount: 101_300_000n,
        to: USDT_ADDRESS,
        confirmations: 30,
        at: new Date(),
      },
    );
    expect(await watchUsdtTransfers(deps())).toBe(0);
    transfers.push({
      txid: 'tx-good',
      eventIndex: 0,
      amount: exact,
      to: USDT_ADDRESS,
      confirmations: 25,
      at: new Date(),
    });
    expect(await watchUsdtTransfers(deps())).toBe(1);
    expect(await watchUsdtTransfers(deps())).toBe(0);
    expect((await readBalanceAndSum(t.database.db, user.id))?.balance).toBe(100_000_000n);
  });
});
