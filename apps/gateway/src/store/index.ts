export {
  ALLOWLIST_CHANGED_CHANNEL,
  createDbAllowListStore,
  notifyAllowListChanged,
} from './allowlist-store';
export {
  admissionOf,
  createDbCredentialStore,
  notifyProxyChanged,
  PROXY_CHANGED_CHANNEL,
} from './credential-store';
export {
  createDbCreditStore,
  type DbCreditStoreOptions,
  DEFAULT_CREDIT_TTL_MS,
  releaseLapsedGrants,
} from './credit-store';
export { createDbExitCatalog, toExit } from './exit-catalog';
export { createDbGatewayStores } from './gateway-stores';
export { createDbUsageSink, type DbUsageSinkOptions } from './usage-sink';
