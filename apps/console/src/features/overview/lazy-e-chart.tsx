import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { EChartProps } from './e-chart';

// ECharts is most of the overview's weight: its chunk loads once a chart is about to be seen.
const EChart = lazy(() => import('./e-chart').then((module) => ({ default: module.EChart })));

/** How far below the visible area a chart starts loading, so scrolling rarely finds it blank. */
const PRELOAD_MARGIN = '200px';

/**
 * Calls `onSeen` once the element comes within {@link PRELOAD_MARGIN} of the visible area, never
 * before the first paint; at once where the browser cannot tell (no IntersectionObserver).
 */
const useSeen = (element: HTMLElement | null): boolean => {
  const [isSeen, setIsSeen] = useState(false);
  useEffect(() => {
    if (!element || isSeen) return;
    if (typeof IntersectionObserver === 'undefined') {
      setIsSeen(true);
      return;
    }
    let frame = 0;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        // After the frame that paints the page: the chart never delays the first content.
        frame = requestAnimationFrame(() => setTimeout(() => setIsSeen(true), 0));
      },
      { rootMargin: PRELOAD_MARGIN },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [element, isSeen]);
  return isSeen;
};

/**
 * An {@link EChart} that loads ECharts when it is about to be seen: until then, and while the
 * chunk loads, a box of the chart's height keeps the layout from moving.
 */
export const LazyEChart = (props: EChartProps) => {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const ref = useRef(setElement);
  const isSeen = useSeen(element);
  const { height = 280 } = props;
  const placeholder = (
    <div
      ref={ref.current}
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
