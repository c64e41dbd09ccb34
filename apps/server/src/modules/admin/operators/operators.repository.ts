import { and, count, type Database, eq, gt, isNull, operatorSessions, operators, sql } from '@ptc/db';

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

export const updateOperator = async (
  db: Database,
  id: bigint,
  change: Partial<typeof operators.$inferInsert>,
) => {
  await db
    .update(operators)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(operators.id, id));
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
