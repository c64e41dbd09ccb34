import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { instant, timestamps } from './columns';
import { bytea } from './sessions';
import { users } from './users';

/**
 * A customer's two-factor sign-in (issue #21): the TOTP secret sealed with the installation's
 * `customer-totp` key (as operators' are), the secret offered at enrolment until a code confirms
 * it, the last time step used (a code counts once) and the SHA-256 of each unused recovery code.
 * 2FA is on while `enabled_at` is set.
 */
export const userTwoFactor = pgTable('user_two_factor', {
  userId: bigint({ mode: 'bigint' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** AES-256-GCM sealed base32 TOTP secret of the enabled factor. */
  totpSecretSealed: text(),
  /** The secret shown at enrolment, sealed, until the first code confirms it. */
  pendingTotpSealed: text(),
  enabledAt: instant(),
  /** The last TOTP time step accepted: a code is never accepted twice. */
  lastTotpStep: bigint({ mode: 'number' }),
  /** Hash of each unused recovery code (10 at enrolment, each usable once). */
  recoveryCodeHashes: jsonb().$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  /** The WebAuthn challenge of a passkey registration under way (base64url), until it answers. */
  passkeyRegistrationChallenge: text(),
  ...timestamps,
});

/**
 * The second step of a sign-in: answered by the password (or texted-code) step instead of a
 * token when 2FA is on and the device is not remembered. Only the challenge's hash is stored; it
 * lives minutes, is used once, and refuses codes after `attempts` reaches the limit.
 */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: bytea().notNull(),
    /** How the first step signed in (the session's method once the second step passes). */
    method: text().notNull(),
    /** The first step asked for a long session. */
    remember: boolean().notNull().default(false),
    /** Wrong codes sent for this challenge. */
    attempts: integer().notNull().default(0),
    /** The WebAuthn challenge handed out for a passkey answer to this step (base64url). */
    passkeyChallenge: text(),
    createdAt: instant().notNull().defaultNow(),
    expiresAt: instant().notNull(),
    usedAt: instant(),
  },
  (table) => [
    uniqueIndex('two_factor_challenges_token_hash_key').on(table.tokenHash),
    index('two_factor_challenges_user_id_idx').on(table.userId),
    check('two_factor_challenges_method_length', sql`char_length(${table.method}) between 1 and 32`),
  ],
);

/**
 * Devices remembered after a sign-in that passed the second step: the browser keeps a random
 * token in an http-only cookie, stored here as its SHA-256. A remembered device signs in with the
 * password alone until the row expires or is revoked (user center, disabling 2FA, operator reset).
 */
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: bytea().notNull(),
    /** What the browser said it was (User-Agent, cut to 200 characters). */
    label: text().notNull(),
    clientIp: text(),
    createdAt: instant().notNull().defaultNow(),
    lastUsedAt: instant().notNull().defaultNow(),
    expiresAt: instant().notNull(),
    revokedAt: instant(),
  },
  (table) => [
    uniqueIndex('trusted_devices_token_hash_key').on(table.tokenHash),
    index('trusted_devices_user_id_idx').on(table.userId),
    check('trusted_devices_label_length', sql`char_length(${table.label}) <= 200`),
  ],
);

/**
 * Passkeys (WebAuthn credentials) a customer registered as a second factor (issue #21): the
 * credential id and COSE public key from the authenticator, its signature counter, transports.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id (base64url), unique across the installation. */
    credentialId: text().notNull(),
    publicKey: bytea().notNull(),
    counter: bigint({ mode: 'number' }).notNull().default(0),
    /** How the browser may reach the authenticator (usb, internal, hybrid …). */
    transports: jsonb().$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** The customer's name for it. */
    name: text().notNull(),
    createdAt: instant().notNull().defaultNow(),
    lastUsedAt: instant(),
  },
  (table) => [
    uniqueIndex('passkeys_credential_id_key').on(table.credentialId),
    index('passkeys_user_id_idx').on(table.userId),
    check('passkeys_name_length', sql`char_length(${table.name}) between 1 and 64`),
    check('passkeys_credential_id_length', sql`char_length(${table.credentialId}) <= 1024`),
  ],
);
