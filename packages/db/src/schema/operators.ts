import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { instant, timestamps } from './columns';
import { bytea } from './sessions';

/** What an operator may do (issue #15): owner everything, finance money and prices, support customers. */
export const OPERATOR_ROLES = ['owner', 'finance', 'support'] as const;

/**
 * The vendor's operators: accounts of their own, not customers with a flag. Sign-in takes the
 * password and a TOTP code (enrolled at the first sign-in); the TOTP secret is sealed with the
 * installation's `operator-totp` key, and recovery codes are stored hashed, each usable once.
 */
export const operators = pgTable(
  'operators',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    email: text().notNull(),
    name: text().notNull(),
    role: text({ enum: OPERATOR_ROLES }).notNull(),
    passwordHash: text().notNull(),
    /** AES-256-GCM sealed base32 TOTP secret; set at enrolment (null: not enrolled yet). */
    totpSecretSealed: text(),
    totpEnrolledAt: instant(),
    /** SHA-256 of each unused recovery code. */
    recoveryCodeHashes: jsonb().$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** The last TOTP time step used: a code is never accepted twice. */
    lastTotpStep: bigint({ mode: 'number' }),
    disabledAt: instant(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('operators_email_key').on(sql`lower(${table.email})`),
    check('operators_role_valid', sql`${table.role} in ('owner', 'finance', 'support')`),
  ],
);

/**
 * Operator sessions. `stage` 1: the password was right, a TOTP code (or enrolment) is awaited;
 * 2: signed in. Only the SHA-256 of the token is stored.
 */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    operatorId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    tokenHash: bytea().notNull(),
    stage: smallint().notNull(),
    /** The TOTP secret offered at enrolment, sealed, until a code confirms it. */
    pendingTotpSealed: text(),
    clientIp: text(),
    createdAt: instant().notNull().defaultNow(),
    expiresAt: instant().notNull(),
    revokedAt: instant(),
  },
  (table) => [
    uniqueIndex('operator_sessions_token_hash_key').on(table.tokenHash),
    index('operator_sessions_operator_idx').on(table.operatorId),
    check('operator_sessions_stage_valid', sql`${table.stage} in (1, 2)`),
  ],
);

/**
 * Every operator action: who (null for the command line), when, what, on what, before and after,
 * from which address. Rows are never changed or deleted (a trigger refuses it).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    operatorId: bigint({ mode: 'bigint' }).references(() => operators.id),
    /** The operator's email at the time (kept if the operator is removed). */
    actor: text().notNull(),
    action: text().notNull(),
    targetType: text().notNull(),
    targetId: text().notNull(),
    before: jsonb(),
    after: jsonb(),
    clientIp: text(),
    at: instant().notNull().defaultNow(),
  },
  (table) => [
    index('audit_log_at_idx').on(table.at),
    index('audit_log_target_idx').on(table.targetType, table.targetId),
    index('audit_log_operator_idx').on(table.operatorId, table.at),
  ],
);
