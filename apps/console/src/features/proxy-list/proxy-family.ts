import { type AREA_USES, PROXY_RULES, type ProxyFamily, type ProxyRow } from '@ptc/contracts';

/** Where an area list is used (`use_in` of the area calls). */
export type AreaUse = (typeof AREA_USES)[number];

/** What a family's list shows and lets the user do (SPEC §2 Proxy list, §4). */
export interface FamilyTraits {
  /** `{generate}` and `{proxy_type}` of the list and export paths. */
  generate: 'dynamic' | 'static';
  proxyType: 'traffic' | 'ip';
  /** Static proxies lease one exit, of a residential or data center type. */
  hasExitType: boolean;
  /** Paid by traffic: rotation can be toggled, traffic used is what matters. */
  isTraffic: boolean;
  /** Static IP proxies are rented for 1 or 30 days: renewal and auto-renew. */
  isRenewable: boolean;
  /** Families with an expiry time (rented static IPs, 24-hour rotating IPs). */
  expires: boolean;
  /** The area lists (`use_in`) whose places can hold this family's proxies. */
  areaUses: readonly AreaUse[];
}

/** The traits of each of the four families. */
export const FAMILY_TRAITS: Readonly<Record<ProxyFamily, FamilyTraits>> = {
  'dynamic-traffic': {
    generate: 'dynamic',
    proxyType: 'traffic',
    hasExitType: false,
    isTraffic: true,
    isRenewable: false,
    expires: false,
    areaUses: ['dynamic_traffic'],
  },
  'dynamic-ip': {
    generate: 'dynamic',
    proxyType: 'ip',
    hasExitType: false,
    isTraffic: false,
    isRenewable: false,
    expires: true,
    areaUses: ['dynamic_ip'],
  },
  'static-traffic': {
    generate: 'static',
    proxyType: 'traffic',
    hasExitType: true,
    isTraffic: true,
    isRenewable: false,
    expires: false,
    areaUses: ['static_residential_traffic', 'static_datacenter_traffic'],
  },
  'static-ip': {
    generate: 'static',
    proxyType: 'ip',
    hasExitType: true,
    isTraffic: false,
    isRenewable: true,
    expires: true,
    areaUses: ['static_residential_ip', 'static_datacenter_ip'],
  },
};

/** The `{generate}` and `{proxy_type}` path params of a family. */
export const familyParams = (family: ProxyFamily) => ({
  generate: FAMILY_TRAITS[family].generate,
  proxy_type: FAMILY_TRAITS[family].proxyType,
});

/** Status codes of SPEC §4 as the list shows them. */
export const PROXY_STATUS_NAMES: Readonly<Record<number, 'normal' | 'invalid' | 'expired' | 'unhealthy'>> = {
  1: 'normal',
  2: 'invalid',
  3: 'expired',
  4: 'unhealthy',
};

/** Switch codes of SPEC §4: 5 ON, 6 OFF. */
export const SWITCH_ON = 5;
export const SWITCH_OFF = 6;

/** True when the proxy is past its expiry (the only proxies a batch delete accepts). */
export const isExpiredRow = (row: Pick<ProxyRow, 'status'>): boolean => row.status === 3;

/** Countries where automatic rotation is offered (US and Taiwan). */
export const canRotate = (row: Pick<ProxyRow, 'area'>): boolean =>
  (PROXY_RULES.ROTATION_COUNTRIES as readonly string[]).includes(row.area.country ?? '');

/**
 * A static IP can still be renewed, keeping its address, until it is released to the pool 24 hours
 * after expiry (SPEC §4); not once it is invalid or deleted.
 */
export const isRenewableRow = (
  row: Pick<ProxyRow, 'status' | 'deleted' | 'expire_time'>,
  now: number = Date.now(),
): boolean => {
  if (row.deleted || row.status === 2 || row.expire_time === null) return false;
  return new Date(row.expire_time).getTime() > now - PROXY_RULES.STATIC_RELEASE_AFTER_MS;
};

/**
 * True when deleting the proxy gives up time already paid for: a prepaid family (static IP, dynamic
 * IP) whose proxy has not yet expired.
 */
export const isPrepaidRow = (
  family: ProxyFamily,
  row: Pick<ProxyRow, 'status' | 'expire_time'>,
  now: number = Date.now(),
): boolean =>
  !FAMILY_TRAITS[family].isTraffic &&
  row.status !== 3 &&
  row.expire_time !== null &&
  new Date(row.expire_time).getTime() > now;
