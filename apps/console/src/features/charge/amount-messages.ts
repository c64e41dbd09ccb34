import type { Micro } from '@ptc/contracts';
import { toAmountField } from './wallet-money';
import type { AmountFieldError } from './wallet-settings.rules';

/** Translates a locale key, with interpolation values. */
type Translate = (key: string, values?: Record<string, unknown>) => string;

/** The localized text of an amount field's error, with the field's bounds. */
export const createAmountMessage =
  (t: Translate) =>
  (error: AmountFieldError, bounds: { min?: Micro; max?: Micro } = {}): string => {
    if (error === 'min') return t('wallet.amount.min', { min: toAmountField(bounds.min ?? 0n) });
    if (error === 'max') return t('wallet.amount.max', { max: toAmountField(bounds.max ?? 0n) });
    if (error === 'notBelowAmount') return t('autoTopUp.threshold.notBelowAmount');
    return t(`wallet.amount.${error}`);
  };
