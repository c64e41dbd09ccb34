import { PROXY_FAMILIES, type ProxyFamily } from '@ptc/contracts';
import type { ProxiesSummary } from './overview.api';

/** One family's live proxies by lifecycle status and switch. */
export type FamilyUsage = ProxiesSummary['families'][number];

/** Lifecycle statuses shown per family (SPEC §4), in the list filter's order, then the rest. */
export const USAGE_STATUSES = ['normal', 'unhealthy', 'expired', 'invalid'] as const;
/** The on/off switch. */
export const USAGE_SWITCHES = ['on', 'off'] as const;

const emptyUsage = (family: ProxyFamily): FamilyUsage => ({
  family,
  total: 0,
  normal: 0,
  invalid: 0,
  expired: 0,
  unhealthy: 0,
  on: 0,
  off: 0,
});

/** Every family in menu order, with zeros for a family the user has no proxies of. */
export const toFamilyUsage = (summary: ProxiesSummary | undefined): FamilyUsage[] =>
  PROXY_FAMILIES.map(
    (family) => summary?.families.find((usage) => usage.family === family) ?? emptyUsage(family),
  );
