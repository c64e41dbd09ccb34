import { useQuery } from '@tanstack/react-query';
import { Col, Flex, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { userStore } from '../../shared/session/session';
import { useStore } from '../../shared/store/create-store';
import { BalanceCard } from './balance-card';
import { DeferredTrafficUsageCard } from './deferred-traffic-usage-card';
import { currentFirstRunStep, isFirstRun } from './first-run';
import { FirstRunCard } from './first-run-card';
import { LazyCostSummaryCard } from './lazy-cost-summary-card';
import { NewUserGuideSlot } from './new-user-guide-slot';
import { proxiesSummaryQuery } from './overview.api';
import './overview-texts';
import { ProxyUsageCard } from './proxy-usage-card';

/**
 * The dashboard overview (SPEC §2): balance, proxy usage, 24-hour and 30-day traffic and the PTC
 * cost summaries. Loaded lazily from the route table; ECharts loads when a chart with data is
 * about to be seen. An account with no proxy yet sees the first-run steps (top up → pick a proxy
 * type → copy a ready snippet) in place of the proxy counts, and the slot of the new-user guide.
 */
const OverviewPage = () => {
  const { t } = useTranslation();
  const user = useStore(userStore);
  // The same query as the proxy usage card's: one request, shared through the cache.
  const proxies = useQuery(proxiesSummaryQuery);
  const isNew = isFirstRun(proxies.data);
  const step = currentFirstRunStep({ balance: user?.balance, proxyCount: proxies.data?.total ?? 0 });
  return (
    <Flex vertical gap={16} data-testid="overview" style={{ minWidth: 0 }}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('menu.dashboard.overview')}
      </Typography.Title>
      {isNew ? <NewUserGuideSlot step={step} /> : null}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8}>
          <BalanceCard />
        </Col>
        <Col xs={24} lg={16}>
          {isNew ? <FirstRunCard step={step} proxies={proxies.data} /> : <ProxyUsageCard />}
        </Col>
      </Row>
      <DeferredTrafficUsageCard />
      <LazyCostSummaryCard />
    </Flex>
  );
};

export default OverviewPage;
