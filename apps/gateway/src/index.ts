/**
 * The proxy gateway data plane: `createGateway(options)` serves HTTP forward/CONNECT and SOCKS5,
 * authenticates against a `CredentialStore`, routes through an `ExitCatalog` and meters into a
 * `UsageSink` (see `./ports`).
 */

export {
  ALLOWLIST_MIN_PREFIX,
  AllowList,
  formatIp,
  type NormalisedRange,
  normaliseAllowListRange,
} from './auth/allowlist';
export { narrowArea, type ParsedUsername, parseUsername, type UsernameParams } from './auth/username-params';
export { type ProbeResult, type ProbeTarget, probeExit } from './exits/exit-probe';
export { createGateway, GATEWAY_DEFAULTS } from './gateway';
export type {
  BoundListener,
  Gateway,
  GatewayLimits,
  GatewayLogger,
  GatewayOptions,
  GatewayTimeouts,
  ListenerConfig,
  ListenerProtocol,
  Resolver,
} from './gateway.types';
export { OwnAddresses } from './guard/own-addresses';
export { classifyAddress } from './guard/ssrf-ranges';
export {
  createTargetGuard,
  DEFAULT_ALLOWED_PORTS,
  resolveWithLookup,
  SMTP_PORTS,
  TargetGuard,
  type TargetGuardOptions,
  type VettedTarget,
} from './guard/target-guard';
export type * from './ports';
export { REFUSAL_ANSWERS, Refusal, type RefusalKind, SOCKS_REPLY } from './refusals';
export {
  openSocks5Tunnel,
  Socks5ClientError,
  type Socks5Credentials,
  socks5Connect,
} from './socks5/socks5-client';
export { SPEED_TEST_HOST } from './speed-test/built-in-target';
export { makeCredential, makeExit } from './testing/factories';
export {
  exitMatches,
  MemoryCredentialStore,
  MemoryExitCatalog,
  MemoryUsageSink,
  type UsageTotals,
} from './testing/memory-stores';
