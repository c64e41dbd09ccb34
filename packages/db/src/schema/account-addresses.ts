import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, text } from 'drizzle-orm/pg-core';
import { instant } from './columns';
import { users } from './users';

/**
 * The client addresses an account was registered and last signed in from (issue #20): the
 * referral reward is refused when an invited customer registered from the inviter's address.
 * Addresses are as the server saw them (`request.ip`: the socket's, or `X-Forwarded-For` with
 * `TRUST_PROXY=true`); comparisons treat an IPv6 /64 as one address.
 */
export const accountAddresses = pgTable(
  'account_addresses',
  {
    userId: bigint({ mode: 'bigint' })
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Where the account was created from; null for accounts from before this table. */
    registrationIp: text(),
    registeredAt: instant(),
    /**
     * The inviter's last sign-in address at the moment this account registered with their code:
     * the inviter may sign in from elsewhere before the reward is due.
     */
    referrerIpAtRegistration: text(),
    /** Where the account last signed in from (a session started). */
    lastSignInIp: text(),
    lastSignInAt: instant(),
  },
  (table) => [
    check(
      'account_addresses_ip_length',
      sql`char_length(${table.registrationIp}) <= 64 and char_length(${table.referrerIpAtRegistration}) <= 64 and char_length(${table.lastSignInIp}) <= 64`,
    ),
  ],
);
