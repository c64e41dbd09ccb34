import { describe, expect, it } from 'vitest';
import { getWalletPath } from './wallet-paths';

describe('getWalletPath', () => {
  it('finds the wallet pages of the console', () => {
    expect(getWalletPath('charge', false)).toBe('/charge');
    expect(getWalletPath('stripe', false)).toBe('/stripe');
    expect(getWalletPath('wechatPay', false, 'T20261122-01')).toBe('/wechat/pay/T20261122-01');
  });

  it('stays inside the native-app set', () => {
    expect(getWalletPath('charge', true)).toBe('/webapp/charge');
    expect(getWalletPath('wechatPay', true, 'a/b')).toBe('/webapp/wechat/pay/a%2Fb');
  });
});
