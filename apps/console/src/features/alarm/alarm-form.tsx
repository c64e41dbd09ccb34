import type { QueryKey } from '@tanstack/react-query';
import { Button, Flex, Form, Input, Radio, Spin, Switch } from 'antd';
import { type CSSProperties, lazy, Suspense, useState } from 'react';
import { queryClient } from '../../shared/api/query-client';
import { userStore } from '../../shared/session/session';
import { useStore } from '../../shared/store/create-store';
import { useFeedback } from '../../shared/ui/feedback';
import { isEmailAddress } from '../auth/auth.rules';

// The phone field brings libphonenumber's metadata; it loads when SMS is chosen.
const AlarmPhoneField = lazy(() => import('./alarm-phone-field'));

/** How an alarm notifies (SPEC §5). */
export type AlarmMethod = 'email' | 'sms';

const ALARM_METHODS: readonly AlarmMethod[] = ['email', 'sms'];

/** What an alarm form edits: on/off, the threshold as typed, how to notify and where. */
export interface AlarmValues {
  enabled: boolean;
  threshold: string;
  method: AlarmMethod;
  address: string;
}

/** The texts of one alarm form, in the interface language: each alarm has its own. */
export interface AlarmTexts {
  enabled: string;
  threshold: string;
  method: string;
  methods: Readonly<Record<AlarmMethod, string>>;
  email: string;
  phone: string;
  emailRequired: string;
  emailInvalid: string;
  save: string;
  saved: string;
}

/** Props of {@link AlarmForm}. */
export interface AlarmFormProps {
  /** The alarm as the server holds it. */
  alarm: { enabled: boolean; method: AlarmMethod; address: string | null };
  /** The threshold shown at first, as typed (a suggestion before the user chose one). */
  threshold: string;
  /** What the threshold is counted in, after the field ("PTC", "GB"), and the keyboard it wants. */
  thresholdUnit: { suffix: string; inputMode: 'decimal' | 'numeric' };
  /** Why a typed threshold is refused, in the interface language; null when it is fine. */
  checkThreshold: (value: string) => string | null;
  texts: AlarmTexts;
  /** Sends the values to the server; the form then says so and reloads `queryKey`. */
  save: (values: AlarmValues) => Promise<unknown>;
  queryKey: QueryKey;
  /** E2E hooks: `<prefix>-enabled`, `-threshold`, `-method-<method>`, `-address`, `-save`. */
  testIdPrefix: string;
  style?: CSSProperties;
}

/**
 * An alarm's form (the balance alarm, the low-traffic alert): on/off, a threshold, email or SMS
 * and where to send it, starting from the user's own email or phone.
 */
export const AlarmForm = ({
  alarm,
  threshold,
  thresholdUnit,
  checkThreshold,
  texts,
  save,
  queryKey,
  testIdPrefix,
  style,
}: AlarmFormProps) => {
  const { message } = useFeedback();
  const user = useStore(userStore);
  const [form] = Form.useForm<AlarmValues>();
  const [isSaving, setIsSaving] = useState(false);
  const contactFor = (method: AlarmMethod): string => (method === 'email' ? user?.email : user?.phone) ?? '';
  const initialValues: AlarmValues = {
    enabled: alarm.enabled,
    threshold,
    method: alarm.method,
    address: alarm.address ?? contactFor(alarm.method),
  };
  const method = Form.useWatch('method', form) ?? initialValues.method;

  const onFinish = async (values: AlarmValues) => {
    setIsSaving(true);
    try {
      await save({ ...values, address: values.address.trim() });
      void message.success(texts.saved);
      await queryClient.invalidateQueries({ queryKey });
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
      {...(style ? { style } : {})}
    >
      <Form.Item name="enabled" label={texts.enabled} valuePropName="checked">
        <Switch data-testid={`${testIdPrefix}-enabled`} />
      </Form.Item>
      <Flex gap={16} wrap>
        <Form.Item
          name="threshold"
          label={texts.threshold}
          style={{ flex: '1 1 160px' }}
          rules={[
            {
              validator: async (_rule, value: unknown) => {
                const error = checkThreshold(typeof value === 'string' ? value : '');
                if (error) throw new Error(error);
              },
            },
          ]}
        >
          <Input
            suffix={thresholdUnit.suffix}
            inputMode={thresholdUnit.inputMode}
            autoComplete="off"
            data-testid={`${testIdPrefix}-threshold`}
          />
        </Form.Item>
        <Form.Item name="method" label={texts.method} style={{ flex: '1 1 160px' }}>
          <Radio.Group
            optionType="button"
            options={ALARM_METHODS.map((value) => ({
              value,
              label: <span data-testid={`${testIdPrefix}-method-${value}`}>{texts.methods[value]}</span>,
            }))}
          />
        </Form.Item>
      </Flex>
      {method === 'sms' ? (
        <Suspense fallback={<Spin style={{ display: 'block', margin: '12px auto' }} />}>
          <AlarmPhoneField label={texts.phone} testId={`${testIdPrefix}-address`} />
        </Suspense>
      ) : (
        <Form.Item
          name="address"
          label={texts.email}
          rules={[
            { required: true, whitespace: true, message: texts.emailRequired },
            {
              validator: async (_rule, value: unknown) => {
                if (typeof value === 'string' && value.trim() !== '' && !isEmailAddress(value)) {
                  throw new Error(texts.emailInvalid);
                }
              },
            },
          ]}
        >
          <Input type="email" autoComplete="email" data-testid={`${testIdPrefix}-address`} />
        </Form.Item>
      )}
      <Button type="primary" htmlType="submit" loading={isSaving} data-testid={`${testIdPrefix}-save`}>
        {texts.save}
      </Button>
    </Form>
  );
};
