import { type PaymentMethod, type Plan, TOP_UP, type TopUpOrder } from '@ptc/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Flex, Input, Row, Skeleton, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { queryClient } from '../../shared/api/query-client';
import { useTranslation } from '../../shared/i18n/use-translation';
import { userStore } from '../../shared/session/session';
import { useStore } from '../../shared/store/create-store';
import { createTopUpOrder, fetchChargePackages, fetchPayways, WALLET_QUERY_KEYS } from './charge.api';
import { FormSection } from './form-section';
import { PackagePicker, readPackage } from './package-picker';
import { PaymentMethodPicker } from './payment-method-picker';
import { type EpayChannel, listMethodsForPlan, pickMethod } from './payment-methods';
import { PlanPicker } from './plan-picker';
import { getCheckoutStep } from './top-up-order';
import { describeQuote, readServedTerms } from './top-up-quote';
import { TopUpQuoteCard } from './top-up-quote-card';
import { type AmountReading, readTopUpAmount, toAmountField } from './wallet-money';
import { useWalletPaths } from './wallet-paths';

/** Props of {@link TopUpForm}. */
export interface TopUpFormProps {
  /** Shows an order on the charge page (USDT, wire transfer, or an order already final). */
  onShowOrder: (orderNo: string) => void;
}

/**
 * The top-up form (SPEC §2 Charge): plan, packages or a custom amount ($1–$2000, two decimals),
 * payment method with its fee, a price preview computed before paying, and "Pay", which creates
 * the order and continues to the provider, the WeChat QR page, or the order shown here.
 */
export const TopUpForm = ({ onShowOrder }: TopUpFormProps) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const paths = useWalletPaths();
  const user = useStore(userStore);
  const packagesQuery = useQuery({
    queryKey: WALLET_QUERY_KEYS.packages,
    queryFn: ({ signal }) => fetchChargePackages(signal),
  });
  const paywaysQuery = useQuery({
    queryKey: WALLET_QUERY_KEYS.payways,
    queryFn: ({ signal }) => fetchPayways(signal),
  });
  const [plan, setPlan] = useState<Plan>(user?.plan ?? 'personal');
  const [packageId, setPackageId] = useState<string | null>(null);
  const [customText, setCustomText] = useState('');
  const [chosenMethod, setChosenMethod] = useState<PaymentMethod | null>(null);
  const [epayChannel, setEpayChannel] = useState<EpayChannel>('alipay');
  const [hasTriedToPay, setHasTriedToPay] = useState(false);
  const [isPaying, setIsPaying] = useState(false);

  // The account's plan decides what it may pay with: a personal account on the enterprise tab is
  // shown how to become one (contact sales), not the wire transfer the server would refuse.
  const offeredPlan: Plan = user?.plan === 'enterprise' ? plan : 'personal';
  const methods = useMemo(
    () => listMethodsForPlan(paywaysQuery.data ?? [], offeredPlan),
    [paywaysQuery.data, offeredPlan],
  );
  const method = pickMethod(methods, chosenMethod);
  const packages = packagesQuery.data?.packages ?? [];
  const selectedPackage = packages.find((item) => item.id === packageId);
  const reading = selectedPackage ? readPackage(selectedPackage) : readTopUpAmount(customText);
  // Priced under the fee and bonus the server serves, which an operator may change.
  const terms = readServedTerms(
    packagesQuery.data,
    methods.find((item) => item.id === method),
  );
  const quote = reading.ok && method ? describeQuote(reading.amount, method, terms) : null;

  const amountErrorText = (error: Exclude<AmountReading, { ok: true }>['error']): string => {
    if (error === 'required') return t('charge.amount.required');
    if (error === 'min') return t('charge.amount.min', { min: `$${toAmountField(TOP_UP.MIN_AMOUNT)}` });
    if (error === 'max') return t('charge.amount.max', { max: `$${toAmountField(TOP_UP.MAX_AMOUNT)}` });
    if (error === 'cents') return t('charge.amount.cents');
    return t('charge.amount.format');
  };
  // 'Please select a package' waits for a pay attempt; a wrong typed amount shows at once.
  const amountError =
    !reading.ok && (hasTriedToPay || (reading.error !== 'required' && customText.trim() !== ''))
      ? amountErrorText(reading.error)
      : null;

  const continueWith = (order: TopUpOrder) => {
    const step = getCheckoutStep(order);
    if (step.kind === 'redirect') {
      window.location.assign(step.url);
      return;
    }
    setIsPaying(false);
    queryClient.setQueryData(WALLET_QUERY_KEYS.order(order.order_no), order);
    if (step.kind === 'wechat') {
      queryClient.setQueryData(WALLET_QUERY_KEYS.wechatOrder(order.order_no), order);
      void navigate(paths.wechatPay(step.orderNo));
      return;
    }
    onShowOrder(step.orderNo);
  };

  const pay = async () => {
    setHasTriedToPay(true);
    if (!reading.ok || !method) return;
    setIsPaying(true);
    try {
      const order = await createTopUpOrder(method, { amount: toAmountField(reading.amount) }, epayChannel);
      continueWith(order);
    } catch {
      // The API client has said why (3003 amount, 3004 method, 3001 provider, 610, 403).
      setIsPaying(false);
    }
  };

  if (packagesQuery.isError || paywaysQuery.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('charge.listFailed')}
        data-testid="charge-list-error"
        action={
          <Button
            size="small"
            onClick={() => {
              void packagesQuery.refetch();
              void paywaysQuery.refetch();
            }}
          >
            {t('wallet.retry')}
          </Button>
        }
      />
    );
  }
  if (packagesQuery.isPending || paywaysQuery.isPending) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  }

  return (
    <Row gutter={[16, 16]} data-testid="charge-form">
      <Col xs={24} xl={15}>
        <Card>
          <Flex vertical gap={24}>
            <PlanPicker plan={plan} onChange={setPlan} />
            <PackagePicker
              packages={packagesQuery.data}
              selectedId={packageId}
              onSelect={(id) => {
                setPackageId(id);
                setCustomText('');
              }}
            />
            <FormSection title={t('charge.customAmount')}>
              <Flex vertical gap={4} style={{ maxWidth: 320 }}>
                <Input
                  prefix="$"
                  suffix="PTC"
                  inputMode="decimal"
                  autoComplete="off"
                  value={customText}
                  placeholder={t('charge.customAmount.placeholder')}
                  status={amountError ? 'error' : ''}
                  aria-invalid={amountError ? true : undefined}
                  aria-label={t('charge.customAmount')}
                  onChange={(event) => {
                    setCustomText(event.target.value);
                    setPackageId(null);
                  }}
                  data-testid="charge-custom-amount"
                />
                {amountError ? (
                  <Typography.Text type="danger" role="alert" data-testid="charge-amount-error">
                    {amountError}
                  </Typography.Text>
                ) : null}
              </Flex>
            </FormSection>
            <PaymentMethodPicker
              methods={methods}
              method={method}
              onSelect={setChosenMethod}
              epayChannel={epayChannel}
              onEpayChannel={setEpayChannel}
            />
          </Flex>
        </Card>
      </Col>

      <Col xs={24} xl={9}>
        <TopUpQuoteCard quote={quote} method={method} isPaying={isPaying} onPay={() => void pay()} />
      </Col>
    </Row>
  );
};
