import { lazy, Suspense, useEffect, useState } from 'react';
import { tokenStore } from '../../shared/session/session';
import { useStore } from '../../shared/store/create-store';

// The banner, its query, texts and styles load once the page is idle: the overview's first screen
// carries this host and nothing more of the bulletins (issue #16).
const BulletinBanner = lazy(() =>
  import('./bulletin-banner').then((module) => ({ default: module.BulletinBanner })),
);

/** Calls `run` when the browser is idle (or after a short delay where it cannot say). */
const whenIdle = (run: () => void): (() => void) => {
  const idle = globalThis as {
    requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
    cancelIdleCallback?: (handle: number) => void;
  };
  if (idle.requestIdleCallback && idle.cancelIdleCallback) {
    const handle = idle.requestIdleCallback(run, { timeout: 3_000 });
    return () => idle.cancelIdleCallback?.(handle);
  }
  const timer = setTimeout(run, 500);
  return () => clearTimeout(timer);
};

/**
 * Mounted by the console's layout above the page: shows the customer's unclosed bulletins
 * (`BulletinBanner`), loaded after the first screen while a session is present.
 */
export const BulletinHost = () => {
  const token = useStore(tokenStore);
  const [isReady, setIsReady] = useState(false);

  useEffect(() => {
    if (!token || isReady) return;
    return whenIdle(() => setIsReady(true));
  }, [token, isReady]);

  if (!token || !isReady) return null;
  return (
    <Suspense fallback={null}>
      <BulletinBanner key={token} />
    </Suspense>
  );
};
