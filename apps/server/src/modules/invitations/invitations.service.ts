import {
  formatPtc,
  type InvitationInvitees,
  type InvitationInviteesQuery,
  type InvitationSummary,
  REWARDS,
} from '@ptc/contracts';
import { and, count, type Database, desc, eq, gt, isNull, ledgerEntries, sql, users } from '@ptc/db';
import type { Config } from '../../config';
import { presentUserInfo } from '../auth/auth.presenter';
import type { UserRow } from '../auth/auth.repository';
import { maskInvitee } from './mask';

/** The caller's referees: accounts that registered with (or bound) their code, not deleted. */
const refereesOf = (user: UserRow) => and(eq(users.referrerCode, user.inviteCode), isNull(users.deletedAt));

/** `GET /api/invitations`: unlock state, code and link, counts and rewards earned. */
export const getInvitationSummary = async (
  db: Database,
  config: Config,
  user: UserRow,
): Promise<InvitationSummary> => {
  const unlock = REWARDS.INVITATION_UNLOCK_TOTAL_TOP_UP;
  const [[invited], [toppedUp], [earned]] = await Promise.all([
    db.select({ n: count() }).from(users).where(refereesOf(user)),
    db
      .select({ n: count() })
      .from(users)
      .where(and(refereesOf(user), gt(users.totalTopUp, 0n))),
    db
      .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, user.id), eq(ledgerEntries.kind, 'referral'))),
  ]);
  const info = presentUserInfo(user, config.publicUrl);
  return {
    unlocked: info.inv_switch,
    total_top_up: formatPtc(user.totalTopUp, 6),
    unlock_total: formatPtc(unlock, 6),
    remaining: formatPtc(user.totalTopUp >= unlock ? 0n : unlock - user.totalTopUp, 6),
    reward_per_referral: formatPtc(config.invitations.referralReward, 6),
    min_first_top_up: formatPtc(config.invitations.referralMinTopUp, 6),
    invite_code: info.invite_code,
    invitation_link: info.invitation_link,
    page_url: config.invitations.pageUrl,
    invited_count: invited?.n ?? 0,
    topped_up_count: toppedUp?.n ?? 0,
    rewards_earned: formatPtc(BigInt(earned?.sum ?? '0'), 6),
  };
};

/**
 * `GET /api/invitations/invitees`: the caller's referees, newest first, masked, with whether they
 * topped up and the reward each one earned the caller (only the caller's own entries are read).
 */
export const listInvitees = async (
  db: Database,
  user: UserRow,
  query: InvitationInviteesQuery,
): Promise<InvitationInvitees> => {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        email: users.email,
        phone: users.phone,
        username: users.username,
        createdAt: users.createdAt,
        totalTopUp: users.totalTopUp,
        reward: ledgerEntries.amount,
        rewardedAt: ledgerEntries.createdAt,
      })
      .from(users)
      .leftJoin(
        ledgerEntries,
        and(
          eq(ledgerEntries.userId, user.id),
          eq(ledgerEntries.kind, 'referral'),
          eq(ledgerEntries.idempotencyKey, sql`'referral:' || ${users.uid}`),
        ),
      )
      .where(refereesOf(user))
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: count() }).from(users).where(refereesOf(user)),
  ]);
  return {
    total: total?.n ?? 0,
    page: query.page,
    page_size: query.page_size,
    data: rows.map((row) => ({
      name: maskInvitee(row),
      registered_at: row.createdAt.toISOString(),
      status: row.totalTopUp > 0n ? 'topped_up' : 'registered',
      reward: row.reward === null ? null : formatPtc(row.reward, 6),
      rewarded_at: row.rewardedAt?.toISOString() ?? null,
    })),
  };
};
