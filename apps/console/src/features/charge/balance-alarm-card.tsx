import { useQuery } from '@tanstack/react-query';
import { Flex, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { AlarmForm, type AlarmTexts, type AlarmValues } from '../alarm/alarm-form';
import { createAmountMessage } from './amount-messages';
import { type BalanceAlarm, fetchBalanceAlarm, saveBalanceAlarm, WALLET_QUERY_KEYS } from './charge.api';
import { WalletCard } from './wallet-card';
import { formatCompact, readAmount, toAmountField } from './wallet-money';
import { checkAlarmThreshold } from './wallet-settings.rules';

/** Suggested alarm balance before the user chose one. */
const DEFAULT_THRESHOLD = '10';

/** Saves the form: the alarm balance as the API's amount text (as typed when it does not read). */
const saveAlarm = (values: AlarmValues) => {
  const threshold = readAmount(values.threshold);
  return saveBalanceAlarm({
    enabled: values.enabled,
    threshold: threshold.ok ? toAmountField(threshold.amount) : values.threshold.trim(),
    method: values.method,
    address: values.address,
  });
};

/** The balance alarm form: on/off, alarm balance in PTC, email or SMS and where to send it. */
const BalanceAlarmForm = ({ alarm }: { alarm: BalanceAlarm }) => {
  const { t } = useTranslation();
  const amountMessage = useMemo(() => createAmountMessage(t), [t]);
  const texts: AlarmTexts = {
    enabled: t('balanceAlarm.enabled'),
    threshold: t('balanceAlarm.threshold'),
    method: t('balanceAlarm.method'),
    methods: { email: t('balanceAlarm.method.email'), sms: t('balanceAlarm.method.sms') },
    email: t('balanceAlarm.email'),
    phone: t('balanceAlarm.phone'),
    emailRequired: t('form.email.required'),
    emailInvalid: t('form.email.invalid'),
    save: t('wallet.save'),
    saved: t('balanceAlarm.saved'),
  };
  return (
    <AlarmForm
      alarm={alarm}
      threshold={alarm.threshold ? formatCompact(alarm.threshold) : DEFAULT_THRESHOLD}
      thresholdUnit={{ suffix: 'PTC', inputMode: 'decimal' }}
      checkThreshold={(value) => {
        const error = checkAlarmThreshold(value);
        return error ? amountMessage(error) : null;
      }}
      texts={texts}
      save={saveAlarm}
      queryKey={WALLET_QUERY_KEYS.balanceAlarm}
      testIdPrefix="balance-alarm"
    />
  );
};

/** The balance alarm (SPEC §2, §3, §5): notify by email or SMS below an alarm balance. Hooks: `balance-alarm-*`. */
export const BalanceAlarmCard = () => {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: WALLET_QUERY_KEYS.balanceAlarm,
    queryFn: ({ signal }) => fetchBalanceAlarm(signal),
  });
  return (
    <WalletCard title={t('balanceAlarm.title')} testId="balance-alarm" query={query}>
      {(alarm) => (
        <Flex vertical gap={16}>
          <Typography.Text type="secondary">{t('balanceAlarm.description')}</Typography.Text>
          <BalanceAlarmForm key={query.dataUpdatedAt} alarm={alarm} />
        </Flex>
      )}
    </WalletCard>
  );
};
