import type { TopUpOrder } from '@ptc/contracts';
import { describe, expect, it } from 'vitest';
import {
  getCheckoutStep,
  ORDER_EXPIRY_GRACE_MS,
  ORDER_POLL_INTERVAL_MS,
  orderPollInterval,
  shouldPollOrder,
  toOrderView,
} from './top-up-order';

const EXPIRES_AT = '2026-11-22T10:15:00.000Z';
const expiry = Date.parse(EXPIRES_AT);
const before = expiry - 60_000;

const order = (status: TopUpOrder['status']) => ({ status, expires_at: EXPIRES_AT });

describe('toOrderView', () => {
  it('shows loading before the first answer', () => {
    expect(toOrderView({ order: undefined, isError: false, now: before })).toBe('loading');
  });

  it('shows a pending order as pending until its countdown runs out, then as expired', () => {
    expect(toOrderView({ order: order('pending'), isError: false, now: before })).toBe('pending');
    expect(toOrderView({ order: order('pending'), isError: false, now: expiry })).toBe('expired');
  });

  it('shows the final states of the server', () => {
    expect(toOrderView({ order: order('paid'), isError: false, now: before })).toBe('paid');
    expect(toOrderView({ order: order('failed'), isError: false, now: before })).toBe('failed');
    expect(toOrderView({ order: order('expired'), isError: false, now: before })).toBe('expired');
  });

  it('shows a paid order as paid even after its expiry', () => {
    expect(toOrderView({ order: order('paid'), isError: false, now: expiry + 3_600_000 })).toBe('paid');
  });

  it('shows a failed poll as the system error', () => {
    expect(toOrderView({ order: undefined, isError: true, now: before })).toBe('error');
    expect(toOrderView({ order: order('pending'), isError: true, now: before })).toBe('error');
  });

  it('never lets an unreadable expiry expire an order', () => {
    const odd = { status: 'pending' as const, expires_at: 'soon' };
    expect(toOrderView({ order: odd, isError: false, now: expiry })).toBe('pending');
  });
});

describe('polling an order', () => {
  it('polls every 3 seconds while the order is pending', () => {
    expect(shouldPollOrder({ order: order('pending'), isError: false, now: before })).toBe(true);
    expect(orderPollInterval({ order: order('pending'), isError: false, now: before })).toBe(
      ORDER_POLL_INTERVAL_MS,
    );
    expect(ORDER_POLL_INTERVAL_MS).toBe(3_000);
  });

  it('stops once the order is paid, failed or expired', () => {
    for (const status of ['paid', 'failed', 'expired'] as const) {
      expect(shouldPollOrder({ order: order(status), isError: false, now: before })).toBe(false);
      expect(orderPollInterval({ order: order(status), isError: false, now: before })).toBe(false);
    }
  });

  it('stops after a failed poll', () => {
    expect(shouldPollOrder({ order: order('pending'), isError: true, now: before })).toBe(false);
  });

  it('goes on shortly after the expiry for late confirmations, then stops', () => {
    expect(shouldPollOrder({ order: order('pending'), isError: false, now: expiry + 1_000 })).toBe(true);
    expect(
      shouldPollOrder({ order: order('pending'), isError: false, now: expiry + ORDER_EXPIRY_GRACE_MS }),
    ).toBe(false);
  });

  it('does not poll without an order', () => {
    expect(shouldPollOrder({ order: null, isError: false, now: before })).toBe(false);
  });
});

describe('getCheckoutStep', () => {
  it('leaves for the provider on a redirect checkout', () => {
    expect(
      getCheckoutStep({
        order_no: 'T1',
        status: 'pending',
        checkout: { kind: 'redirect', url: 'https://pay' },
      }),
    ).toEqual({ kind: 'redirect', url: 'https://pay' });
  });

  it('opens the WeChat page on a QR checkout', () => {
    expect(
      getCheckoutStep({
        order_no: 'T2',
        status: 'pending',
        checkout: { kind: 'qr', code_url: 'weixin://x' },
      }),
    ).toEqual({ kind: 'wechat', orderNo: 'T2' });
  });

  it('stays to show USDT, wire and already final orders', () => {
    const crypto = { kind: 'crypto', network: 'TRC20', address: 'T...', amount: '202.6' } as const;
    expect(getCheckoutStep({ order_no: 'T3', status: 'pending', checkout: crypto })).toEqual({
      kind: 'show',
      orderNo: 'T3',
    });
    const wire = { kind: 'wire', instructions: 'IBAN', reference: 'R' } as const;
    expect(getCheckoutStep({ order_no: 'T4', status: 'pending', checkout: wire }).kind).toBe('show');
    const redirect = { kind: 'redirect', url: 'https://pay' } as const;
    expect(getCheckoutStep({ order_no: 'T5', status: 'paid', checkout: redirect }).kind).toBe('show');
    expect(getCheckoutStep({ order_no: 'T6', status: 'pending', checkout: null }).kind).toBe('show');
  });
});
