import { randomUUID } from 'node:crypto';
import {
  createSessionToken,
  type Database,
  type DatabaseHandle,
  hashSessionToken,
  operatorSessions,
  operators as operatorsTable,
} from '@ptc/db';
import { createSession, createUser } from '@ptc/db/testing';
import { moveMoney } from '../modules/wallet/ledger.service';

/**
 * The server tests' people and money, in one place (STYLE: data through test/factories.ts). Every
 * balance is credited through the ledger, so a user's balance always equals the sum of its entries.
 */

/** Credits a user through the ledger, as a paid top-up would. */
export const credit = (db: Database, userId: bigint, amount: bigint) =>
  moveMoney(db, { userId, amount, kind: 'topup', idempotencyKey: `test-topup:${randomUUID()}` });

/** A customer (not signed in) whose balance was credited through the ledger. */
export const fundedUser = async (
  db: Database,
  balance: bigint,
  overrides: Parameters<typeof createUser>[1] = {},
) => {
  const user = await createUser(db, overrides);
  if (balance > 0n) await credit(db, user.id, balance);
  return user;
};

/** A signed-in customer with an email (so writes pass the request guard). */
export const signedInCustomer = async (
  database: DatabaseHandle,
  overrides: Parameters<typeof createUser>[1] = {},
) => {
  const user = await createUser(database.db, overrides);
  return { user, token: await createSession(database.db, user.id) };
};

/** A signed-in customer whose balance was credited through the ledger. */
export const customerWithBalance = async (database: DatabaseHandle, balance: bigint) => {
  const customer = await signedInCustomer(database);
  if (balance > 0n) await credit(database.db, customer.user.id, balance);
  return customer;
};

let operators = 0;

/**
 * A signed-in operator of `role` (TOTP enrolled), as the sign-in would leave it: answers the
 * headers its calls carry. The full sign-in (password, TOTP enrolment, codes) has its own tests.
 */
export const operatorSession = async (database: DatabaseHandle, role: 'owner' | 'finance' | 'support') => {
  operators += 1;
  const email = `operator-${role}-${operators}-${randomUUID().slice(0, 8)}@example.test`;
  const [operator] = await database.db
    .insert(operatorsTable)
    .values({ email, name: email, role, passwordHash: 'not-a-hash', totpSecretSealed: 'enrolled-elsewhere' })
    .returning();
  if (!operator) throw new Error('no operator');
  const token = createSessionToken();
  await database.db.insert(operatorSessions).values({
    operatorId: operator.id,
    tokenHash: hashSessionToken(token),
    stage: 2,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return { operator, headers: { 'x-operator-session': token } };
};
