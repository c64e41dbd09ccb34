import { Card, Skeleton } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSeen } from './use-seen';

// The cost card brings antd's table and date pickers: they load once the card is about to be seen.
const CostSummaryCard = lazy(() =>
  import('./cost-summary-card').then((module) => ({ default: module.CostSummaryCard })),
);

/**
 * The PTC cost card, loaded when it comes near the visible area; a titled skeleton until then
 * (`overview-cost`, as the card itself: scroll it into view to have the card load).
 */
export const LazyCostSummaryCard = () => {
  const { t } = useTranslation();
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const isSeen = useSeen(element);
  const placeholder = (
    <div ref={setElement}>
      <Card title={t('overview.cost.title')} data-testid="overview-cost">
        <Skeleton active title={false} paragraph={{ rows: 6 }} />
      </Card>
    </div>
  );
  if (!isSeen) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <CostSummaryCard />
    </Suspense>
  );
};
