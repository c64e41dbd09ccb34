import { startTransition, useEffect, useState } from 'react';

/** How far below the visible area a chart starts loading, so scrolling rarely finds it blank. */
const PRELOAD_MARGIN = '200px';

/**
 * True once `element` has come within {@link PRELOAD_MARGIN} of the visible area, never before
 * the first paint; at once where the browser cannot tell (no IntersectionObserver). What waits for
 * it (ECharts, the cost card with its table and date pickers) stays off the first screen.
 */
export const useSeen = (element: HTMLElement | null): boolean => {
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
        // After the frame that paints the page: what waits never delays the first content. As a
        // transition, React renders it in slices that yield to the browser, not in one long task.
        frame = requestAnimationFrame(() => setTimeout(() => startTransition(() => setIsSeen(true)), 0));
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
