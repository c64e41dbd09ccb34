import type { Admission } from './ports';

/**
 * Every way the gateway refuses a connection, and how each protocol says it. The numeric codes
 * are those of the SPEC §8 catalogue (`ERRORS` in @ptc/contracts, checked by a test); they are
 * repeated here because the data plane loads no npm packages.
 */
export type RefusalKind =
  | 'auth_required'
  | 'bad_username'
  | 'area_not_allowed'
  | 'not_admitted'
  | 'wrong_protocol'
  | 'forbidden_target'
  | 'too_many_connections'
  | 'too_many_proxy_connections'
  | 'no_exit'
  | 'exits_failed'
  | 'target_unreachable'
  | 'target_refused'
  | 'dial_timeout'
  | 'bad_request'
  | 'store_unavailable';

/** SOCKS5 reply codes (RFC 1928 §6). */
export const SOCKS_REPLY = {
  succeeded: 0x00,
  generalFailure: 0x01,
  notAllowed: 0x02,
  networkUnreachable: 0x03,
  hostUnreachable: 0x04,
  connectionRefused: 0x05,
  ttlExpired: 0x06,
  commandNotSupported: 0x07,
  addressTypeNotSupported: 0x08,
} as const;

/** How one kind of refusal is answered. */
export interface RefusalAnswer {
  httpStatus: number;
  /** Sent as `X-PTC-Error`. */
  code: number;
  /** The SOCKS5 reply to a CONNECT request (auth-stage refusals answer RFC 1929 status 0x01 instead). */
  socksReply: number;
}

/** The refusal table (README: "Refusal codes"). */
export const REFUSAL_ANSWERS: Record<RefusalKind, RefusalAnswer> = {
  auth_required: { httpStatus: 407, code: 2004, socksReply: SOCKS_REPLY.notAllowed },
  bad_username: { httpStatus: 407, code: 1002, socksReply: SOCKS_REPLY.notAllowed },
  area_not_allowed: { httpStatus: 407, code: 4001, socksReply: SOCKS_REPLY.notAllowed },
  not_admitted: { httpStatus: 403, code: 4013, socksReply: SOCKS_REPLY.notAllowed },
  wrong_protocol: { httpStatus: 403, code: 4008, socksReply: SOCKS_REPLY.notAllowed },
  forbidden_target: { httpStatus: 403, code: 4009, socksReply: SOCKS_REPLY.notAllowed },
  too_many_connections: { httpStatus: 429, code: 101, socksReply: SOCKS_REPLY.notAllowed },
  too_many_proxy_connections: { httpStatus: 429, code: 4101, socksReply: SOCKS_REPLY.notAllowed },
  no_exit: { httpStatus: 502, code: 4004, socksReply: SOCKS_REPLY.hostUnreachable },
  exits_failed: { httpStatus: 502, code: 4004, socksReply: SOCKS_REPLY.hostUnreachable },
  target_unreachable: { httpStatus: 502, code: 703, socksReply: SOCKS_REPLY.hostUnreachable },
  target_refused: { httpStatus: 502, code: 703, socksReply: SOCKS_REPLY.connectionRefused },
  dial_timeout: { httpStatus: 504, code: 704, socksReply: SOCKS_REPLY.ttlExpired },
  bad_request: { httpStatus: 400, code: -1001, socksReply: SOCKS_REPLY.generalFailure },
  store_unavailable: { httpStatus: 503, code: 500, socksReply: SOCKS_REPLY.generalFailure },
};

/** Admission failures carry the code of their reason (SPEC §8). */
const ADMISSION_CODES: Record<Exclude<Admission, { ok: true }>['reason'], number> = {
  off: 4013,
  // The owner's account is locked by an operator: every proxy of it is disabled.
  locked: 4013,
  expired: 4011,
  invalid: 4012,
  unhealthy: 4012,
  no_funds: 3002,
  deleted: 4006,
  // A sub-user's credential (issue #21): paused by its owner, or its limit of the period used up.
  sub_user_paused: 4016,
  sub_user_limit: 4017,
};

/** A refusal, thrown through the connection pipeline and answered by the protocol handler. */
export class Refusal extends Error {
  override readonly name = 'Refusal';

  /**
   * @param kind which row of the refusal table answers it
   * @param message the plain-text reason shown to the client
   * @param code overrides the table's `X-PTC-Error` code
   */
  constructor(
    readonly kind: RefusalKind,
    message: string,
    readonly code: number = REFUSAL_ANSWERS[kind].code,
  ) {
    super(message);
    refusalCounts.set(kind, (refusalCounts.get(kind) ?? 0) + 1);
  }
}

/** Refusals made by this process so far, by kind (every refusal is answered as it is made). */
const refusalCounts = new Map<RefusalKind, number>();

/** Refusals of this process so far, by kind with their code: what the metrics show. */
export const countRefusals = (): { kind: RefusalKind; code: number; count: number }[] =>
  [...refusalCounts].map(([kind, count]) => ({ kind, code: REFUSAL_ANSWERS[kind].code, count }));

/** The refusal of a proxy that may not carry traffic, naming why. */
export const admissionRefusal = (admission: Exclude<Admission, { ok: true }>): Refusal =>
  new Refusal(
    'not_admitted',
    `proxy not allowed to carry traffic: ${admission.reason}`,
    ADMISSION_CODES[admission.reason],
  );
