import {
  and,
  asc,
  count,
  type Database,
  eq,
  gt,
  isNull,
  ne,
  operatorSessions,
  operators,
  sql,
} from '@ptc/db';

export type OperatorRow = typeof operators.$inferSelect;

/** How many operators exist (the first one may be created from the environment). */
export const countOperators = async (db: Database) =>
  (await db.select({ n: count() }).from(operators))[0]?.n ?? 0;

export const findOperatorByEmail = async (db: Database, email: string) => {
  const [row] = await db.select().from(operators).where(sql`lower(${operators.email}) = lower(${email})`);
  return row ?? null;
};

export const findOperatorById = async (db: Database, id: bigint) => {
  const [row] = await db.select().from(operators).where(eq(operators.id, id));
  return row ?? null;
};

export const insertOperator = async (db: Database, row: typeof operators.$inferInsert) => {
  const [inserted] = await db.insert(operators).values(row).returning();
  if (!inserted) throw new Error('insert returned no operator');
  return inserted;
};

/** Changes an operator; answers it as changed (null when there is no such operator). */
export const updateOperator = async (
  db: Database,
  id: bigint,
  change: Partial<typeof operators.$inferInsert>,
) => {
  const [row] = await db
    .update(operators)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(operators.id, id))
    .returning();
  return row ?? null;
};

/** An operator with the start of its last completed sign-in (null: never signed in). */
export type OperatorWithSignIn = OperatorRow & { lastSignInAt: Date | null };

const lastSignInAt = sql<Date | null>`max(${operatorSessions.createdAt})`.mapWith(operatorSessions.createdAt);

/** Every operator, oldest first, with its last completed sign-in (a signed-in session's start). */
export const listOperatorsWithSignIn = async (db: Database): Promise<OperatorWithSignIn[]> => {
  const rows = await db
    .select({ operator: operators, lastSignInAt })
    .from(operators)
    .leftJoin(
      operatorSessions,
      and(eq(operatorSessions.operatorId, operators.id), eq(operatorSessions.stage, 2)),
    )
    .groupBy(operators.id)
    .orderBy(asc(operators.id));
  return rows.map((row) => ({ ...row.operator, lastSignInAt: row.lastSignInAt }));
};

/** One operator's last completed sign-in, or null. */
export const findLastSignIn = async (db: Database, operatorId: bigint) => {
  const [row] = await db
    .select({ lastSignInAt })
    .from(operatorSessions)
    .where(and(eq(operatorSessions.operatorId, operatorId), eq(operatorSessions.stage, 2)));
  return row?.lastSignInAt ?? null;
};

/**
 * Serialises changes to who may act (roles, disabling) until the transaction ends, so two owners
 * demoting or disabling each other at once cannot leave the installation without an owner.
 */
export const lockOperatorRoster = async (db: Database) => {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('operators:roster'))`);
};

/** How many enabled owners there are besides operator `exceptId`. */
export const countOtherEnabledOwners = async (db: Database, exceptId: bigint) =>
  (
    await db
      .select({ n: count() })
      .from(operators)
      .where(and(eq(operators.role, 'owner'), isNull(operators.disabledAt), ne(operators.id, exceptId)))
  )[0]?.n ?? 0;

/** Ends every live or pending session of an operator; answers how many it ended. */
export const revokeOperatorSessions = async (db: Database, operatorId: bigint, now: Date) => {
  const ended = await db
    .update(operatorSessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(operatorSessions.operatorId, operatorId),
        isNull(operatorSessions.revokedAt),
        gt(operatorSessions.expiresAt, now),
      ),
    )
    .returning({ id: operatorSessions.id });
  return ended.length;
};

/** Records a TOTP time step as used, unless it (or a later one) was used already: one use per code. */
export const claimTotpStep = async (db: Database, id: bigint, step: number) => {
  const claimed = await db
    .update(operators)
    .set({ lastTotpStep: step })
    .where(
      and(
        eq(operators.id, id),
        sql`(${operators.lastTotpStep} is null or ${operators.lastTotpStep} < ${step})`,
      ),
    )
    .returning({ id: operators.id });
  return claimed.length > 0;
};

/** Takes one recovery code hash out of the operator's unused ones; false when it was not there. */
export const takeRecoveryCode = async (db: Database, id: bigint, codeHash: string) => {
  const taken = await db
    .update(operators)
    .set({ recoveryCodeHashes: sql`${operators.recoveryCodeHashes} - ${codeHash}` })
    .where(and(eq(operators.id, id), sql`${operators.recoveryCodeHashes} ? ${codeHash}`))
    .returning({ id: operators.id });
  return taken.length > 0;
};

export const insertOperatorSession = async (db: Database, row: typeof operatorSessions.$inferInsert) => {
  await db.insert(operatorSessions).values(row);
};

/** A live session by its token hash, with its operator. */
export const findLiveOperatorSession = async (db: Database, tokenHash: Uint8Array, now: Date) => {
  const [row] = await db
    .select({ session: operatorSessions, operator: operators })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(
      and(
        eq(operatorSessions.tokenHash, tokenHash),
        isNull(operatorSessions.revokedAt),
        gt(operatorSessions.expiresAt, now),
        isNull(operators.disabledAt),
      ),
    );
  return row ?? null;
};

export const updateOperatorSession = async (
  db: Database,
  id: bigint,
  change: Partial<typeof operatorSessions.$inferInsert>,
) => {
  await db.update(operatorSessions).set(change).where(eq(operatorSessions.id, id));
};
