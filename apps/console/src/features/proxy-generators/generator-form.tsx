import { Button, type ButtonProps, Flex, Form, type FormInstance, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useFeedback } from '../../shared/ui/feedback';
import { isPrepaidFamily, type PriceFamily, validCount } from './generator-rules';
import { fetchPrice, type PriceQuery } from './generators.api';
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
 * A prepaid purchase is charged at once, so Buy first asks the server for the price of exactly
 * what the form holds and charges only after the customer confirms that price (E2E hook of the
 * confirmation's button: `gen-confirm-pay`).
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
  const { modal } = useFeedback();
  const price = usePriceQuote(priceQuery);
  const [isQuoting, setIsQuoting] = useState(false);
  const isPrepaid = isPrepaidFamily(family);

  const confirmPurchase = async (values: V) => {
    setIsQuoting(true);
    let quote: Awaited<ReturnType<typeof fetchPrice>>;
    try {
      quote = await fetchPrice(priceQuery);
    } catch {
      // No price, no purchase: the preview says the price could not be loaded.
      return;
    } finally {
      setIsQuoting(false);
    }
    void modal.confirm({
      title: t('generators.confirm.title', { amount: quote.total }),
      content: (
        <Flex vertical gap={4} data-testid={`${testIdPrefix}-confirm`}>
          <Typography.Text>
            {t('generators.confirm.line', {
              count: priceQuery.count,
              price: quote.unit_price,
              unit: t(`generators.unit.${quote.unit}`),
            })}
          </Typography.Text>
          <Typography.Text type="secondary">{t('generators.confirm.charge')}</Typography.Text>
        </Flex>
      ),
      okText: t('generators.confirm.pay', { amount: quote.total }),
      okButtonProps: { 'data-testid': 'gen-confirm-pay' } as ButtonProps,
      cancelText: t('common.cancel'),
      onOk: () => onSubmit(values),
    });
  };

  return (
    <Form<V>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={initialValues}
      onFinish={(values) => (isPrepaid ? void confirmPurchase(values) : onSubmit(values))}
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
          loading={isGenerating || isQuoting}
          data-testid={`${testIdPrefix}-submit`}
        >
          {isPrepaid ? t('generators.submit.buy') : t('generators.submit.generate')}
        </Button>
      </Flex>
    </Form>
  );
};
