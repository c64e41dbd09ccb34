import { lazy, Suspense, useState } from 'react';
import type { EChartProps } from './e-chart';
import { useSeen } from './use-seen';

// ECharts is most of the overview's weight: its chunk loads once a chart is about to be seen.
const EChart = lazy(() => import('./e-chart').then((module) => ({ default: module.EChart })));

/**
 * An {@link EChart} that loads ECharts when it is about to be seen: until then, and while the
 * chunk loads, a box of the chart's height keeps the layout from moving.
 */
export const LazyEChart = (props: EChartProps) => {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const isSeen = useSeen(element);
  const { height = 280 } = props;
  const placeholder = (
    <div
      ref={setElement}
      role="img"
      aria-label={props['aria-label']}
      aria-busy="true"
      data-testid={props['data-testid']}
      style={{ width: '100%', height, minWidth: 0 }}
    />
  );
  if (!isSeen) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <EChart {...props} />
    </Suspense>
  );
};
