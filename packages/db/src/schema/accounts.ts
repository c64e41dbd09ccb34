import { bigint, bigserial, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { instant } from './columns';
import { bytea } from './sessions';
import { users } from './users';

/** Emailed and texted verification codes. Only a hash of the code is kept. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    channel: text({ enum: ['email', 'sms'] }).notNull(),
    /** Normalised address: lower-case email or E.164 phone. */
    address: text().notNull(),
    purpose: text({ enum: ['register', 'login', 'bind', 'reset'] }).notNull(),
    codeHash: bytea().notNull(),
    /** Wrong tries so far; the code is spent at the limit. */
    attempts: integer().notNull().default(0),
    clientIp: text(),
    createdAt: instant().notNull().defaultNow(),
    expiresAt: instant().notNull(),
    consumedAt: instant(),
  },
  (table) => [
    index('verification_codes_address_idx').on(table.channel, table.address, table.createdAt),
    index('verification_codes_client_ip_idx').on(table.clientIp, table.createdAt),
  ],
);

/** Image captchas; the id travels in a cookie or header, the answer only as a hash. */
export const captchas = pgTable(
  'captchas',
  {
    id: text().primaryKey(),
    answerHash: bytea().notNull(),
    createdAt: instant().notNull().defaultNow(),
    expiresAt: instant().notNull(),
    usedAt: instant(),
  },
  (table) => [index('captchas_expires_at_idx').on(table.expiresAt)],
);

/** Failed sign-ins per account, for the lockout of SPEC §9. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    /** Normalised account: lower-case email or user name, or E.164 phone. */
    account: text().notNull(),
    clientIp: text(),
    createdAt: instant().notNull().defaultNow(),
  },
  (table) => [index('login_failures_account_idx').on(table.account, table.createdAt)],
);

/**
 * Counters of the per-client abuse limits (rate-limiter-flexible's Drizzle store): one row per
 * limit and client, shared by every API process on the database.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    /** `<limit>:<client key>`, e.g. `captcha_per_ip:203.0.113.7`. */
    key: text().primaryKey(),
    /** Requests counted in the current window. */
    points: integer().notNull(),
    /** When the window ends; the row is stale after it. */
    expire: instant(),
  },
  (table) => [index('rate_limits_expire_idx').on(table.expire)],
);

/** Password reset links, valid 24 h, used once. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Hash of the link credential; the emailed code lives in verification_codes. */
    credentialHash: bytea().notNull(),
    createdAt: instant().notNull().defaultNow(),
    expiresAt: instant().notNull(),
    usedAt: instant(),
  },
  (table) => [
    index('password_resets_credential_idx').on(table.credentialHash),
    index('password_resets_user_idx').on(table.userId, table.createdAt),
  ],
);

/** OAuth authorisation requests in flight: state, PKCE verifier and nonce, used once. */
export const oauthStates = pgTable('oauth_states', {
  state: text().primaryKey(),
  provider: text({ enum: ['google', 'github'] }).notNull(),
  codeVerifier: text().notNull(),
  nonce: text(),
  createdAt: instant().notNull().defaultNow(),
  expiresAt: instant().notNull(),
});

/** Accounts at OAuth providers linked to users. */
export const oauthAccounts = pgTable(
  'oauth_accounts',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text({ enum: ['google', 'github'] }).notNull(),
    /** The provider's stable subject id. */
    subject: text().notNull(),
    createdAt: instant().notNull().defaultNow(),
  },
  (table) => [
    index('oauth_accounts_user_idx').on(table.userId),
    uniqueIndex('oauth_accounts_subject_key').on(table.provider, table.subject),
  ],
);

/**
 * Mail and SMS that were not handed to a real provider (embedded default). Outside
 * production they are readable at `/dev/outbox` and the dev mailbox page.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    channel: text({ enum: ['email', 'sms'] }).notNull(),
    recipient: text().notNull(),
    subject: text(),
    text: text().notNull(),
    html: text(),
    createdAt: instant().notNull().defaultNow(),
  },
  (table) => [index('outbox_messages_created_at_idx').on(table.createdAt)],
);
