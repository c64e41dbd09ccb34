import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../open-database';
import { exits, ledgerEntries, proxies, sessions, users } from '../schema';
import { createSessionToken, hashSessionToken } from '../session-token';

type NewUser = typeof users.$inferInsert;

const shortId = () => randomBytes(6).toString('hex');

/**
 * Inserts a user; every unique field gets a fresh value unless given. A `balance` comes through
 * the ledger, as the server's `moveMoney` moves money: the user is inserted with nothing, then in
 * the same transaction the balance is credited with one `adjustment` entry recording it, so that
 * `balance == sum(entries)` holds for every user a test makes.
 */
export const createUser = async (db: Database, overrides: Partial<NewUser> = {}) => {
  const { balance = 0n, ...fields } = overrides;
  const id = shortId();
  const values = {
    uid: `u_${id}`,
    email: `user-${id}@example.test`,
    username: `user_${id}`,
    inviteCode: id.toUpperCase(),
    ...fields,
  };
  if (balance === 0n) return insertUser(db, values);
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const user = await insertUser(t, values);
    const [credited] = await t
      .update(users)
      .set({ balance: sql`${users.balance} + ${balance}` })
      .where(eq(users.id, user.id))
      .returning();
    if (!credited) throw new Error('the new user vanished');
    await t.insert(ledgerEntries).values({
      userId: user.id,
      amount: balance,
      kind: 'adjustment',
      idempotencyKey: `test-balance:${user.uid}`,
      balanceAfter: credited.balance,
      note: 'opening balance given by the test factory',
    });
    return credited;
  });
};

const insertUser = async (db: Database, values: NewUser) => {
  const [user] = await db.insert(users).values(values).returning();
  if (!user) throw new Error('insert returned no user');
  return user;
};

/** Starts a session for `userId` and returns its token (what a client sends as Authorization). */
export const createSession = async (
  db: Database,
  userId: bigint,
  options: { expiresAt?: Date; revokedAt?: Date | null } = {},
): Promise<string> => {
  const token = createSessionToken();
  await db.insert(sessions).values({
    userId,
    tokenHash: hashSessionToken(token),
    method: 'password',
    expiresAt: options.expiresAt ?? new Date(Date.now() + 30 * 24 * 3_600_000),
    revokedAt: options.revokedAt ?? null,
  });
  return token;
};

/** Inserts an exit (direct by default, in the US). */
export const createExit = async (db: Database, overrides: Partial<typeof exits.$inferInsert> = {}) => {
  const [exit] = await db
    .insert(exits)
    .values({
      kind: 'direct',
      type: 'residential',
      line: 1,
      country: 'US',
      state: 'NY',
      city: 'newyork',
      ...overrides,
    })
    .returning();
  if (!exit) throw new Error('insert returned no exit');
  return exit;
};

/** Inserts a proxy of `userId` with fresh credentials (dynamic traffic, ON, normal by default). */
export const createProxy = async (
  db: Database,
  userId: bigint,
  overrides: Partial<typeof proxies.$inferInsert> = {},
) => {
  const id = shortId();
  const [proxy] = await db
    .insert(proxies)
    .values({
      publicId: `p_${id}`,
      userId,
      family: 'dynamic-traffic',
      username: `u${id}`,
      password: `pw${randomBytes(8).toString('hex')}`,
      ...overrides,
    })
    .returning();
  if (!proxy) throw new Error('insert returned no proxy');
  return proxy;
};
