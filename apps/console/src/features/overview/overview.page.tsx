import { useQuery } from '@tanstack/react-query';
import { Col, Flex, Row, Typography } from 'antd';
import { lazy, Suspense, useEffect } from 'react';
import { applyRestOfOverviewStylesWhenIdle } from '../../app/antd-styles';
import { useTranslation } from '../../shared/i18n/use-translation';
import { userStore } from '../../shared/session/session';
import { useStore } from '../../shared/store/create-store';
import { BalanceCard } from './balance-card';
import { currentFirstRunStep, isFirstRun } from './first-run';
import { proxiesSummaryQuery } from './overview.api';
import './overview-texts';
import { useAfterFirstPaint } from './use-after-first-paint';

// The cards beside and below the balance: a chunk asked for once the balance card has painted.
const loadRest = () => import('./overview-rest');
const OverviewSide = lazy(() => loadRest().then((module) => ({ default: module.OverviewSide })));
const OverviewBelow = lazy(() => loadRest().then((module) => ({ default: module.OverviewBelow })));

/**
 * Where the cards below the balance go until they render: a screen's height, so that what follows
 * (the footer) is already below the screen and nothing visible moves when they come.
 */
const BELOW_PLACEHOLDER = <div aria-hidden style={{ minHeight: '100vh' }} />;

/**
 * The dashboard overview (SPEC §2): balance, proxy usage, 24-hour and 30-day traffic and the PTC
 * cost summaries. Loaded lazily from the route table; ECharts loads when a chart with data is
 * about to be seen. An account with no proxy yet sees the first-run steps (top up → pick a proxy
 * type, where the new-user guide helps choose → copy a ready snippet) in place of the proxy counts.
 *
 * The first render draws the title and the balance card alone (the first screen's largest text,
 * Lighthouse's LCP element, issue #16); the proxy counts or first-run steps and the cards below
 * load and render once that has painted (`overview-rest.tsx`), in a transition.
 */
const OverviewPage = () => {
  const { t } = useTranslation();
  const user = useStore(userStore);
  // The same query as the proxy usage card's: one request, shared through the cache.
  const proxies = useQuery(proxiesSummaryQuery);
  const isNew = isFirstRun(proxies.data);
  const step = currentFirstRunStep({ balance: user?.balance, proxyCount: proxies.data?.total ?? 0 });
  const isPainted = useAfterFirstPaint();
  // The page drew with the rules of what it shows (`app/antd-styles.ts`); the rest when idle.
  useEffect(() => {
    if (isPainted) applyRestOfOverviewStylesWhenIdle();
  }, [isPainted]);
  return (
    <Flex vertical gap={16} data-testid="overview" style={{ minWidth: 0 }}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('menu.dashboard.overview')}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8}>
          <BalanceCard />
        </Col>
        {isPainted ? (
          <Suspense fallback={null}>
            <OverviewSide isNew={isNew} step={step} proxies={proxies.data} />
          </Suspense>
        ) : null}
      </Row>
      {isPainted ? (
        <Suspense fallback={BELOW_PLACEHOLDER}>
          <OverviewBelow />
        </Suspense>
      ) : (
        BELOW_PLACEHOLDER
      )}
    </Flex>
  );
};

export default OverviewPage;
