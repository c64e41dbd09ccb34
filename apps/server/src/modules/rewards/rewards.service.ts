import { AppError, formatPtc, type Micro, REWARDS, SIGN_IN_CALENDAR_DAYS } from '@ptc/contracts';
import {
  and,
  type Database,
  dailySignIns,
  desc,
  eq,
  gt,
  gte,
  questionnaireResponses,
  rewardGrants,
  sql,
  users,
} from '@ptc/db';
import { moveMoney } from '../wallet/ledger.service';

/** What the operator set (README "Rewards"). */
export interface RewardSettings {
  /** Micro-PTC a daily sign-in credits (0: sign-ins are recorded, nothing is credited). */
  dailySignIn: Micro;
  /**
   * Accounts one client address may earn rewards for per day: daily sign-ins per UTC day, and
   * survey + phone rewards per 24 hours. Beyond it the event is recorded and earns nothing.
   */
  accountsPerAddress: number;
}

/** The survey + bind-phone reward (SPEC §9: 1 PTC). */
export const SURVEY_PHONE_REWARD: Micro = REWARDS.SURVEY_BIND_PHONE;

const DAY_MS = 86_400_000;

const inTransaction = <T>(db: Database, work: (tx: Database) => Promise<T>) =>
  db.transaction((tx) => work(tx as unknown as Database));

/** `YYYY-MM-DD` of the UTC day of `instant`. */
export const utcDay = (instant: Date) => instant.toISOString().slice(0, 10);

const addDays = (day: string, days: number) =>
  utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));

/**
 * Serialises every reward decision of one client address (transaction-scoped), so the
 * per-address count cannot be overrun by concurrent requests.
 */
const lockAddress = (db: Database, clientIp: string) =>
  db.execute(sql`select pg_advisory_xact_lock(hashtext(${`reward-address:${clientIp}`}))`);

interface Customer {
  id: bigint;
  isTourist: boolean;
}

/** The sign-in state of SPEC's daily sign-in: today, the streak and the calendar. */
export const signInStatus = async (
  db: Database,
  settings: RewardSettings,
  userId: bigint,
  now = new Date(),
) => {
  const today = utcDay(now);
  // A year back is enough for any streak the console shows; the calendar shows the last 30 days.
  const rows = await db
    .select({ day: dailySignIns.day })
    .from(dailySignIns)
    .where(and(eq(dailySignIns.userId, userId), gte(dailySignIns.day, addDays(today, -366))))
    .orderBy(desc(dailySignIns.day));
  const signed = new Set(rows.map((row) => row.day));
  const signedToday = signed.has(today);
  let streak = 0;
  for (let day = signedToday ? today : addDays(today, -1); signed.has(day); day = addDays(day, -1))
    streak += 1;
  const from = addDays(today, -(SIGN_IN_CALENDAR_DAYS - 1));
  return {
    today,
    signed_today: signedToday,
    reward: formatPtc(settings.dailySignIn, 6),
    streak,
    days: [...signed].filter((day) => day >= from).sort(),
    next_at: new Date(Date.parse(`${addDays(today, 1)}T00:00:00Z`)).toISOString(),
  };
};

/**
 * `POST /user/sign_in/daily`: signs the customer in for today's UTC day and credits the reward.
 * The table's primary key (customer, day) refuses a second sign-in that day (6002), however many
 * calls race; the reward is one ledger entry under the key `reward:sign-in:<user>:<day>`.
 */
export const signInDaily = async (
  db: Database,
  settings: RewardSettings,
  user: Customer,
  clientIp: string,
  now = new Date(),
) => {
  if (user.isTourist) throw new AppError('TOURIST_USER');
  const day = utcDay(now);
  const outcome = await inTransaction(db, async (tx) => {
    await lockAddress(tx, clientIp);
    const inserted = await tx
      .insert(dailySignIns)
      .values({ userId: user.id, day, clientIp, createdAt: now })
      .onConflictDoNothing()
      .returning({ day: dailySignIns.day });
    if (inserted.length === 0) throw new AppError('SIGNIN_FAILED');
    if (settings.dailySignIn <= 0n) return { credited: 0n, limited: false };
    const [counted] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(dailySignIns)
      .where(
        and(eq(dailySignIns.clientIp, clientIp), eq(dailySignIns.day, day), gt(dailySignIns.reward, 0n)),
      );
    if ((counted?.n ?? 0) >= settings.accountsPerAddress) return { credited: 0n, limited: true };
    await moveMoney(tx, {
      userId: user.id,
      amount: settings.dailySignIn,
      kind: 'reward',
      idempotencyKey: `reward:sign-in:${user.id}:${day}`,
      reference: { type: 'daily_sign_in', id: day },
      note: 'Daily sign-in',
    });
    await tx
      .update(dailySignIns)
      .set({ reward: settings.dailySignIn })
      .where(and(eq(dailySignIns.userId, user.id), eq(dailySignIns.day, day)));
    return { credited: settings.dailySignIn, limited: false };
  });
  return {
    ...(await signInStatus(db, settings, user.id, now)),
    credited: formatPtc(outcome.credited, 6),
    limited: outcome.limited,
  };
};

/**
 * Grants the survey + bind-phone reward (SPEC §4, §9: 1 PTC) when both are done: called after the
 * survey is answered and after a phone is bound, in either order. Once per customer (primary key)
 * and once per phone number (unique index), never to a tourist, at most `accountsPerAddress`
 * grants per client address per 24 hours (beyond it nothing is recorded, so a later bind under
 * the limit still earns it). Answers whether it credited now.
 */
export const grantSurveyPhoneReward = async (
  db: Database,
  settings: RewardSettings,
  userId: bigint,
  clientIp: string,
  now = new Date(),
): Promise<boolean> =>
  inTransaction(db, async (tx) => {
    await lockAddress(tx, clientIp);
    const [user] = await tx
      .select({ phone: users.phone, isTourist: users.isTourist, deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!user?.phone || user.isTourist || user.deletedAt) return false;
    const [response] = await tx
      .select({ submittedAt: questionnaireResponses.submittedAt })
      .from(questionnaireResponses)
      .where(eq(questionnaireResponses.userId, userId));
    if (!response?.submittedAt) return false;
    const [counted] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(rewardGrants)
      .where(
        and(
          eq(rewardGrants.clientIp, clientIp),
          gt(rewardGrants.createdAt, new Date(now.getTime() - DAY_MS)),
        ),
      );
    if ((counted?.n ?? 0) >= settings.accountsPerAddress) return false;
    const granted = await tx
      .insert(rewardGrants)
      .values({
        userId,
        kind: 'survey_phone',
        amount: SURVEY_PHONE_REWARD,
        phone: user.phone,
        clientIp,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ userId: rewardGrants.userId });
    // Already granted to this customer, or this phone already earned it on another account.
    if (granted.length === 0) return false;
    const { entry } = await moveMoney(tx, {
      userId,
      amount: SURVEY_PHONE_REWARD,
      kind: 'reward',
      idempotencyKey: `reward:survey-phone:${userId}`,
      reference: { type: 'survey_phone', id: 'survey' },
      note: 'Survey and phone',
    });
    await tx
      .update(rewardGrants)
      .set({ ledgerEntryId: entry.id })
      .where(and(eq(rewardGrants.userId, userId), eq(rewardGrants.kind, 'survey_phone')));
    return true;
  });
