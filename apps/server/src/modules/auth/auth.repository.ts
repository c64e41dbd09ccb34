import { and, type Database, eq, gt, isNull, or, sessions, sql, users } from '@ptc/db';

/** A user row as stored. */
export type UserRow = typeof users.$inferSelect;
type NewUser = typeof users.$inferInsert;

const live = isNull(users.deletedAt);

/** The live session with this token hash, with its user; null when unknown, revoked or expired. */
export const findSessionByTokenHash = async (db: Database, tokenHash: Uint8Array, now: Date) => {
  const [row] = await db
    .select({ user: users, sessionId: sessions.id, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now), live),
    )
    .limit(1);
  return row ?? null;
};

/** Records that a session was used. */
export const touchSession = async (db: Database, sessionId: bigint, now: Date) => {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId));
};

/** Stores a new session. */
export const insertSession = async (
  db: Database,
  session: { userId: bigint; tokenHash: Uint8Array; method: string; expiresAt: Date },
) => {
  await db.insert(sessions).values(session);
};

/** Revokes one session by its token hash. */
export const revokeSessionByTokenHash = async (db: Database, tokenHash: Uint8Array, now: Date) => {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
};

/** Revokes every session of a user (password or name change, account deletion). */
export const revokeUserSessions = async (db: Database, userId: bigint, now: Date) =>
  (
    await db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id })
  ).length;

/** The live user with this email (case-insensitive). */
export const findUserByEmail = async (db: Database, email: string) => {
  const [user] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, live))
    .limit(1);
  return user ?? null;
};

/** The live user with this phone (E.164). */
export const findUserByPhone = async (db: Database, phone: string) => {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.phone, phone), live))
    .limit(1);
  return user ?? null;
};

/** The live user whose user name or email is `account` (case-insensitive). */
export const findUserByAccount = async (db: Database, account: string) => {
  const key = account.toLowerCase();
  const [user] = await db
    .select()
    .from(users)
    .where(and(or(sql`lower(${users.username}) = ${key}`, sql`lower(${users.email}) = ${key}`), live))
    .orderBy(sql`lower(${users.username}) = ${key} desc`)
    .limit(1);
  return user ?? null;
};

/** The live user with this user name (case-insensitive). */
export const findUserByUsername = async (db: Database, username: string) => {
  const [user] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.username}) = ${username.toLowerCase()}`, live))
    .limit(1);
  return user ?? null;
};

/** The live user owning this referral code (case-insensitive). */
export const findUserByInviteCode = async (db: Database, code: string) => {
  const [user] = await db
    .select()
    .from(users)
    .where(and(sql`upper(${users.inviteCode}) = ${code.toUpperCase()}`, live))
    .limit(1);
  return user ?? null;
};

/** The live user with this public id. */
export const findUserByUid = async (db: Database, uid: string) => {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.uid, uid), live))
    .limit(1);
  return user ?? null;
};

/** The live user by id. */
export const findUserById = async (db: Database, id: bigint) => {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), live))
    .limit(1);
  return user ?? null;
};

/** Inserts a user. */
export const insertUser = async (db: Database, user: NewUser): Promise<UserRow> => {
  const [row] = await db.insert(users).values(user).returning();
  if (!row) throw new Error('insert returned no user');
  return row;
};

/** Updates a live user and answers the new row. */
export const updateUser = async (db: Database, id: bigint, changes: Partial<NewUser>): Promise<UserRow> => {
  const [row] = await db
    .update(users)
    .set(changes)
    .where(and(eq(users.id, id), live))
    .returning();
  if (!row) throw new Error('user vanished during update');
  return row;
};
