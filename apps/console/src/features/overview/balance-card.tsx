import { WalletOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Skeleton, Tag } from 'antd';
import { type CSSProperties, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { queryClient } from '../../shared/api/query-client';
import { useTranslation } from '../../shared/i18n/use-translation';
import { userStore } from '../../shared/session/session';
import { useStore } from '../../shared/store/create-store';
import { loadUserInfo, USER_INFO_QUERY_KEY } from '../auth/auth.api';
import { isThisMobileDevice } from '../charge/top-up-device';
import { TopUpElsewhere } from '../charge/top-up-elsewhere';
import { formatAmount } from '../charge/wallet-money';
import { useWalletPaths } from '../charge/wallet-paths';
import { OVERVIEW_FRESH_MS } from './overview.api';
import { RefreshButton } from './refresh-button';

/** Reloads the user info, whose balance the header and this card show; on failure the last one stays. */
const reloadBalance = () =>
  loadUserInfo().catch((error: unknown) =>
    console.warn('[overview] the balance could not be reloaded', error),
  );

/**
 * Whether the user info was loaded (or is being loaded) in the last {@link OVERVIEW_FRESH_MS}: when
 * the page opens right after the route guard or the entry asked for it, it is not asked for again.
 */
const isUserInfoFresh = () => {
  const state = queryClient.getQueryState(USER_INFO_QUERY_KEY);
  if (!state) return false;
  if (state.fetchStatus === 'fetching') return true;
  return state.status === 'success' && Date.now() - state.dataUpdatedAt < OVERVIEW_FRESH_MS;
};

// The amount and its notes as plain elements drawn with the theme's variables (what antd's
// Statistic and Typography draw, without their components on the page's first render).
const AMOUNT_STYLE: CSSProperties = {
  color: 'var(--ant-color-text-heading)',
  fontSize: 24,
  lineHeight: 1.5715,
  fontVariantNumeric: 'tabular-nums',
};
const SECONDARY_STYLE: CSSProperties = { color: 'var(--ant-color-text-description)' };

/** Whether a wire amount is above zero. */
const isPositive = (text: string | undefined) => text !== undefined && /[1-9]/.test(text);

/** The account's plan when it is enterprise (set by an operator), with its custom discount if any. */
const EnterpriseTag = ({ discountPercent }: { discountPercent: number }) => {
  const { t } = useTranslation();
  return (
    <Tag color="gold" data-testid="overview-plan" style={{ alignSelf: 'flex-start' }}>
      {discountPercent > 0
        ? t('overview.plan.enterpriseDiscount', { percent: discountPercent })
        : t('overview.plan.enterprise')}
    </Tag>
  );
};

/**
 * The balance (SPEC §2 Dashboard overview) from the session's user info: what the customer can
 * spend, with what is held for traffic under way when there is some, and the enterprise plan's tag.
 * Reloaded when the page opens (unless it was loaded a moment ago) because usage billing lowers it
 * in the background. Hooks:
 * `overview-balance`, `overview-balance-held`, `overview-plan`.
 */
export const BalanceCard = () => {
  const { t } = useTranslation();
  const user = useStore(userStore);
  const paths = useWalletPaths();
  const navigate = useNavigate();
  const [isReloading, setIsReloading] = useState(false);

  const reload = async () => {
    setIsReloading(true);
    await reloadBalance();
    setIsReloading(false);
  };

  useEffect(() => {
    if (!isUserInfoFresh()) void reloadBalance();
  }, []);

  return (
    <Card
      title={t('overview.balance.title')}
      style={{ height: '100%' }}
      extra={<RefreshButton isLoading={isReloading} onRefresh={() => void reload()} />}
    >
      {user ? (
        <Flex vertical gap={12}>
          {user.plan === 'enterprise' ? <EnterpriseTag discountPercent={user.discount_percent ?? 0} /> : null}
          <div style={AMOUNT_STYLE} data-testid="overview-balance">
            <WalletOutlined style={{ marginInlineEnd: 4 }} />
            {formatAmount(user.balance)}
            <span style={{ marginInlineStart: 4 }}>PTC</span>
          </div>
          {isPositive(user.balance_held) ? (
            <span style={SECONDARY_STYLE} data-testid="overview-balance-held">
              {t('overview.balance.held', { amount: formatAmount(user.balance_held) })}
            </span>
          ) : null}
          <span style={SECONDARY_STYLE}>{t('overview.balance.hint')}</span>
          {/* A phone or tablet cannot top up (SPEC §2): it is told where to, not given a dead button. */}
          {isThisMobileDevice() ? (
            <TopUpElsewhere />
          ) : (
            <div>
              <Button
                type="primary"
                data-testid="overview-top-up"
                onClick={() => void navigate(paths.charge)}
              >
                {t('overview.balance.topUp')}
              </Button>
            </div>
          )}
        </Flex>
      ) : (
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      )}
    </Card>
  );
};
