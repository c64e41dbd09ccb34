import {
  AppError,
  type CreatedPairing,
  type createPairingSchema,
  EXTENSION_PAIRING_MAX,
  type PairingList,
} from '@ptc/contracts';
import { type Database, hashSessionToken } from '@ptc/db';
import type { z } from 'zod';
import type { UserRow } from '../auth/auth.repository';
import { findSessionByTokenHash } from '../auth/auth.repository';
import { hashPairingToken, newPairingPublicId, newPairingToken } from './pairing-secrets';
import {
  insertPairing,
  listLivePairings,
  lockUserForPairings,
  oldestLivePairings,
  type PairingRow,
  revokeEndedPairings,
  revokePairingByPublicId,
  revokePairings,
} from './pairings.repository';

const inTransaction = <T>(db: Database, work: (tx: Database) => Promise<T>) =>
  db.transaction((tx) => work(tx as unknown as Database));

const presentPairing = (row: PairingRow) => ({
  id: row.publicId,
  label: row.label,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
});

/**
 * `POST /proxy/extension/pairings`: a new pairing bound to the console session of this request;
 * its token is answered this once. Beyond {@link EXTENSION_PAIRING_MAX} live pairings the oldest
 * are revoked (the owner's row is locked meanwhile, so concurrent pairings cannot pass the limit).
 */
export const createPairing = async (
  db: Database,
  user: UserRow,
  sessionToken: string | null,
  input: z.output<typeof createPairingSchema>,
  now = new Date(),
): Promise<CreatedPairing> => {
  const session = sessionToken ? await findSessionByTokenHash(db, hashSessionToken(sessionToken), now) : null;
  if (!session || session.user.id !== user.id) throw new AppError('ERR_TOKEN_ERROR');
  const token = newPairingToken();
  const row = await inTransaction(db, async (tx) => {
    await lockUserForPairings(tx, user.id);
    await revokeEndedPairings(tx, user.id, now);
    const live = await oldestLivePairings(tx, user.id, now);
    const beyond = live.slice(0, Math.max(0, live.length - (EXTENSION_PAIRING_MAX - 1)));
    await revokePairings(
      tx,
      beyond.map((pairing) => pairing.id),
      now,
    );
    return insertPairing(tx, {
      publicId: newPairingPublicId(),
      userId: user.id,
      sessionId: session.sessionId,
      tokenHash: hashPairingToken(token),
      label: input.label ? input.label : null,
      createdAt: now,
    });
  });
  return { id: row.publicId, token, created_at: row.createdAt.toISOString() };
};

/** `GET /proxy/extension/pairings`: the live pairings, newest first (never their tokens). */
export const listPairings = async (db: Database, user: UserRow, now = new Date()): Promise<PairingList> => ({
  list: (await listLivePairings(db, user.id, now)).map(presentPairing),
});

/** `DELETE /proxy/extension/pairings/{id}`: revokes a pairing at once; 404 when the user has no such live one. */
export const revokePairing = async (db: Database, user: UserRow, publicId: string, now = new Date()) => {
  if (!(await revokePairingByPublicId(db, user.id, publicId, now))) {
    throw new AppError('ERR_NOT_FOUND', { message: 'No such pairing' });
  }
  return { done: true as const };
};
