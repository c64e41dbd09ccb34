import type { FormRule } from 'antd';
import { PHONE_ERROR_KEYS, type PhoneValidationOptions, validatePhoneValue } from './phone-number';

/** Translates a locale key. */
type Translate = (key: string) => string;

/**
 * Form rules of a phone field (SPEC §5): required, then a well-formed number for its country,
 * each failure with its localized text (`phone.error.*`).
 */
export const createPhoneRules = (t: Translate, options: PhoneValidationOptions = {}): FormRule[] => [
  { required: true, message: t('phone.error.required') },
  {
    validator: async (_rule, value: unknown) => {
      if (typeof value !== 'string' || value === '') return;
      const error = validatePhoneValue(value, options);
      if (error) throw new Error(t(PHONE_ERROR_KEYS[error]));
    },
  },
];
