import type { Database } from '@ptc/db';
import { findUserByInviteCode, findUserByUsername, insertUser, type UserRow } from './auth.repository';
import { randomSuffix } from './secrets';

type NewAccount = Omit<Parameters<typeof insertUser>[1], 'uid' | 'inviteCode' | 'username'> & {
  username?: string;
};

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

const inviteCode = () =>
  Array.from({ length: 8 }, () => INVITE_ALPHABET[Math.floor(Math.random() * INVITE_ALPHABET.length)]).join(
    '',
  );

/** A user name derived from `hint` (an email or a display name) that nobody has yet. */
export const availableUsername = async (db: Database, hint: string) => {
  const base =
    hint
      .split('@')[0]
      ?.normalize('NFKD')
      .replace(/[^\p{L}\p{N}_.-]/gu, '')
      .slice(0, 20) ?? '';
  const stem = base.length >= 3 ? base : 'user';
  if (base.length >= 3 && !(await findUserByUsername(db, base))) return base;
  for (;;) {
    const candidate = `${stem}_${randomSuffix(6)}`;
    if (!(await findUserByUsername(db, candidate))) return candidate;
  }
};

/** Creates an account with a fresh public id, referral code and (unless given) user name. */
export const createAccount = async (
  db: Database,
  account: NewAccount,
  usernameHint = 'user',
): Promise<UserRow> => {
  let code = inviteCode();
  while (await findUserByInviteCode(db, code)) code = inviteCode();
  const username = account.username ?? (await availableUsername(db, usernameHint));
  return insertUser(db, { ...account, username, uid: `u${randomSuffix(15)}`, inviteCode: code });
};
