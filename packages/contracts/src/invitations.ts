import { z } from 'zod';
import { ptcAmountSchema } from './user';

/**
 * The invitation programme (issue #20, SPEC §6 and §9).
 *
 * - It unlocks when the customer's credited top-ups reach 100 PTC in all (`inv_switch`; bonuses,
 *   rewards and adjustments do not count: only the ledger's `topup` entries add to the total).
 * - Referral reward: when a referee's FIRST top-up is credited and it is at least the configured
 *   minimum (default 10 PTC), a referrer who has unlocked the programme gets the configured reward
 *   (default 1 PTC) as a `referral` ledger entry under the key `referral:<referee uid>`, in the
 *   same transaction as the top-up. One reward per referee, ever; nothing for a tourist (on either
 *   side), a deleted referrer, the referee's own account or an alias of its email (`a+x@`, Gmail
 *   dots) or phone, or mutual referrals.
 */

/** `GET /api/invitations/invitees`: query. */
export const invitationInviteesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
export type InvitationInviteesQuery = z.infer<typeof invitationInviteesQuerySchema>;

/** Where a referee is: signed up, or has had a top-up credited. */
export const INVITEE_STATUSES = ['registered', 'topped_up'] as const;
export type InviteeStatus = (typeof INVITEE_STATUSES)[number];

/** One customer the caller invited, masked: never their whole email, phone or name. */
export const inviteeSchema = z.object({
  /** Masked email, phone or name (`jo***@example.com`). */
  name: z.string(),
  registered_at: z.string(),
  status: z.enum(INVITEE_STATUSES),
  /** The reward this referee earned the caller, if it was paid. */
  reward: ptcAmountSchema.nullable(),
  rewarded_at: z.string().nullable(),
});
export type Invitee = z.infer<typeof inviteeSchema>;

/** `GET /api/invitations`: the programme as the caller sees it. */
export const invitationSummarySchema = z.object({
  /** Unlocked (same as `inv_switch`). */
  unlocked: z.boolean(),
  /** Credited top-ups so far, and the total that unlocks the programme. */
  total_top_up: ptcAmountSchema,
  unlock_total: ptcAmountSchema,
  /** PTC still to top up before it unlocks ("0" once unlocked). */
  remaining: ptcAmountSchema,
  /** The referral reward per referee, and the smallest first top-up that earns it. */
  reward_per_referral: ptcAmountSchema,
  min_first_top_up: ptcAmountSchema,
  /** The caller's referral code and the registration link that carries it. */
  invite_code: z.string(),
  invitation_link: z.string(),
  /** The partner page the console shows in a frame instead of its own (operator setting), or null. */
  page_url: z.string().nullable(),
  invited_count: z.number().int(),
  topped_up_count: z.number().int(),
  /** Sum of the referral rewards paid to the caller. */
  rewards_earned: ptcAmountSchema,
});
export type InvitationSummary = z.infer<typeof invitationSummarySchema>;

/** `GET /api/invitations/invitees`: answer. */
export const invitationInviteesSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  data: z.array(inviteeSchema),
});
export type InvitationInvitees = z.infer<typeof invitationInviteesSchema>;
