import { Card, Skeleton } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { loadAntdStyles } from '../../app/antd-styles';
import { useSeen } from '../overview/use-seen';

// The card, its texts and queries load once it is about to be seen (below the overview's fold),
// with the part of antd's styles the overview's first screen goes without.
const TopDomainsCard = lazy(() =>
  Promise.all([import('./top-domains-card'), loadAntdStyles('all')]).then(([module]) => ({
    default: module.TopDomainsCard,
  })),
);

/** Events that tell the visitor uses the page (scrolling included). */
const USE_EVENTS = [
  'pointerover',
  'pointerdown',
  'touchstart',
  'keydown',
  'focusin',
  'scroll',
  'wheel',
] as const;

/**
 * True once the visitor used the page: the card's controls (antd's Segmented) are not among the
 * classes the overview's first stylesheet covers (`app/overview-classes.json`), so the card never
 * renders on a page nobody has touched yet.
 */
const useFirstUse = (): boolean => {
  const [isUsed, setIsUsed] = useState(false);
  useEffect(() => {
    if (isUsed) return;
    const use = () => setIsUsed(true);
    for (const type of USE_EVENTS)
      window.addEventListener(type, use, { capture: true, passive: true, once: true });
    return () => {
      for (const type of USE_EVENTS) window.removeEventListener(type, use, { capture: true });
    };
  }, [isUsed]);
  return isUsed;
};

/**
 * The overview's "Top domains" card (issue #21), mounted when it comes near the visible area after
 * the page was first used; an untitled skeleton until then (its texts come with the card).
 */
export const LazyTopDomainsCard = () => {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const isSeen = useSeen(element);
  const isUsed = useFirstUse();
  const placeholder = (
    <div ref={setElement}>
      <Card data-testid="top-domains-placeholder">
        <Skeleton active title={false} paragraph={{ rows: 4 }} />
      </Card>
    </div>
  );
  if (!isSeen || !isUsed) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <TopDomainsCard />
    </Suspense>
  );
};
