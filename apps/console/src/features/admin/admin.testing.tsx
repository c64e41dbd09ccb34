/** What the operator area's tests share: the app's own router at an `/admin` address. */
import { render } from '@testing-library/react';
import { buildRouteObjects } from '../../app/router';
import { queryClient } from '../../shared/api/query-client';
import { Providers } from '../../shared/testing/harness';
import type { Operator } from './admin.types';

/** An operator as `GET /admin/me` answers it. */
export const operator = (role: Operator['role'], email = `${role}@example.com`): Operator => ({
  email,
  name: null,
  role,
});

/** Renders the whole console (root guard, layouts, lazy pages) at `path`, with an empty data cache. */
export const renderConsoleAt = (path: string) => {
  // The router's scroll restoration scrolls; jsdom does not implement it.
  Object.defineProperty(window, 'scrollTo', { configurable: true, value: () => undefined });
  queryClient.clear();
  return render(<Providers path={path} routes={buildRouteObjects()} />);
};
