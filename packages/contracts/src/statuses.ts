/** Proxy status codes of SPEC §4: lifecycle (1–4) and switch (5–6). */
export const PROXY_STATUS = {
  /** Working. */
  NORMAL: 1,
  /** No longer usable (for example no exit left for its area). */
  INVALID: 2,
  /** Past its expiry time. */
  EXPIRED: 3,
  /** Failed its connectivity check. */
  UNHEALTHY: 4,
  /** Switched on by the user. */
  ON: 5,
  /** Switched off by the user or by the system (funds exhausted). */
  OFF: 6,
} as const;

/** A lifecycle status: normal, invalid, expired or unhealthy. */
export type ProxyLifecycleStatus = 1 | 2 | 3 | 4;
/** A switch status: on or off. */
export type ProxySwitchStatus = 5 | 6;

/** Filter states of the proxy list. */
export const PROXY_LIST_FILTERS = ['all', 'normal', 'unhealthy', 'expired'] as const;
export type ProxyListFilter = (typeof PROXY_LIST_FILTERS)[number];

/** Remote PC statuses of SPEC §4 ('outline' is the spec's spelling of offline in one place). */
export const VM_STATUSES = [
  'creating',
  'running',
  'failed',
  'starting',
  'stopping',
  'restarting',
  'expired',
  'offline',
  'stopped',
] as const;
export type VmStatus = (typeof VM_STATUSES)[number];

/** States of the WeChat payment page. */
export const WECHAT_ORDER_STATES = ['pending', 'expired', 'error', 'success'] as const;
export type WechatOrderState = (typeof WECHAT_ORDER_STATES)[number];

/** The four proxy families (SPEC §3). */
export const PROXY_FAMILIES = ['dynamic-traffic', 'dynamic-ip', 'static-traffic', 'static-ip'] as const;
export type ProxyFamily = (typeof PROXY_FAMILIES)[number];
