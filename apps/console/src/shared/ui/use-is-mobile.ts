import { TECHNICAL } from '@ptc/contracts';
import { useEffect, useState } from 'react';

/** True below the mobile breakpoint of SPEC §2 (992 px). */
export const isMobileWidth = (width: number): boolean => width < TECHNICAL.MOBILE_BREAKPOINT_PX;

/** A debounced function with a way to drop the pending call. */
export interface Debounced<A extends unknown[]> {
  (...args: A): void;
  cancel(): void;
}

/** Runs `fn` once calls have stopped for `waitMs`. */
export const debounce = <A extends unknown[]>(fn: (...args: A) => void, waitMs: number): Debounced<A> => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const debounced = (...args: A) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), waitMs);
  };
  return Object.assign(debounced, { cancel: () => clearTimeout(timer) });
};

const bodyWidth = (): number => document.body.clientWidth || window.innerWidth;

/** Tracks whether the body is narrower than the breakpoint, re-checked 100 ms after resizing stops. */
export const useIsMobile = (): boolean => {
  const [isMobile, setIsMobile] = useState(() => isMobileWidth(bodyWidth()));
  useEffect(() => {
    const update = debounce(() => setIsMobile(isMobileWidth(bodyWidth())), TECHNICAL.RESIZE_DEBOUNCE_MS);
    update();
    window.addEventListener('resize', update);
    return () => {
      update.cancel();
      window.removeEventListener('resize', update);
    };
  }, []);
  return isMobile;
};
