import {
  DEFAULT_LOCALE,
  type PaymentMethod,
  PLANS,
  type Plan,
  TOP_UP,
  type TopUpOrder,
} from '@ptc/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Flex, Input, Radio, Row, Skeleton, Tag, Typography, theme } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { queryClient } from '../../shared/api/query-client';
import { isLocale } from '../../shared/i18n/detect-locale';
import { userStore } from '../../shared/session/session';
import { useStore } from '../../shared/store/create-store';
import {
  type ChargePackages,
  createTopUpOrder,
  fetchChargePackages,
  fetchPayways,
  WALLET_QUERY_KEYS,
} from './charge.api';
import { ChoiceCard } from './choice-card';
import {
  EPAY_CHANNELS,
  type EpayChannel,
  getFeeParts,
  getPaywayName,
  listMethodsForPlan,
  type PaywayItem,
  pickMethod,
} from './payment-methods';
import { getCheckoutStep } from './top-up-order';
import { describeQuote, type QuoteDisplay } from './top-up-quote';
import {
  type AmountReading,
  formatAmount,
  formatCompact,
  parseWireAmount,
  readTopUpAmount,
  toAmountField,
} from './wallet-money';
import { useWalletPaths } from './wallet-paths';

/** Who to write to about enterprise offers (an address, or a link). */
const SALES_CONTACT = import.meta.env.VITE_SALES_CONTACT || 'sales@example.com';

/** Methods that charge in yuan. */
const CNY_METHODS: ReadonlySet<PaymentMethod> = new Set(['alipay', 'wechat', 'epay']);

type Package = ChargePackages['packages'][number];

const readPackage = (item: Package): AmountReading => {
  const amount = parseWireAmount(item.amount);
  return amount === null ? { ok: false, error: 'format' } : { ok: true, amount };
};

const Section = ({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) => (
  <Flex vertical gap={10}>
    <Flex justify="space-between" align="baseline" gap={8} wrap>
      <Typography.Text strong>{title}</Typography.Text>
      {extra}
    </Flex>
    {children}
  </Flex>
);

const QuoteRow = ({
  label,
  children,
  isStrong = false,
}: {
  label: string;
  children: ReactNode;
  isStrong?: boolean;
}) => (
  <Flex justify="space-between" align="baseline" gap={8}>
    <Typography.Text type={isStrong ? undefined : 'secondary'} strong={isStrong}>
      {label}
    </Typography.Text>
    <Typography.Text strong={isStrong} style={isStrong ? { fontSize: 18 } : undefined}>
      {children}
    </Typography.Text>
  </Flex>
);

/** The price preview: amount, fee, bonus, total to pay and PTC credited (hooks `charge-quote-*`). */
const QuoteSummary = ({ quote }: { quote: QuoteDisplay }) => {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={6} data-testid="charge-quote">
      <QuoteRow label={t('charge.quote.amount')}>
        $<span data-testid="charge-quote-amount">{quote.amount}</span>
      </QuoteRow>
      <QuoteRow label={t('charge.quote.fee')}>
        $<span data-testid="charge-quote-fee">{quote.fee}</span>
      </QuoteRow>
      <QuoteRow label={t('charge.quote.total')} isStrong>
        $<span data-testid="charge-quote-total">{quote.total}</span>
      </QuoteRow>
      <QuoteRow label={t('charge.quote.bonus')}>
        <span data-testid="charge-quote-bonus">{quote.bonus}</span> PTC
      </QuoteRow>
      <QuoteRow label={t('charge.quote.credited')} isStrong>
        <span data-testid="charge-quote-credited">{quote.credited}</span> PTC
      </QuoteRow>
    </Flex>
  );
};

/** One payment method: localized name, fee and a Sandbox tag when no real money moves. */
const MethodCard = ({
  item,
  isSelected,
  onSelect,
}: {
  item: PaywayItem;
  isSelected: boolean;
  onSelect: () => void;
}) => {
  const { t, i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
  const fee = getFeeParts(item);
  const feeText = [fee.percent ? `${fee.percent}%` : null, fee.fixed ? `$${formatAmount(fee.fixed)}` : null]
    .filter(Boolean)
    .join(' + ');
  return (
    <ChoiceCard isSelected={isSelected} onSelect={onSelect} testId={`charge-method-${item.id}`}>
      <Flex justify="space-between" align="center" gap={8}>
        <Typography.Text strong>{getPaywayName(item, locale)}</Typography.Text>
        {item.sandbox ? (
          <Tag color="orange" style={{ marginInlineEnd: 0 }} title={t('charge.method.sandboxHint')}>
            {t('charge.method.sandbox')}
          </Tag>
        ) : null}
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {feeText ? t('charge.method.fee', { fee: feeText }) : t('charge.method.noFee')}
      </Typography.Text>
    </ChoiceCard>
  );
};

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
  const { token } = theme.useToken();
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
  const quote = reading.ok && method ? describeQuote(reading.amount, method) : null;

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

  const bonusThreshold = formatCompact(packagesQuery.data.bonus_threshold);
  const grid = (minWidth: number) => ({
    display: 'grid',
    gridTemplateColumns: `repeat(auto-fill, minmax(${minWidth}px, 1fr))`,
    gap: 12,
    margin: 0,
    padding: 0,
    border: 0,
    minWidth: 0,
  });

  return (
    <Row gutter={[16, 16]} data-testid="charge-form">
      <Col xs={24} xl={15}>
        <Card>
          <Flex vertical gap={24}>
            <Section title={t('charge.plan')}>
              <Radio.Group
                optionType="button"
                buttonStyle="solid"
                value={plan}
                onChange={(event) => setPlan(event.target.value as Plan)}
                options={PLANS.map((value) => ({
                  value,
                  label: (
                    <span
                      data-testid={`charge-plan-${value}`}
                      data-selected={value === plan ? 'true' : 'false'}
                    >
                      {t(`charge.plan.${value}`)}
                    </span>
                  ),
                }))}
              />
              {plan === 'enterprise' ? (
                <Alert
                  type="info"
                  showIcon
                  data-testid="charge-enterprise-notice"
                  title={t('charge.plan.enterprise.title')}
                  description={
                    <Flex vertical gap={4}>
                      <span>{t('charge.plan.enterprise.description')}</span>
                      <span>
                        {t('charge.plan.enterprise.contact')}{' '}
                        <Typography.Link
                          href={SALES_CONTACT.includes('@') ? `mailto:${SALES_CONTACT}` : SALES_CONTACT}
                          data-testid="charge-enterprise-contact"
                        >
                          {SALES_CONTACT}
                        </Typography.Link>
                      </span>
                    </Flex>
                  }
                />
              ) : null}
            </Section>

            <Section
              title={t('charge.packages')}
              extra={
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('charge.bonusHint', {
                    threshold: bonusThreshold,
                    percent: packagesQuery.data.bonus_percent,
                  })}
                </Typography.Text>
              }
            >
              <fieldset aria-label={t('charge.packages')} style={grid(130)}>
                {packages.map((item) => {
                  const hasBonus = (parseWireAmount(item.bonus) ?? 0n) > 0n;
                  return (
                    <ChoiceCard
                      key={item.id}
                      testId={`charge-package-${formatCompact(item.amount)}`}
                      isSelected={item.id === packageId}
                      onSelect={() => {
                        setPackageId(item.id);
                        setCustomText('');
                      }}
                      style={{ minHeight: 84 }}
                    >
                      <Flex vertical gap={2}>
                        <Typography.Text strong style={{ fontSize: 20 }}>
                          {formatCompact(item.amount)} PTC
                        </Typography.Text>
                        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                          ${formatAmount(item.amount)}
                        </Typography.Text>
                        {hasBonus ? (
                          <Tag color="volcano" style={{ alignSelf: 'flex-start', marginInlineEnd: 0 }}>
                            {t('charge.package.bonus', { bonus: formatCompact(item.bonus) })}
                          </Tag>
                        ) : null}
                      </Flex>
                    </ChoiceCard>
                  );
                })}
              </fieldset>
            </Section>

            <Section title={t('charge.customAmount')}>
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
            </Section>

            <Section title={t('charge.methods')}>
              {methods.length === 0 ? (
                <Alert type="warning" showIcon title={t('charge.methods.empty')} />
              ) : (
                <fieldset aria-label={t('charge.methods')} style={grid(190)}>
                  {methods.map((item) => (
                    <MethodCard
                      key={item.id}
                      item={item}
                      isSelected={item.id === method}
                      onSelect={() => setChosenMethod(item.id)}
                    />
                  ))}
                </fieldset>
              )}
              {method === 'epay' ? (
                <Flex align="center" gap={12} wrap>
                  <Typography.Text type="secondary">{t('charge.epay.channel')}</Typography.Text>
                  <Radio.Group
                    value={epayChannel}
                    onChange={(event) => setEpayChannel(event.target.value as EpayChannel)}
                    options={EPAY_CHANNELS.map((value) => ({
                      value,
                      label: (
                        <span data-testid={`charge-epay-channel-${value}`}>{t(`charge.epay.${value}`)}</span>
                      ),
                    }))}
                  />
                </Flex>
              ) : null}
            </Section>
          </Flex>
        </Card>
      </Col>

      <Col xs={24} xl={9}>
        <Card title={t('charge.quote')} style={{ position: 'sticky', top: 72 }}>
          <Flex vertical gap={16}>
            {quote ? (
              <QuoteSummary quote={quote} />
            ) : (
              <Typography.Text type="secondary">{t('charge.quote.empty')}</Typography.Text>
            )}
            {method && CNY_METHODS.has(method) ? (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('charge.quote.cnyNote')}
              </Typography.Text>
            ) : null}
            <Button
              type="primary"
              size="large"
              block
              loading={isPaying}
              disabled={!method}
              onClick={() => void pay()}
              data-testid="charge-pay"
            >
              {quote ? `${t('charge.pay')} $${quote.total}` : t('charge.pay')}
            </Button>
            <ul
              data-testid="charge-notes"
              style={{ margin: 0, paddingInlineStart: 18, color: token.colorTextSecondary, fontSize: 12 }}
            >
              <li>{t('charge.notes.nonRefundable')}</li>
              <li>{t('charge.notes.delay')}</li>
            </ul>
          </Flex>
        </Card>
      </Col>
    </Row>
  );
};
