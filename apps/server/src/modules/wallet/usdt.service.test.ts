import { eq, paymentOrders } from '@ptc/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/accounts';
import { signedInCustomer } from '../../test/factories';
import type { LocalHttpServer } from '../../test/local-http-server';
import { createTestApp, type TestApp } from '../../test/test-app';
import { executedIn, type FakeChain, startFakeTrongrid, transferLog, trc20Listed } from '../../test/trongrid';

import { readBalanceAndSum } from './ledger.repository';
import { watchUsdtTransfers } from './usdt.service';
import { walletDeps } from './wallet.deps';

const OUR_ADDRESS = 'TJmmqjb1DK9TTZbQXzRQ2AuA94z4gKAPFh';
const HEAD = 70_000_000;

const txid = (n: number) => n.toString(16).padStart(64, 'c');

describe('USDT payments watched through TronGrid', () => {
  let trongrid: LocalHttpServer;
  let t: TestApp;
  const chain: FakeChain = { listed: [], infos: {}, head: HEAD };

  beforeAll(async () => {
    trongrid = await startFakeTrongrid(chain);
    t = await createTestApp({
      USDT_ADDRESS: OUR_ADDRESS,
      TRONGRID_API_URL: trongrid.origin,
      USDT_CONFIRMATIONS: '19',
    });
  });
  afterAll(async () => {
    await t.close();
    await trongrid.close();
  });

  const deps = () => walletDeps(t.app);
  const usdtOrder = async (amount: string) => {
    const customer = await signedInCustomer(t.database);
    const order = (
      await call(t.app, 'POST', '/proxy/charges/usdt', { token: customer.token, form: { amount } })
    ).data;
    return {
      ...customer,
      orderNo: order.order_no as string,
      payAmount: BigInt(order.pay_amount.replace('.', '')),
    };
  };
  const statusOf = async (orderNo: string) =>
    (
      await t.database.db
        .select({ status: paymentOrders.status, providerRef: paymentOrders.providerRef })
        .from(paymentOrders)
        .where(eq(paymentOrders.orderNo, orderNo))
    )[0];

  it('pays every order a transaction of two transfer events pays, each once, and nothing for a stray amount', async () => {
    const genuine = await usdtOrder('100');
    const other = await usdtOrder('50');
    const stray = genuine.payAmount + 7n;
    const at = new Date();
    // TronGrid lists the transaction once per event; the genuine payment is not the last one.
    chain.listed = [
      trc20Listed(txid(1), OUR_ADDRESS, genuine.payAmount, at),
      trc20Listed(txid(1), OUR_ADDRESS, other.payAmount, at),
      trc20Listed(txid(2), OUR_ADDRESS, genuine.payAmount, at),
      trc20Listed(txid(2), OUR_ADDRESS, stray, at),
    ];
    chain.infos = {
      [txid(1)]: executedIn(HEAD - 25, [
        transferLog(OUR_ADDRESS, genuine.payAmount),
        transferLog(OUR_ADDRESS, other.payAmount),
      ]),
    };

    expect(await watchUsdtTransfers(deps())).toBe(2);
    expect(await statusOf(genuine.orderNo)).toEqual({ status: 'paid', providerRef: `${txid(1)}:0` });
    expect(await statusOf(other.orderNo)).toEqual({ status: 'paid', providerRef: `${txid(1)}:1` });
    // Polling again credits nothing twice.
    expect(await watchUsdtTransfers(deps())).toBe(0);

    // A later transaction paying the genuine amount again, with a stray amount: an order's amount
    // is no longer open, so neither event credits anyone.
    const third = await usdtOrder('20');
    chain.infos[txid(2)] = executedIn(HEAD - 20, [
      transferLog(OUR_ADDRESS, stray),
      transferLog(OUR_ADDRESS, genuine.payAmount),
    ]);
    expect(await watchUsdtTransfers(deps())).toBe(0);
    expect((await statusOf(third.orderNo))?.status).toBe('pending');

    expect(await readBalanceAndSum(t.database.db, genuine.user.id)).toEqual({
      balance: 100_000_000n,
      sum: 100_000_000n,
    });
    expect(await readBalanceAndSum(t.database.db, other.user.id)).toEqual({
      balance: 50_000_000n,
      sum: 50_000_000n,
    });
  });

  it('does not pay again for a transfer that paid an order before events were told apart', async () => {
    const paid = await usdtOrder('30');
    // Paid by an earlier version, which named the payment by its bare txid.
    await t.database.db
      .update(paymentOrders)
      .set({ status: 'paid', providerRef: txid(3), paidAt: new Date() })
      .where(eq(paymentOrders.orderNo, paid.orderNo));
    const next = await usdtOrder('30');
    await t.database.db
      .update(paymentOrders)
      .set({ payAmount: paid.payAmount })
      .where(eq(paymentOrders.orderNo, next.orderNo));
    chain.listed = [trc20Listed(txid(3), OUR_ADDRESS, paid.payAmount, new Date())];
    chain.infos = { [txid(3)]: executedIn(HEAD - 30, [transferLog(OUR_ADDRESS, paid.payAmount)]) };

    expect(await watchUsdtTransfers(deps())).toBe(0);
    expect((await statusOf(next.orderNo))?.status).toBe('pending');
  });
});
