import { describe, expect, it } from 'vitest';
import {
  getFeeParts,
  getPaywayName,
  listMethodsForPlan,
  type PaywayItem,
  pickMethod,
} from './payment-methods';

const item = (id: PaywayItem['id'], plans: PaywayItem['plans'] = ['personal', 'enterprise']): PaywayItem => ({
  id,
  name: `${id}-zh`,
  en_name: `${id}-en`,
  ru_name: `${id}-ru`,
  fee_percent: 3.4,
  fee_fixed: '0.5',
  plans,
  sandbox: false,
});

const items = [item('card'), item('usdt'), item('wire', ['enterprise'])];

describe('payment methods', () => {
  it('offers wire transfer to the enterprise plan only', () => {
    expect(listMethodsForPlan(items, 'personal').map((method) => method.id)).toEqual(['card', 'usdt']);
    expect(listMethodsForPlan(items, 'enterprise').map((method) => method.id)).toEqual([
      'card',
      'usdt',
      'wire',
    ]);
  });

  it('keeps the chosen method while it is offered, else takes the first', () => {
    expect(pickMethod(items, 'usdt')).toBe('usdt');
    expect(pickMethod(listMethodsForPlan(items, 'personal'), 'wire')).toBe('card');
    expect(pickMethod([], 'card')).toBeNull();
  });

  it('names a method in the interface language', () => {
    expect(getPaywayName(item('card'), 'zh-CN')).toBe('card-zh');
    expect(getPaywayName(item('card'), 'en-US')).toBe('card-en');
    expect(getPaywayName(item('card'), 'ru-RU')).toBe('card-ru');
    expect(getPaywayName({ ...item('card'), ru_name: '' }, 'ru-RU')).toBe('card-en');
  });

  it('splits a fee into its percentage and fixed part', () => {
    expect(getFeeParts(item('card'))).toEqual({ percent: '3.4', fixed: '0.5' });
    expect(getFeeParts({ fee_percent: 1.3, fee_fixed: '0' })).toEqual({ percent: '1.3', fixed: null });
    expect(getFeeParts({ fee_percent: 0, fee_fixed: '0.000000' })).toEqual({ percent: null, fixed: null });
  });
});
