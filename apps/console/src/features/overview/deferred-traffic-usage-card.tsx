import { Card, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { TrafficUsageCard } from './traffic-usage-card';
import { useSeen } from './use-seen';

/**
 * The traffic card, rendered once it comes near the visible area: below the first screen of a
 * phone, it stays out of the render and the layout that paint the balance and the proxy counts
 * (its answer is asked for from the start all the same, `overview-prefetch.ts`). On a larger
 * screen it renders right after the first paint. Until then a titled skeleton of its height
 * (`overview-traffic`, as the card itself).
 */
export const DeferredTrafficUsageCard = () => {
  const { t } = useTranslation();
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const isSeen = useSeen(element);
  if (isSeen) return <TrafficUsageCard />;
  return (
    <div ref={setElement}>
      <Card title={t('overview.traffic.title')} data-testid="overview-traffic">
        <Skeleton active title={false} paragraph={{ rows: 6 }} />
      </Card>
    </div>
  );
};
