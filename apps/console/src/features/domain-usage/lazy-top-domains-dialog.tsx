import type { ProxyRow } from '@ptc/contracts';
import { lazy, Suspense } from 'react';
// The row action's name is among these texts: they come with the proxy list.
import './domain-usage-texts';

const TopDomainsDialog = lazy(() => import('./top-domains-dialog'));

/** One proxy's top domains (issue #21): the dialog and its texts load when it first opens. */
export const LazyTopDomainsDialog = ({ proxy, onClose }: { proxy: ProxyRow | null; onClose: () => void }) =>
  proxy ? (
    <Suspense fallback={null}>
      <TopDomainsDialog proxy={proxy} onClose={onClose} />
    </Suspense>
  ) : null;
