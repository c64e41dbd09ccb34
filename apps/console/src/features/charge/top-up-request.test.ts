import { describe, expect, it } from 'vitest';
import { buildTopUpRequest } from './top-up-request';

describe('buildTopUpRequest', () => {
  it('posts a form with the amount only to the method’s own path: the plan is the account’s', () => {
    const data = { amount: '199.99' };
    expect(buildTopUpRequest('card', data)).toEqual({
      method: 'POST',
      path: '/proxy/charges/stripe',
      data,
      bodyKind: 'form',
    });
    expect(buildTopUpRequest('stripe_wechat', data).path).toBe('/proxy/charges/stripe_wechat');
    expect(buildTopUpRequest('alipay', data).path).toBe('/proxy/charges/alipay');
    expect(buildTopUpRequest('wechat', data).path).toBe('/proxy/charges/wechat/pay/new');
    expect(buildTopUpRequest('usdt', data).path).toBe('/proxy/charges/usdt');
    expect(buildTopUpRequest('wire', { amount: '200' })).toEqual({
      method: 'POST',
      path: '/proxy/charges/wire',
      data: { amount: '200' },
      bodyKind: 'form',
    });
  });

  it('sends the aggregator its fields as query parameters, on the chosen channel', () => {
    const data = { amount: '200' };
    expect(buildTopUpRequest('epay', data, 'wxpay')).toEqual({
      method: 'POST',
      path: '/api/epay/{payway_id}',
      params: { payway_id: 'wxpay' },
      data,
      bodyKind: 'query',
    });
    expect(buildTopUpRequest('epay', data).params).toEqual({ payway_id: 'alipay' });
  });
});
