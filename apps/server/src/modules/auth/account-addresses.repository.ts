import { accountAddresses, type Database, eq, users } from '@ptc/db';

/** The table keeps at most this much of an address (`request.ip` is an address, far shorter). */
const MAX_ADDRESS_LENGTH = 64;
/** A signed-in address is written again at most this often while it stays the same. */
const NOTE_INTERVAL_MS = 5 * 60_000;
/** Accounts whose last noted address an API process remembers. */
const NOTE_CACHE_SIZE = 10_000;

const clip = (ip: string) => ip.slice(0, MAX_ADDRESS_LENGTH);

/**
 * Records where a new account was created from (issue #20), and, when it registered with a
 * referral code, where its inviter last signed in at that moment: the referral reward compares
 * them (modules/invitations/referral-reward.ts).
 */
export const recordRegistrationAddress = async (
  db: Database,
  account: { id: bigint; referrerCode: string | null },
  ip: string,
  now = new Date(),
) => {
  const [referrer] = account.referrerCode
    ? await db
        .select({ ip: accountAddresses.lastSignInIp })
        .from(accountAddresses)
        .innerJoin(users, eq(users.id, accountAddresses.userId))
        .where(eq(users.inviteCode, account.referrerCode))
        .limit(1)
    : [];
  const registration = {
    registrationIp: clip(ip),
    registeredAt: now,
    referrerIpAtRegistration: referrer?.ip ?? null,
  };
  await db
    .insert(accountAddresses)
    .values({ userId: account.id, ...registration })
    .onConflictDoUpdate({ target: accountAddresses.userId, set: registration });
};

/**
 * A recorder of the address each signed-in request comes from (the account's "last sign-in
 * address"): written when it changes, and at most every 5 minutes while it does not, so requests
 * stay reads. One per application: it remembers what it wrote last per account.
 */
export const createSignedInAddressRecorder = (db: Database) => {
  const noted = new Map<bigint, { ip: string; at: number }>();
  return async (userId: bigint, ip: string, now = new Date()): Promise<void> => {
    const address = clip(ip);
    const last = noted.get(userId);
    if (last && last.ip === address && now.getTime() - last.at < NOTE_INTERVAL_MS) return;
    await db
      .insert(accountAddresses)
      .values({ userId, lastSignInIp: address, lastSignInAt: now })
      .onConflictDoUpdate({
        target: accountAddresses.userId,
        set: { lastSignInIp: address, lastSignInAt: now },
      });
    noted.delete(userId);
    noted.set(userId, { ip: address, at: now.getTime() });
    if (noted.size > NOTE_CACHE_SIZE) {
      const oldest = noted.keys().next().value;
      if (oldest !== undefined) noted.delete(oldest);
    }
  };
};
