import { Form } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PhoneInput } from '../../shared/ui/phone-input/phone-input';
import { createPhoneRules } from '../../shared/ui/phone-input/phone-rules';

/** The receiving phone of the low-traffic alert (E.164); loaded when SMS is chosen, with libphonenumber. */
const TrafficAlarmPhoneField = () => {
  const { t } = useTranslation();
  const rules = useMemo(() => createPhoneRules(t), [t]);
  return (
    <Form.Item name="address" label={t('trafficPackage.alarm.phone')} rules={rules} validateTrigger="onBlur">
      <PhoneInput data-testid="traffic-alarm-address" />
    </Form.Item>
  );
};

export default TrafficAlarmPhoneField;
