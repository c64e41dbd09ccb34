import { Form } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { PhoneInput } from '../../shared/ui/phone-input/phone-input';
import { createPhoneRules } from '../../shared/ui/phone-input/phone-rules';

/** The receiving phone of an alarm (E.164); loaded when SMS is chosen, with libphonenumber. */
const AlarmPhoneField = ({ label, testId }: { label: string; testId: string }) => {
  const { t } = useTranslation();
  const rules = useMemo(() => createPhoneRules(t), [t]);
  return (
    <Form.Item name="address" label={label} rules={rules} validateTrigger="onBlur">
      <PhoneInput data-testid={testId} />
    </Form.Item>
  );
};

export default AlarmPhoneField;
