import { useQuery } from '@tanstack/react-query';
import { App, Button, Flex, Form, Input, Radio, Skeleton, Spin, Switch, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryClient } from '../../shared/api/query-client';
import { userStore } from '../../shared/session/session';
import { useStore } from '../../shared/store/create-store';
import { isEmailAddress } from '../auth/auth.rules';
import { LoadFailed } from './load-failed';
import { checkThresholdGb, THRESHOLD_GB } from './traffic-alarm.rules';
import {
  fetchTrafficAlarm,
  saveTrafficAlarm,
  TRAFFIC_QUERY_KEYS,
  type TrafficAlarm,
} from './traffic-package.api';

// The phone field brings libphonenumber's metadata; it loads when SMS is chosen.
const TrafficAlarmPhoneField = lazy(() => import('./traffic-alarm-phone'));

type AlarmMethod = TrafficAlarm['method'];

interface AlarmValues {
  enabled: boolean;
  threshold: string;
  method: AlarmMethod;
  address: string;
}

const ALARM_METHODS: readonly AlarmMethod[] = ['email', 'sms'];

/** Suggested threshold before the user chose one, in GB. */
const DEFAULT_THRESHOLD_GB = '1';

/** The alert form: on/off, threshold in GB, email or SMS and where to send it. */
const AlarmForm = ({ alarm }: { alarm: TrafficAlarm }) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const user = useStore(userStore);
  const [form] = Form.useForm<AlarmValues>();
  const [isSaving, setIsSaving] = useState(false);
  const contactFor = (method: AlarmMethod): string => (method === 'email' ? user?.email : user?.phone) ?? '';
  const initialValues: AlarmValues = {
    enabled: alarm.enabled,
    threshold: alarm.threshold_gb === null ? DEFAULT_THRESHOLD_GB : String(alarm.threshold_gb),
    method: alarm.method,
    address: alarm.address ?? contactFor(alarm.method),
  };
  const method = Form.useWatch('method', form) ?? initialValues.method;

  const onFinish = async (values: AlarmValues) => {
    setIsSaving(true);
    try {
      await saveTrafficAlarm({
        enabled: values.enabled,
        threshold_gb: Number(values.threshold.trim()),
        method: values.method,
        address: values.address.trim(),
      });
      void message.success(t('trafficPackage.alarm.saved'));
      await queryClient.invalidateQueries({ queryKey: TRAFFIC_QUERY_KEYS.alarm });
    } catch {
      // Shown by the API client through the code table.
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
      style={{ maxWidth: 560 }}
    >
      <Form.Item name="enabled" label={t('trafficPackage.alarm.enabled')} valuePropName="checked">
        <Switch data-testid="traffic-alarm-enabled" />
      </Form.Item>
      <Flex gap={16} wrap>
        <Form.Item
          name="threshold"
          label={t('trafficPackage.alarm.threshold')}
          style={{ flex: '1 1 160px' }}
          rules={[
            {
              validator: async (_rule, value: unknown) => {
                const error = checkThresholdGb(value);
                if (error) throw new Error(t(`trafficPackage.alarm.threshold.${error}`, THRESHOLD_GB));
              },
            },
          ]}
        >
          <Input
            suffix={t('trafficPackage.unit.gb')}
            inputMode="numeric"
            autoComplete="off"
            data-testid="traffic-alarm-threshold"
          />
        </Form.Item>
        <Form.Item name="method" label={t('trafficPackage.alarm.method')} style={{ flex: '1 1 160px' }}>
          <Radio.Group
            optionType="button"
            options={ALARM_METHODS.map((value) => ({
              value,
              label: (
                <span data-testid={`traffic-alarm-method-${value}`}>
                  {t(`trafficPackage.alarm.method.${value}`)}
                </span>
              ),
            }))}
          />
        </Form.Item>
      </Flex>
      {method === 'sms' ? (
        <Suspense fallback={<Spin style={{ display: 'block', margin: '12px auto' }} />}>
          <TrafficAlarmPhoneField />
        </Suspense>
      ) : (
        <Form.Item
          name="address"
          label={t('trafficPackage.alarm.email')}
          rules={[
            { required: true, whitespace: true, message: t('trafficPackage.alarm.email.required') },
            {
              validator: async (_rule, value: unknown) => {
                if (typeof value === 'string' && value.trim() !== '' && !isEmailAddress(value)) {
                  throw new Error(t('trafficPackage.alarm.email.invalid'));
                }
              },
            },
          ]}
        >
          <Input type="email" autoComplete="email" data-testid="traffic-alarm-address" />
        </Form.Item>
      )}
      <Button type="primary" htmlType="submit" loading={isSaving} data-testid="traffic-alarm-save">
        {t('trafficPackage.alarm.save')}
      </Button>
    </Form>
  );
};

/**
 * The low-traffic alert (SPEC §2, §3 Traffic alarm, §5): a threshold in GB, by email or SMS.
 * Hooks: `traffic-alarm-*`.
 */
export const TrafficAlarmSettings = () => {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: TRAFFIC_QUERY_KEYS.alarm,
    queryFn: ({ signal }) => fetchTrafficAlarm(signal),
  });
  if (query.isError) return <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  if (query.isPending) return <Skeleton active />;
  return (
    <Flex vertical gap={16} data-testid="traffic-alarm">
      <Typography.Text type="secondary">{t('trafficPackage.alarm.description')}</Typography.Text>
      <AlarmForm key={query.dataUpdatedAt} alarm={query.data} />
    </Flex>
  );
};
