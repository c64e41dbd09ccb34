/**
 * The customer's money trail (issue #16): every balance movement of the account (DESIGN §4
 * Ledger) with the balance after it and what it was for, as data the console words in the
 * customer's language. Amounts are exact signed decimal strings (six decimals, micro-PTC).
 */
import { z } from 'zod';
import { PAYMENT_METHODS } from './charges';
import { EXIT_TYPES } from './proxies';
import { REPLACEMENT_REASONS } from './proxy-replacements';
import { PROXY_FAMILIES } from './statuses';
import { ptcAmountSchema } from './user';

/** Kinds of balance movement (DESIGN §4 Ledger). */
export const LEDGER_KINDS = [
  'topup',
  'bonus',
  'purchase',
  'usage',
  'renewal',
  'refund',
  'reward',
  'referral',
  'adjustment',
  // A static address replaced at no charge (issue #21): recorded with amount 0.
  'replacement',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * Why money moved where the kind alone does not say it: a failed dynamic IP refunded, a static
 * IP the vendor retired, an operator's refund of a charge or adjustment, a deleted account.
 */
export const LEDGER_REASONS = [
  'dynamic_ip_failed',
  'static_ip_retired',
  'charge_refunded',
  'operator_adjustment',
  'account_deleted',
] as const;
export type LedgerReason = (typeof LEDGER_REASONS)[number];

/** Most movements one page (or one CSV request) carries. */
export const LEDGER_PAGE_MAX = 500;

/** `GET /proxy/charges/ledger`: query. */
export const ledgerQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(LEDGER_PAGE_MAX).default(20),
  /** ISO date-time bounds on the movement time (both included). */
  start: z.iso.datetime({ offset: true }).optional(),
  end: z.iso.datetime({ offset: true }).optional(),
  /** Kinds to show, comma-separated ("purchase,usage"); every kind when absent. */
  kind: z
    .string()
    .regex(new RegExp(`^(${LEDGER_KINDS.join('|')})(,(${LEDGER_KINDS.join('|')}))*$`), 'ledger kinds')
    .optional(),
});
export type LedgerQuery = z.input<typeof ledgerQuerySchema>;

/** The kinds a `kind` query parameter names (every kind when it names none). */
export const parseLedgerKinds = (text: string | undefined): LedgerKind[] =>
  text
    ? [...new Set(text.split(','))].filter((kind): kind is LedgerKind =>
        LEDGER_KINDS.includes(kind as LedgerKind),
      )
    : [];

/** What a movement was for; each field is null where it does not apply. */
export const ledgerDetailSchema = z.object({
  /** The proxy (public id), order number or traffic package it refers to. */
  reference: z.string().nullable(),
  /** The proxy family bought, renewed, used or refunded. */
  family: z.enum(PROXY_FAMILIES).nullable(),
  exit_type: z.enum(EXIT_TYPES).nullable(),
  /** The proxy's area: ISO country code, state and city as stored (English, lower case). */
  country: z.string().nullable(),
  state: z.string().nullable(),
  city: z.string().nullable(),
  /** The city's English name from the place catalogue ("newyorkcity" → "New York"), null when unknown. */
  city_name: z.string().nullable(),
  /** Proxies bought at once. */
  count: z.number().int().nullable(),
  /** Days bought or renewed (static IP). */
  days: z.number().int().nullable(),
  /** Size of a traffic package bought, in GB (2^30 bytes). */
  gb: z.number().int().nullable(),
  /** Bytes a traffic charge paid for (a decimal integer string). */
  bytes: z.string().regex(/^\d+$/).nullable(),
  /** How a top-up was paid; `auto` for auto top-up. */
  method: z.enum([...PAYMENT_METHODS, 'auto']).nullable(),
  reason: z.enum(LEDGER_REASONS).nullable(),
  /** A replacement of a static address (issue #21): the address given up, the new one, and why. */
  replaced_ip: z.string().nullable().optional(),
  new_ip: z.string().nullable().optional(),
  replacement_reason: z.enum(REPLACEMENT_REASONS).nullable().optional(),
});
export type LedgerDetail = z.infer<typeof ledgerDetailSchema>;

/** One movement of the money trail. */
export const ledgerEntrySchema = z.object({
  /** Opaque and stable: a row key. */
  id: z.string(),
  time: z.string(),
  kind: z.enum(LEDGER_KINDS),
  /** Signed PTC, exact: credits positive, debits negative. */
  amount: ptcAmountSchema,
  /** The balance right after it, exact. */
  balance_after: ptcAmountSchema,
  detail: ledgerDetailSchema,
  /**
   * The name of the API key whose request moved the money ("via API key <name>", issue #17); null
   * for the console, jobs and payments. Always sent by the server; optional for older answers.
   */
  api_key_name: z.string().nullable().optional(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

/** Answer of `GET /proxy/charges/ledger`: newest first. */
export const ledgerPageSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  data: z.array(ledgerEntrySchema),
});
export type LedgerPage = z.infer<typeof ledgerPageSchema>;
