import type { DatabaseHandle } from '@ptc/db';
import type { CreditOptions } from '../gateway.types';
import { createDbAllowListStore } from './allowlist-store';
import { createDbCredentialStore } from './credential-store';
import { createDbCreditStore, DEFAULT_CREDIT_TTL_MS } from './credit-store';
import { createDbExitCatalog } from './exit-catalog';
import { createDbUsageSink } from './usage-sink';

/**
 * The stores of one gateway process on the database, wired together, to spread into
 * `createGateway`'s options: its usage flushes consume its own credit holds (the same holder), and
 * it renews them well within their TTL (a third of it), carving no more once a renewal is two
 * thirds of the TTL late. `credentials.close()` stops listening for proxy changes, `allowList.close()`
 * for IP allow-list changes.
 */
export const createDbGatewayStores = (handle: DatabaseHandle, options: { creditTtlMs?: number } = {}) => {
  const ttlMs = options.creditTtlMs ?? DEFAULT_CREDIT_TTL_MS;
  const credit = createDbCreditStore(handle, { ttlMs });
  const creditOptions: CreditOptions = { renewIntervalMs: ttlMs / 3, staleAfterMs: (ttlMs * 2) / 3 };
  return {
    credentials: createDbCredentialStore(handle),
    allowList: createDbAllowListStore(handle),
    exits: createDbExitCatalog(handle),
    usage: createDbUsageSink(handle, { holder: credit.holder }),
    credit,
    creditOptions,
  };
};
