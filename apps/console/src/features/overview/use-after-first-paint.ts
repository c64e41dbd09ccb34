import { startTransition, useEffect, useState } from 'react';

/**
 * False on the first render, true once the browser has painted it: what waits for it renders in
 * a second pass (a transition, in slices that yield to the browser), so that the first screen's
 * main content paints without the work of what is beside or below it (issue #16: the overview's
 * balance card, Lighthouse's LCP element, waited for the whole page's render and layout).
 */
export const useAfterFirstPaint = (): boolean => {
  const [isPainted, setIsPainted] = useState(false);
  useEffect(() => {
    if (isPainted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const show = () => {
      // A task after the frame, not inside it: the frame that paints the page stays short.
      timer = setTimeout(() => startTransition(() => setIsPainted(true)), 0);
    };
    // No animation frames (the unit tests' DOM): a task after this one.
    const hasFrames = typeof requestAnimationFrame === 'function';
    const frame = hasFrames ? requestAnimationFrame(show) : 0;
    if (!hasFrames) show();
    return () => {
      if (hasFrames) cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [isPainted]);
  return isPainted;
};
