import { GiftOutlined } from '@ant-design/icons';
import { ERRORS, isAppError, STORAGE_KEYS } from '@ptc/contracts';
import { Form, type FormInstance, Input } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { browserStorage } from '../../shared/storage/storage';
import { createAuthRules } from '../auth/auth.rules';
import { readStoredReferral } from '../auth/referral';

/**
 * The optional referral code of a registration, filled in from storage (`?ref=` of an
 * invitation link) and visible, so that a wrong code (4201) can be corrected or removed.
 */
export const ReferralField = ({ testId }: { testId: string }) => {
  const { t } = useTranslation();
  const rules = useMemo(() => createAuthRules(t), [t]);
  const initial = useMemo(() => readStoredReferral(browserStorage), []);
  return (
    <Form.Item
      name="ref"
      label={t('register.referral')}
      rules={rules.optionalReferral}
      initialValue={initial}
    >
      <Input
        size="large"
        prefix={<GiftOutlined />}
        autoComplete="off"
        placeholder={t('register.referral.placeholder')}
        data-testid={testId}
      />
    </Form.Item>
  );
};

/** The code to send: the field's value, trimmed, or nothing. */
export const referralToSend = (value: string | undefined): { ref?: string } => {
  const ref = value?.trim();
  return ref ? { ref } : {};
};

/**
 * After a registration failed: when the server refused the referral code (4201), marks the
 * field and forgets the stored code, which the API client would otherwise keep sending.
 */
export const markRefusedReferral = (
  error: unknown,
  form: Pick<FormInstance, 'setFields'>,
  message: string,
): void => {
  if (!isAppError(error) || error.code !== ERRORS.REFERRAL_CODE_INVALID.code) return;
  browserStorage.removeItem(STORAGE_KEYS.ref);
  form.setFields([{ name: 'ref', errors: [message] }]);
};
