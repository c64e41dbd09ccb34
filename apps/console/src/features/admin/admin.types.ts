/**
 * What the operator calls (`/api/admin/*`, issue #15) answer, as the console reads them. The
 * server declares them next to its routes (`apps/server/src/modules/admin`); they belong in
 * `@ptc/contracts` once the operator shapes move there.
 */

/** Operator roles, from the widest to the narrowest. */
export const OPERATOR_ROLES = ['owner', 'finance', 'support'] as const;

/** An operator's role: owner (everything), finance (money and prices), support (customers). */
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** `GET /admin/me`: the signed-in operator. */
export interface Operator {
  email: string;
  name: string | null;
  role: OperatorRole;
}

/** `POST /admin/session`: step 1 of sign-in. */
export interface OperatorSignIn {
  /** `enrol` the first time (TOTP not set up yet), `totp` afterwards. */
  stage: 'enrol' | 'totp';
  /** Short-lived token the TOTP step carries in `x-operator-session`. */
  token: string;
  /** The TOTP secret to add to an authenticator app (stage `enrol` only). */
  enrolment?: { secret: string; otpauth_url: string };
}

/** `POST /admin/session/totp`: step 2 of sign-in. */
export interface OperatorTotpAnswer {
  /** The operator session token. */
  token: string;
  /** At enrolment only: the recovery codes, shown once. */
  recovery_codes?: string[];
}

/** The second factor of step 2: a TOTP code or one recovery code. */
export type SecondFactor = { code: string } | { recovery_code: string };

/** One entry of the audit trail. */
export interface AuditRecord {
  id: string;
  /** The operator's email, or `command line`. */
  actor: string;
  action: string;
  target_type: string;
  target_id: string;
  before: unknown;
  after: unknown;
  client_ip: string | null;
  /** ISO time (UTC). */
  at: string;
}

/** The filters of `GET /admin/audit`; empty ones are left out of the query. */
export interface AuditFilters {
  actor?: string;
  action?: string;
  target_type?: string;
  target_id?: string;
}

/** `GET /admin/audit`: one page of the trail, newest first (the server answers no total). */
export interface AuditPage {
  records: AuditRecord[];
}

/** `PUT /admin/prices/:key`: the price as stored. */
export interface PriceAnswer {
  key: string;
  /** Decimal PTC. */
  price: string;
  unit: string;
}
