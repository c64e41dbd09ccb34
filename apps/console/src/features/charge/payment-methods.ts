import type { Locale, PaymentMethod, Plan, paywayItemSchema } from '@ptc/contracts';
import type { ResponseOf } from '../../shared/api/contract-types';

/** One payment method offered by `GET /proxy/payway/charge` (only enabled methods are listed). */
export type PaywayItem = ResponseOf<typeof paywayItemSchema>;

/** Channels of the epay aggregator: the `payway_id` of `POST /api/epay/{payway_id}`. */
export const EPAY_CHANNELS = ['alipay', 'wxpay'] as const;
export type EpayChannel = (typeof EPAY_CHANNELS)[number];

/** The methods a plan may use (wire transfer is for enterprise), in the server's order. */
export const listMethodsForPlan = (items: readonly PaywayItem[], plan: Plan): PaywayItem[] =>
  items.filter((item) => item.plans.includes(plan));

/** The method to select: the current one while the plan still offers it, else the first offered. */
export const pickMethod = (
  items: readonly PaywayItem[],
  current: PaymentMethod | null,
): PaymentMethod | null => {
  if (current && items.some((item) => item.id === current)) return current;
  return items[0]?.id ?? null;
};

/** The method's name in the interface language (the server sends zh, en and ru names). */
export const getPaywayName = (
  item: Pick<PaywayItem, 'name' | 'en_name' | 'ru_name'>,
  locale: Locale,
): string => {
  if (locale === 'zh-CN') return item.name || item.en_name;
  if (locale === 'ru-RU') return item.ru_name || item.en_name;
  return item.en_name || item.name;
};

/** The parts of a method's fee to show: a percentage and a fixed amount, either possibly zero. */
export interface FeeParts {
  /** "3.4" (percent), or null without a percentage. */
  percent: string | null;
  /** The fixed part as sent ("0.5"), or null without one. */
  fixed: string | null;
}

const isZeroDecimal = (text: string): boolean => /^0*(?:\.0*)?$/.test(text.trim());

/** Splits a method's fee for display; both null means the method is free. */
export const getFeeParts = (item: Pick<PaywayItem, 'fee_percent' | 'fee_fixed'>): FeeParts => ({
  percent: item.fee_percent > 0 ? String(item.fee_percent) : null,
  fixed: isZeroDecimal(item.fee_fixed) ? null : item.fee_fixed,
});
