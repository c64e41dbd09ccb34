import { formatPtc, parsePtc } from '@ptc/contracts';
import type { FormRule } from 'antd';
import dayjs from 'dayjs';
import { OPERATOR_BASE_PATH } from '../../../routes.paths';
import type { Customer, OperatorRole } from '../admin.types';

/** What an operator may do on a customer's page, and the roles the server lets do it. */
export const CUSTOMER_ACTION_ROLES = {
  adjustBalance: ['owner', 'finance'],
  setPlan: ['owner', 'finance'],
  lock: ['owner', 'support'],
  signOut: ['owner', 'support'],
} as const satisfies Record<string, readonly OperatorRole[]>;

/** One of the actions of {@link CUSTOMER_ACTION_ROLES}. */
export type CustomerAction = keyof typeof CUSTOMER_ACTION_ROLES;

/** True when an operator with `role` may use `action` (the page shows it only then). */
export const canOperatorDo = (role: OperatorRole | undefined, action: CustomerAction): boolean =>
  role !== undefined && (CUSTOMER_ACTION_ROLES[action] as readonly OperatorRole[]).includes(role);

/** What `POST /admin/customers/:uid/balance` accepts: signed PTC with at most 6 decimals. */
const SIGNED_AMOUNT = /^-?\d{1,9}(\.\d{1,6})?$/;

/** True for a signed PTC amount the server accepts and that moves money (not zero). */
export const isAdjustmentAmount = (text: string): boolean =>
  SIGNED_AMOUNT.test(text.trim()) && parsePtc(text.trim()) !== 0n;

/** The balance an adjustment of `amount` would leave, or null while the amount is not valid. */
export const balanceAfter = (balance: string, amount: string): string | null => {
  if (!isAdjustmentAmount(amount)) return null;
  return formatPtc(parsePtc(balance) + parsePtc(amount.trim()), 6);
};

/**
 * A new idempotency key for one balance adjustment form: 32 random hex digits. Made with
 * `getRandomValues`, which browsers offer also outside secure contexts (`randomUUID` needs one).
 */
export const newRequestId = (): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join(
    '',
  );

/** The server's bounds of an operator's reason (trimmed). */
export const REASON_LENGTH = { min: 3, max: 500 } as const;

/** The form rule of a reason: at least {@link REASON_LENGTH.min} characters once trimmed. */
export const reasonRule = (message: string): FormRule => ({
  required: true,
  validator: async (_rule, value: string | undefined) => {
    if ((value ?? '').trim().length < REASON_LENGTH.min) throw new Error(message);
  },
});

/** A ledger amount with its sign: "+5.000000", "-1.250000". */
export const signedAmount = (amount: string): string => (amount.startsWith('-') ? amount : `+${amount}`);

/** The customer's best name for people: email, else phone, else user name, else uid. */
export const customerName = (customer: Customer): string =>
  customer.email ?? customer.phone ?? customer.username ?? customer.uid;

/** An instant in the browser's time zone, to the second. */
export const formatInstant = (iso: string | null): string =>
  iso ? dayjs(iso).format('YYYY-MM-DD HH:mm:ss') : '—';

/** The address of the customer search, and of a customer's page. */
export const CUSTOMERS_PATH = `${OPERATOR_BASE_PATH}/customers`;
export const customerPath = (uid: string): string => `${CUSTOMERS_PATH}/${encodeURIComponent(uid)}`;
