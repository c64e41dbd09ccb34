import { type Micro, REWARDS } from '@ptc/contracts';
import { accountAddresses, and, type Database, eq, inArray, isNull, users } from '@ptc/db';
import { moveMoney } from '../wallet/ledger.service';
import { mailboxOf, maskInvitee } from './mask';
import { isSameAddress } from './same-address';

/** The referral reward's settings (config `invitations`). */
export interface ReferralSettings {
  /** Micro-PTC paid to the referrer; 0 turns the reward off. */
  referralReward: Micro;
  /** The smallest first top-up that earns it. */
  referralMinTopUp: Micro;
}

/** The ledger key of the one reward a referee can earn: a second payment of it is a no-op. */
export const referralRewardKey = (refereeUid: string) => `referral:${refereeUid}`;

/** Why no reward was paid (for tests and logs), or `paid`. */
export type ReferralOutcome =
  | 'paid'
  | 'off'
  | 'not_first_top_up'
  | 'below_minimum'
  | 'no_referrer'
  | 'tourist'
  | 'self_referral'
  | 'same_address'
  | 'referrer_locked'
  | 'already_paid';

/**
 * The referral reward (issue #20, SPEC §9), called by the payment crediting in the transaction
 * that credited a top-up of `topUp` to `refereeId` (the referee's row is locked by that credit, so
 * concurrent top-ups of one referee run through here one after another). The rule:
 *
 * - only for the referee's FIRST credited top-up (their total of credited top-ups, which bonuses
 *   and rewards do not feed, equals this top-up), and only when it is at least the minimum;
 * - the referee has a referrer, and neither is a tourist; the referrer is not deleted and has
 *   unlocked the invitation programme (100 PTC of top-ups), so that a ring of fresh accounts
 *   topping up the minimum cannot mint money (with the defaults a reward is at most 10% of a
 *   top-up, spent on proxies like any PTC);
 * - not a self-referral: not the same account, not the same mailbox (`a+x@…`, Gmail dots), and not
 *   two accounts that refer each other;
 * - not from the inviter's address: no reward when the referee registered from the client address
 *   the referrer registered from, last signed in from, or had last signed in from when the referee
 *   registered (an IPv6 /64 counts as one address; accounts from before addresses were recorded
 *   are not compared). The referee's account and top-up stand; only the reward is refused;
 * - once per referee, ever: the ledger entry's unique key `referral:<referee uid>` refuses a
 *   second one whatever the timing (a duplicate is a no-op, not an error).
 */
export const payReferralReward = async (
  db: Database,
  settings: ReferralSettings,
  refereeId: bigint,
  topUp: Micro,
): Promise<ReferralOutcome> => {
  if (settings.referralReward <= 0n) return 'off';
  const [referee] = await db.select().from(users).where(eq(users.id, refereeId)).limit(1);
  if (!referee || referee.totalTopUp !== topUp) return 'not_first_top_up';
  if (topUp < settings.referralMinTopUp) return 'below_minimum';
  if (!referee.referrerCode || referee.deletedAt) return 'no_referrer';
  const [referrer] = await db
    .select()
    .from(users)
    .where(and(eq(users.inviteCode, referee.referrerCode), isNull(users.deletedAt)))
    .limit(1);
  if (!referrer) return 'no_referrer';
  if (referee.isTourist || referrer.isTourist) return 'tourist';
  if (referrer.totalTopUp < REWARDS.INVITATION_UNLOCK_TOTAL_TOP_UP) return 'referrer_locked';
  if (
    referrer.id === referee.id ||
    (referee.email && referrer.email && mailboxOf(referee.email) === mailboxOf(referrer.email)) ||
    (referee.phone && referee.phone === referrer.phone) ||
    referrer.referrerCode === referee.inviteCode
  ) {
    return 'self_referral';
  }
  const addresses = await db
    .select()
    .from(accountAddresses)
    .where(inArray(accountAddresses.userId, [referee.id, referrer.id]));
  const refereeAddresses = addresses.find((row) => row.userId === referee.id);
  const referrerAddresses = addresses.find((row) => row.userId === referrer.id);
  if (
    isSameAddress(refereeAddresses?.registrationIp, [
      referrerAddresses?.registrationIp,
      referrerAddresses?.lastSignInIp,
      refereeAddresses?.referrerIpAtRegistration,
    ])
  ) {
    return 'same_address';
  }
  const { applied } = await moveMoney(db, {
    userId: referrer.id,
    amount: settings.referralReward,
    kind: 'referral',
    idempotencyKey: referralRewardKey(referee.uid),
    // The money trail shows the reference: the referee as the invitation page names them.
    reference: { type: 'referee', id: maskInvitee(referee) },
    note: 'Referral reward: first top-up of an invited customer',
  });
  return applied ? 'paid' : 'already_paid';
};
