import { Card, Skeleton } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { loadAntdStyles } from '../../app/antd-styles';
import { useSeen } from '../overview/use-seen';

// The card, its texts and queries load once it is about to be seen (below the overview's fold),
// with the part of antd's styles the overview's first screen goes without.
const TopDomainsCard = lazy(() =>
  Promise.all([import('./top-domains-card'), loadAntdStyles('all')]).then(([module]) => ({
    default: module.TopDomainsCard,
  })),
);

/**
 * The overview's "Top domains" card (issue #21), mounted when it comes near the visible area; an
 * untitled skeleton until then (its texts come with the card).
 */
export const LazyTopDomainsCard = () => {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const isSeen = useSeen(element);
  const placeholder = (
    <div ref={setElement}>
      <Card data-testid="top-domains-placeholder">
        <Skeleton active title={false} paragraph={{ rows: 4 }} />
      </Card>
    </div>
  );
  if (!isSeen) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <TopDomainsCard />
    </Suspense>
  );
};
