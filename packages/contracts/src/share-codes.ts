import { z } from 'zod';

/**
 * Share codes (SPEC §2 `/authentication/{auth}`, issue #20).
 *
 * A share code IS a customer's invite code (`users.invite_code`, `invite_code` in user info),
 * matched without regard to case (`ab12cd34` = `AB12CD34`). It grants what an invitation link
 * (`/register?ref=<code>`) grants and nothing more: a visitor who registers with it (or a customer
 * who binds it in the user center, `POST /user/ref/bind`) becomes that customer's referee, and the
 * invitation programme's referral-reward rules apply unchanged. No money, session or access of
 * its own.
 */

/** Longest share code looked up; longer input is refused by validation (never a database error). */
export const SHARE_CODE_MAX_LENGTH = 32;

/** `GET /api/share_codes/{code}`: path. */
export const shareCodeParamsSchema = z.object({
  /** The code as typed or linked, any case. */
  code: z.string().trim().min(1).max(SHARE_CODE_MAX_LENGTH),
});

/** `GET /api/share_codes/{code}`: a code that names a live customer (4201 otherwise). */
export const shareCodeSchema = z.object({
  /** The code as its owner has it (the canonical case): what registration and binding are sent. */
  code: z.string(),
  valid: z.literal(true),
  /** The inviting customer, masked as the invitation page masks invitees (`jo***@example.com`). */
  inviter: z.string(),
});
export type ShareCode = z.infer<typeof shareCodeSchema>;
