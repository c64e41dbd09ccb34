import { isAppError } from '@ptc/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Col, Empty, Flex, Row, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { queryClient } from '../../shared/api/query-client';
import { useTranslation } from '../../shared/i18n/use-translation';
import { setUserInfo, userStore } from '../../shared/session/session';
import { useStore } from '../../shared/store/create-store';
import { useFeedback } from '../../shared/ui/feedback';
import { loadUserInfo } from '../auth/auth.api';
import { ChoiceCard } from '../charge/choice-card';
import { useWalletPaths } from '../charge/wallet-paths';
import { CustomContact } from './custom-contact';
import { LoadFailed } from './load-failed';
import {
  checkPackageChoice,
  formatExact,
  formatWireExact,
  type PackageChoiceError,
  quotePurchase,
  sortPlans,
} from './package-purchase';
import {
  buyTrafficPackage,
  fetchTrafficPlans,
  TRAFFIC_QUERY_KEYS,
  type TrafficPlan,
} from './traffic-package.api';

// Tags wrap inside a narrow card (two cards a row at 390 px) rather than overflow it.
const TAG_STYLE = { margin: 0, whiteSpace: 'normal', maxWidth: '100%' } as const;

/** One package on sale: size, price per GB, amount, discount, validity and purchase limit. */
const PlanCard = ({
  plan,
  isSelected,
  onSelect,
}: {
  plan: TrafficPlan;
  isSelected: boolean;
  onSelect: () => void;
}) => {
  const { t } = useTranslation();
  return (
    <ChoiceCard
      isSelected={isSelected}
      onSelect={onSelect}
      testId={`traffic-package-plan-${plan.gb}${plan.permanent ? '' : '-trial'}`}
      style={{ height: '100%' }}
    >
      <Flex vertical gap={4}>
        <Typography.Text strong style={{ fontSize: 20 }}>
          {t('trafficPackage.plan.size', { gb: plan.gb })}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('trafficPackage.plan.pricePerGb', { price: formatWireExact(plan.price_per_gb) })}
        </Typography.Text>
        <Typography.Text strong>
          {t('trafficPackage.plan.amount', { amount: formatWireExact(plan.amount) })}
        </Typography.Text>
        <Flex gap={4} wrap>
          {plan.discount_percent > 0 ? (
            <Tag color="red" style={TAG_STYLE}>
              {t('trafficPackage.plan.discount', { percent: plan.discount_percent })}
            </Tag>
          ) : null}
          <Tag color={plan.permanent ? 'green' : 'gold'} style={TAG_STYLE}>
            {plan.permanent
              ? t('trafficPackage.plan.permanent')
              : t('trafficPackage.plan.validDays', { days: plan.valid_days ?? 0 })}
          </Tag>
          {plan.limit_per_user !== null ? (
            <Tag style={TAG_STYLE}>{t('trafficPackage.plan.limit', { limit: plan.limit_per_user })}</Tag>
          ) : null}
        </Flex>
      </Flex>
    </ChoiceCard>
  );
};

const QuoteRow = ({ label, value, testId }: { label: string; value: string; testId: string }) => (
  <Flex justify="space-between" gap={12}>
    <Typography.Text type="secondary">{label}</Typography.Text>
    <Typography.Text strong data-testid={testId} style={{ fontVariantNumeric: 'tabular-nums' }}>
      {value} PTC
    </Typography.Text>
  </Flex>
);

/**
 * Buying a traffic package (SPEC §2): the packages on sale, the price against the balance, and
 * "Buy now" with a confirmation. Buying without a choice says 'Please select a package'; the
 * server's 3002, 3004 and 3005 are shown by the client through the code table. After a purchase
 * the balance and every traffic figure are reloaded. Hooks: `traffic-package-*`.
 */
export const PackagePurchaseForm = () => {
  const { t } = useTranslation();
  const { modal, message } = useFeedback();
  const navigate = useNavigate();
  const paths = useWalletPaths();
  const user = useStore(userStore);
  const [packageId, setPackageId] = useState<string | null>(null);
  const [choiceError, setChoiceError] = useState<PackageChoiceError | null>(null);
  const [isBuying, setIsBuying] = useState(false);
  const plansQuery = useQuery({
    queryKey: TRAFFIC_QUERY_KEYS.plans,
    queryFn: ({ signal }) => fetchTrafficPlans(signal),
  });
  const plans = sortPlans(plansQuery.data ?? []);
  const chosen = packageId ? checkPackageChoice(packageId, plans) : null;
  const quote = chosen?.ok ? quotePurchase(chosen.plan, user?.balance) : null;

  const purchase = async (plan: TrafficPlan) => {
    setIsBuying(true);
    try {
      const bought = await buyTrafficPackage(plan.id);
      // The answer carries the balance after paying: show it at once, then reload the rest.
      const current = userStore.get();
      if (current) setUserInfo({ ...current, balance: bought.balance });
      void message.success(t('trafficPackage.buy.success', { gb: plan.gb }));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: TRAFFIC_QUERY_KEYS.all }),
        loadUserInfo().catch((error: unknown) =>
          console.warn('[traffic-package] the user info could not be reloaded', error),
        ),
      ]);
    } catch (error) {
      // The client has shown the code table's text; bring what it concerns up to date.
      if (isAppError(error) && error.key === 'ERR_NOT_PAYWAY') {
        setPackageId(null);
        void plansQuery.refetch();
      }
      if (isAppError(error) && error.key === 'ERR_BALANCE_NOT_ENOUGH') {
        void loadUserInfo().catch(() => undefined);
      }
    } finally {
      setIsBuying(false);
    }
  };

  const onBuy = () => {
    const checked = checkPackageChoice(packageId, plans);
    if (!checked.ok) {
      setChoiceError(checked.error);
      return;
    }
    setChoiceError(null);
    const amount = formatWireExact(checked.plan.amount);
    modal.confirm({
      title: t('trafficPackage.buy.confirmTitle', { gb: checked.plan.gb }),
      content: t('trafficPackage.buy.confirmContent', { amount }),
      okText: t('trafficPackage.buy.confirmOk', { amount }),
      cancelText: t('common.cancel'),
      onOk: () => purchase(checked.plan),
    });
  };

  if (plansQuery.isError)
    return <LoadFailed error={plansQuery.error} onRetry={() => void plansQuery.refetch()} />;
  if (plansQuery.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;

  return (
    <Flex vertical gap={16} data-testid="traffic-package-buy">
      <Typography.Text type="secondary">{t('trafficPackage.intro')}</Typography.Text>
      <Typography.Text strong>{t('trafficPackage.plans')}</Typography.Text>
      {plans.length === 0 ? (
        <Empty description={t('trafficPackage.plans.empty')} />
      ) : (
        <Row gutter={[12, 12]} role="group" aria-label={t('trafficPackage.plans')}>
          {plans.map((plan) => (
            <Col key={plan.id} xs={12} md={8} xl={6}>
              <PlanCard
                plan={plan}
                isSelected={plan.id === packageId}
                onSelect={() => {
                  setPackageId(plan.id);
                  setChoiceError(null);
                }}
              />
            </Col>
          ))}
        </Row>
      )}
      {choiceError ? (
        <Typography.Text type="danger" role="alert" data-testid="traffic-package-choice-error">
          {t(choiceError === 'required' ? 'trafficPackage.buy.required' : 'trafficPackage.buy.unknown')}
        </Typography.Text>
      ) : null}
      {quote ? (
        <Flex vertical gap={6} style={{ maxWidth: 420 }} data-testid="traffic-package-quote">
          <QuoteRow
            label={t('trafficPackage.quote.amount')}
            value={formatExact(quote.amount)}
            testId="traffic-package-quote-amount"
          />
          {quote.balance !== null ? (
            <QuoteRow
              label={t('trafficPackage.quote.balance')}
              value={formatExact(quote.balance)}
              testId="traffic-package-quote-balance"
            />
          ) : null}
          {quote.balanceAfter !== null && !quote.isShort ? (
            <QuoteRow
              label={t('trafficPackage.quote.after')}
              value={formatExact(quote.balanceAfter)}
              testId="traffic-package-quote-after"
            />
          ) : null}
        </Flex>
      ) : null}
      {quote?.isShort ? (
        <Alert
          type="warning"
          showIcon
          title={t('trafficPackage.quote.short')}
          data-testid="traffic-package-short"
          action={
            <Button size="small" onClick={() => void navigate(paths.charge)}>
              {t('trafficPackage.quote.topUp')}
            </Button>
          }
        />
      ) : null}
      <div>
        <Button
          type="primary"
          size="large"
          loading={isBuying}
          disabled={plans.length === 0}
          onClick={onBuy}
          data-testid="traffic-package-buy-button"
        >
          {t('trafficPackage.buy')}
        </Button>
      </div>
      <CustomContact />
    </Flex>
  );
};
