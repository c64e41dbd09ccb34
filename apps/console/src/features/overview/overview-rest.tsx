import { Col } from 'antd';
import { lazy, Suspense } from 'react';
import { LazyTopDomainsCard } from '../domain-usage/lazy-top-domains-card';
import { DeferredTrafficUsageCard } from './deferred-traffic-usage-card';
import type { FirstRunStep } from './first-run';
import { FirstRunCard } from './first-run-card';
import { LazyCostSummaryCard } from './lazy-cost-summary-card';
import type { ProxiesSummary } from './overview.api';
import { ProxyUsageCard } from './proxy-usage-card';

// The daily sign-in and survey card (issue #20): its own chunk, after this one.
const RewardsCard = lazy(() => import('../rewards/rewards-card'));

/**
 * What the overview shows beside the balance card: the first-run steps of an account with no proxy
 * yet, else the proxy counts. A chunk of its own with {@link OverviewBelow}, loaded once the
 * balance card has painted (`overview.page.tsx`).
 */
export const OverviewSide = ({
  isNew,
  step,
  proxies,
}: {
  isNew: boolean;
  step: FirstRunStep;
  proxies: ProxiesSummary | undefined;
}) => (
  <Col xs={24} lg={16}>
    {isNew ? <FirstRunCard step={step} proxies={proxies} /> : <ProxyUsageCard />}
  </Col>
);

/**
 * The cards below the first row: the daily sign-in and survey rewards, traffic, then PTC cost
 * (each rendered when about to be seen).
 */
export const OverviewBelow = () => (
  <>
    <Suspense fallback={null}>
      <RewardsCard />
    </Suspense>
    <DeferredTrafficUsageCard />
    <LazyCostSummaryCard />
    <LazyTopDomainsCard />
  </>
);
