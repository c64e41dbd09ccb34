export {
  admissionOf,
  createDbCredentialStore,
  notifyProxyChanged,
  PROXY_CHANGED_CHANNEL,
} from './credential-store';
export { createDbExitCatalog } from './exit-catalog';
export { createDbUsageSink } from './usage-sink';
