import { AppError, PROXY_RULES, PROXY_STATUS, type ProxyFamily } from '@ptc/contracts';
import type { proxies } from '@ptc/db';

/** Milliseconds in a day (rental cycles, remaining days). */
export const DAY_MS = 86_400_000;

/** A proxy row as stored. */
export type ProxyEntity = typeof proxies.$inferSelect;

/** `{generate}/{proxy_type}` of the list and export paths → the family. */
export const familyOf = (generate: 'dynamic' | 'static', proxyType: 'traffic' | 'ip'): ProxyFamily =>
  `${generate}-${proxyType}`;

/** Families that lease one exit of the static inventory. */
export const isStaticFamily = (family: ProxyFamily) => family === 'static-traffic' || family === 'static-ip';

/** Past its expiry time (whether or not the expiry job has marked it yet). */
export const isExpired = (proxy: Pick<ProxyEntity, 'status' | 'expiresAt'>, now: Date) =>
  proxy.status === PROXY_STATUS.EXPIRED || (proxy.expiresAt !== null && proxy.expiresAt <= now);

/** The status the customer sees: expired as soon as the expiry time has passed. */
export const effectiveStatus = (proxy: Pick<ProxyEntity, 'status' | 'expiresAt'>, now: Date): number =>
  proxy.status !== PROXY_STATUS.INVALID && isExpired(proxy, now) ? PROXY_STATUS.EXPIRED : proxy.status;

/** Automatic rotation is offered in these countries only (SPEC §4, §9). */
export const assertRotationCountry = (country: string | null) => {
  const countries: readonly string[] = PROXY_RULES.ROTATION_COUNTRIES;
  if (!country || !countries.includes(country)) {
    throw new AppError('ERR_AREA_ERROR', {
      message: 'Automatic rotation is offered for the United States (US) and Taiwan (TW) only',
    });
  }
};
