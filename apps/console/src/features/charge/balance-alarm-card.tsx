import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Form, Input, Radio, Skeleton, Spin, Switch, Typography } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryClient } from '../../shared/api/query-client';
import { userStore } from '../../shared/session/session';
import { useStore } from '../../shared/store/create-store';
import { isEmailAddress } from '../auth/auth.rules';
import { createAmountMessage } from './amount-messages';
import { type BalanceAlarm, fetchBalanceAlarm, saveBalanceAlarm, WALLET_QUERY_KEYS } from './charge.api';
import { formatCompact, readAmount, toAmountField } from './wallet-money';
import { checkAlarmThreshold } from './wallet-settings.rules';

// The phone field brings libphonenumber's metadata; it loads when SMS is chosen.
const BalanceAlarmPhoneField = lazy(() => import('./balance-alarm-phone'));

type AlarmMethod = BalanceAlarm['method'];

interface AlarmValues {
  enabled: boolean;
  threshold: string;
  method: AlarmMethod;
  address: string;
}

const ALARM_METHODS: readonly AlarmMethod[] = ['email', 'sms'];

/** Suggested alarm balance before the user chose one. */
const DEFAULT_THRESHOLD = '10';

/** The balance alarm form: on/off, alarm balance, email or SMS and where to send it. */
const BalanceAlarmForm = ({ alarm }: { alarm: BalanceAlarm }) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const user = useStore(userStore);
  const amountMessage = useMemo(() => createAmountMessage(t), [t]);
  const [form] = Form.useForm<AlarmValues>();
  const [isSaving, setIsSaving] = useState(false);
  const contactFor = (method: AlarmMethod): string => (method === 'email' ? user?.email : user?.phone) ?? '';
  const initialValues: AlarmValues = {
    enabled: alarm.enabled,
    threshold: alarm.threshold ? formatCompact(alarm.threshold) : DEFAULT_THRESHOLD,
    method: alarm.method,
    address: alarm.address ?? contactFor(alarm.method),
  };
  const method = Form.useWatch('method', form) ?? initialValues.method;

  const onFinish = async (values: AlarmValues) => {
    const threshold = readAmount(values.threshold);
    setIsSaving(true);
    try {
      await saveBalanceAlarm({
        enabled: values.enabled,
        threshold: threshold.ok ? toAmountField(threshold.amount) : values.threshold.trim(),
        method: values.method,
        address: values.address.trim(),
      });
      void message.success(t('balanceAlarm.saved'));
      await queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEYS.balanceAlarm });
    } catch {
      // Shown by the API client.
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <Form<AlarmValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={initialValues}
      onFinish={onFinish}
      onValuesChange={(changed: Partial<AlarmValues>) => {
        // Each method has its own kind of address: start from the user's own email or phone.
        if (changed.method) form.setFieldValue('address', contactFor(changed.method));
      }}
    >
      <Form.Item name="enabled" label={t('balanceAlarm.enabled')} valuePropName="checked">
        <Switch data-testid="balance-alarm-enabled" />
      </Form.Item>
      <Flex gap={16} wrap>
        <Form.Item
          name="threshold"
          label={t('balanceAlarm.threshold')}
          style={{ flex: '1 1 160px' }}
          rules={[
            {
              validator: async (_rule, value: unknown) => {
                const error = checkAlarmThreshold(typeof value === 'string' ? value : '');
                if (error) throw new Error(amountMessage(error));
              },
            },
          ]}
        >
          <Input suffix="PTC" inputMode="decimal" autoComplete="off" data-testid="balance-alarm-threshold" />
        </Form.Item>
        <Form.Item name="method" label={t('balanceAlarm.method')} style={{ flex: '1 1 160px' }}>
          <Radio.Group
            optionType="button"
            options={ALARM_METHODS.map((value) => ({
              value,
              label: (
                <span data-testid={`balance-alarm-method-${value}`}>{t(`balanceAlarm.method.${value}`)}</span>
              ),
            }))}
          />
        </Form.Item>
      </Flex>
      {method === 'sms' ? (
        <Suspense fallback={<Spin style={{ display: 'block', margin: '12px auto' }} />}>
          <BalanceAlarmPhoneField />
        </Suspense>
      ) : (
        <Form.Item
          name="address"
          label={t('balanceAlarm.email')}
          rules={[
            { required: true, whitespace: true, message: t('form.email.required') },
            {
              validator: async (_rule, value: unknown) => {
                if (typeof value === 'string' && value.trim() !== '' && !isEmailAddress(value)) {
                  throw new Error(t('form.email.invalid'));
                }
              },
            },
          ]}
        >
          <Input type="email" autoComplete="email" data-testid="balance-alarm-address" />
        </Form.Item>
      )}
      <Button type="primary" htmlType="submit" loading={isSaving} data-testid="balance-alarm-save">
        {t('wallet.save')}
      </Button>
    </Form>
  );
};

/** The balance alarm (SPEC §2, §3, §5): notify by email or SMS below an alarm balance. Hooks: `balance-alarm-*`. */
export const BalanceAlarmCard = () => {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: WALLET_QUERY_KEYS.balanceAlarm,
    queryFn: ({ signal }) => fetchBalanceAlarm(signal),
  });

  const body = () => {
    if (query.isError) {
      return (
        <Alert
          type="error"
          showIcon
          title={t('wallet.loadFailed')}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              {t('wallet.retry')}
            </Button>
          }
        />
      );
    }
    if (query.isPending) return <Skeleton active />;
    return (
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">{t('balanceAlarm.description')}</Typography.Text>
        <BalanceAlarmForm key={query.dataUpdatedAt} alarm={query.data} />
      </Flex>
    );
  };

  return (
    <Card title={t('balanceAlarm.title')} data-testid="balance-alarm" style={{ height: '100%' }}>
      {body()}
    </Card>
  );
};
