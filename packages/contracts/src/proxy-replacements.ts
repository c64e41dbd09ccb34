/**
 * Self-service replacement of static addresses (issue #21 item 5): a customer swaps the address of
 * a static proxy (by IP or by traffic) for another free one of the same type and area, with a
 * reason, at no charge, within limits per period. Credentials and expiry stay.
 */
import { z } from 'zod';
import { proxyRowSchema } from './proxies';
import { multilineText } from './text';

/** Why an address is replaced. `blocked` quarantines the old address instead of freeing it at once. */
export const REPLACEMENT_REASONS = ['unhealthy', 'blocked', 'slow', 'other'] as const;
export type ReplacementReason = (typeof REPLACEMENT_REASONS)[number];

/** The longest note a customer may add to a replacement. */
export const REPLACEMENT_NOTE_MAX = 200;

/**
 * Limits of replacements when the operator sets none (`REPLACEMENTS_PER_PROXY`,
 * `REPLACEMENTS_PER_ACCOUNT`, `REPLACEMENT_PERIOD_DAYS`, `REPLACEMENT_QUARANTINE_HOURS`).
 */
export const REPLACEMENT_DEFAULTS = {
  PER_PROXY: 3,
  PER_ACCOUNT: 20,
  PERIOD_DAYS: 30,
  QUARANTINE_HOURS: 72,
} as const;

/** `POST /proxy/token/replace/{token_id}`: body. */
export const replaceProxyBodySchema = z.object({
  reason: z.enum(REPLACEMENT_REASONS),
  /** The customer's words; most useful with `other`. */
  note: multilineText(REPLACEMENT_NOTE_MAX).optional(),
  /**
   * The caller's id of this request (one per dialog): sent twice (a double click, a retry), it
   * replaces once and answers the same replacement.
   */
  request_id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, '8 to 64 letters, digits, - or _'),
});
export type ReplaceProxyBody = z.input<typeof replaceProxyBodySchema>;

/** How many replacements are used and left, per proxy and per account, in the rolling period. */
export const replacementLimitsSchema = z.object({
  period_days: z.number().int(),
  proxy_limit: z.number().int(),
  proxy_used: z.number().int(),
  proxy_left: z.number().int(),
  account_limit: z.number().int(),
  account_used: z.number().int(),
  account_left: z.number().int(),
  /** When the next replacement becomes possible again, if a limit is reached now (ISO). */
  next_at: z.string().nullable(),
});
export type ReplacementLimits = z.infer<typeof replacementLimitsSchema>;

/** Answer of `POST /proxy/token/replace/{token_id}`. */
export const replacementResultSchema = z.object({
  /** The proxy as the list shows it now, with its new address. */
  proxy: proxyRowSchema,
  old_ip: z.string().nullable(),
  new_ip: z.string().nullable(),
  reason: z.enum(REPLACEMENT_REASONS),
  replaced_at: z.string(),
  /** True when this request id had already replaced the address (nothing changed this time). */
  repeated: z.boolean(),
  limits: replacementLimitsSchema,
});
export type ReplacementResult = z.infer<typeof replacementResultSchema>;
