import { Button, Flex, Form, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isPrepaidFamily, type PriceFamily, validCount } from './generator-rules';
import type { PriceQuery } from './generators.api';
import { PricePreview, usePriceQuote } from './price-preview';

/** Props of {@link GeneratorForm}. */
export interface GeneratorFormProps<V extends object> {
  form: FormInstance<V>;
  initialValues: V;
  /** The price family and the query the current values ask for. */
  family: PriceFamily;
  priceQuery: PriceQuery;
  /** The count as typed: the total is shown only while it is valid. */
  count: number | null | undefined;
  isGenerating: boolean;
  onSubmit: (values: V) => void;
  /** Keeps dependent fields consistent (clearing a state when line 3 is chosen …). */
  onValuesChange?: (changed: Partial<V>, all: V) => void;
  /** E2E hooks: `<prefix>-form`, `<prefix>-submit`, and the price's. */
  testIdPrefix: string;
  children: ReactNode;
}

/**
 * The body every generator shares: its fields, the price before purchase updating as the
 * form changes, and the button that posts it (Generate for traffic, Buy for prepaid families).
 */
export const GeneratorForm = <V extends object>({
  form,
  initialValues,
  family,
  priceQuery,
  count,
  isGenerating,
  onSubmit,
  onValuesChange,
  testIdPrefix,
  children,
}: GeneratorFormProps<V>) => {
  const { t } = useTranslation();
  const price = usePriceQuote(priceQuery);
  return (
    <Form<V>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={initialValues}
      onFinish={onSubmit}
      onValuesChange={onValuesChange}
      data-testid={`${testIdPrefix}-form`}
    >
      {children}
      <Flex vertical gap={16}>
        <PricePreview
          family={family}
          query={price}
          hasValidCount={validCount(count) !== null}
          testIdPrefix={testIdPrefix}
        />
        <Button
          type="primary"
          htmlType="submit"
          size="large"
          block
          loading={isGenerating}
          data-testid={`${testIdPrefix}-submit`}
        >
          {isPrepaidFamily(family) ? t('generators.submit.buy') : t('generators.submit.generate')}
        </Button>
      </Flex>
    </Form>
  );
};
