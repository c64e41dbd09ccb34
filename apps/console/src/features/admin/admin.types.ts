import type { AccountPlan } from '@ptc/contracts';

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

/** A customer's plan: personal, or enterprise with a custom discount. */
export type CustomerPlan = AccountPlan['plan'];

/** A customer as the operator calls present one (`/admin/customers…`). */
export interface Customer {
  uid: string;
  username: string | null;
  email: string | null;
  phone: string | null;
  /** Decimal PTC to the micro-PTC ("12.500000"). */
  balance: string;
  /** Decimal PTC held for traffic under way. */
  held: string;
  plan: CustomerPlan;
  /** Discount off every proxy price in percent (may have decimals: basis points / 100). */
  discount_percent: number;
  locked: boolean;
  /** ISO time (UTC) the account was locked, or null. */
  locked_at: string | null;
  /** ISO time (UTC). */
  created_at: string;
}

/** `GET /admin/customers?q=`: the customers found (at most 50, newest first). */
export interface CustomerSearch {
  records: Customer[];
}

/** One entry of a customer's money trail, newest first. */
export interface CustomerLedgerEntry {
  /** topup, bonus, purchase, usage, renewal, refund, reward, referral or adjustment. */
  kind: string;
  /** Signed decimal PTC: credits positive, debits negative. */
  amount: string;
  balance_after: string;
  /** The operator's reason of an adjustment, or what the entry is for. */
  note: string | null;
  /** ISO time (UTC). */
  at: string;
}

/** One top-up order of a customer. */
export interface CustomerOrder {
  order_no: string;
  provider: string;
  method: string;
  /** pending, paid, expired or failed. */
  status: string;
  /** Decimal PTC. */
  amount: string;
  provider_ref: string | null;
  /** ISO time (UTC). */
  created_at: string;
}

/** A customer's live proxies of one family, with the bytes they carried in all. */
export interface CustomerProxies {
  /** dynamic-traffic, dynamic-ip, static-traffic or static-ip. */
  family: string;
  live: number;
  /** Bytes up and down, a decimal integer. */
  bytes: string;
}

/** `GET /admin/customers/:uid`: the customer, their money trail, orders and proxies. */
export interface CustomerDetails {
  customer: Customer;
  ledger: CustomerLedgerEntry[];
  orders: CustomerOrder[];
  proxies: CustomerProxies[];
}

/** `POST /admin/customers/:uid/balance`: signed decimal PTC, the reason, once per request id. */
export interface BalanceAdjustment {
  amount: string;
  reason: string;
  request_id: string;
}

/** What a balance adjustment answers: `applied` false when the request id was seen before. */
export interface BalanceAdjustmentAnswer {
  applied: boolean;
  /** The balance after the adjustment, decimal PTC. */
  balance: string;
}

/** `POST /admin/customers/:uid/sessions/revoke`: how many sessions were ended. */
export interface SessionsRevoked {
  sessions_ended: number;
}
