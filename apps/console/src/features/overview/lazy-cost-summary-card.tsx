import { Card, Skeleton } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { loadAntdStyles } from '../../app/antd-styles';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useSeen } from './use-seen';

// The cost card brings antd's table and date pickers: they load once the card is about to be seen,
// with the part of antd's styles the rest of the overview goes without (`app/antd-styles.ts`).
const CostSummaryCard = lazy(() =>
  Promise.all([import('./cost-summary-card'), loadAntdStyles('all')]).then(([module]) => ({
    default: module.CostSummaryCard,
  })),
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
