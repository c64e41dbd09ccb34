import {
  API_KEY_MAX,
  type ApiKeyList,
  AppError,
  type CreatedApiKey,
  type CreatedApiKeyV1,
  type createApiKeySchema,
} from '@ptc/contracts';
import type { Database } from '@ptc/db';
import type { z } from 'zod';
import type { UserRow } from '../auth/auth.repository';
import { hashApiKeySecret, hintOf, newApiKeyPublicId, newApiKeySecret } from './api-key-secrets';
import { presentApiKey, presentApiKeyV1 } from './api-keys.presenter';
import {
  countLiveKeys,
  insertApiKey,
  listLiveKeys,
  lockUserForKeys,
  revokeKeyByPublicId,
  revokeUserKeys,
} from './api-keys.repository';

const inTransaction = <T>(db: Database, work: (tx: Database) => Promise<T>) =>
  db.transaction((tx) => work(tx as unknown as Database));

/** The same addresses once each, in the order given. */
const distinct = (list: string[]) => [...new Set(list)];

/**
 * `POST /api/key`: a new V2 key; its secret (`password`) is answered this once. The 11th live
 * key is refused (601): the owner's row is locked while counting, so concurrent creations queue
 * and cannot pass the limit together.
 */
export const createApiKey = async (
  db: Database,
  user: UserRow,
  input: z.output<typeof createApiKeySchema>,
): Promise<CreatedApiKey> => {
  const secret = newApiKeySecret('v2');
  const row = await inTransaction(db, async (tx) => {
    await lockUserForKeys(tx, user.id);
    if ((await countLiveKeys(tx, user.id, 'v2')) >= API_KEY_MAX) throw new AppError('ApiKeyLimit');
    return insertApiKey(tx, {
      publicId: newApiKeyPublicId(),
      userId: user.id,
      version: 'v2',
      name: input.name,
      scope: input.scope,
      allowList: distinct(input.allow_list),
      secretHash: hashApiKeySecret(secret),
      hint: hintOf(secret, 'v2'),
    });
  });
  return { ...presentApiKey(row), password: secret };
};

/** `GET /api/key/list`: the live V2 keys, newest first, with the limit. */
export const listApiKeys = async (db: Database, user: UserRow): Promise<ApiKeyList> => {
  const rows = await listLiveKeys(db, user.id, 'v2');
  return { list: rows.map(presentApiKey), total: rows.length, limit: API_KEY_MAX };
};

/** `DELETE /api/key/{key_id}`: revokes a key at once; 5003 when the user has no such live key. */
export const deleteApiKey = async (db: Database, user: UserRow, keyId: string, now = new Date()) => {
  const revoked = await revokeKeyByPublicId(db, user.id, keyId, now);
  if (!revoked) throw new AppError('ERR_NO_API_TOKEN');
  return { done: true as const };
};

/** `GET /api/key/v1`: the legacy key (without its secret), or null. */
export const getApiKeyV1 = async (db: Database, user: UserRow) =>
  presentApiKeyV1((await listLiveKeys(db, user.id, 'v1'))[0]);

/** `POST /api/key/v1`: a new legacy key, replacing (revoking) the old one; its `id` is answered this once. */
export const regenerateApiKeyV1 = async (
  db: Database,
  user: UserRow,
  now = new Date(),
): Promise<CreatedApiKeyV1> => {
  const secret = newApiKeySecret('v1');
  const row = await inTransaction(db, async (tx) => {
    await lockUserForKeys(tx, user.id);
    await revokeUserKeys(tx, user.id, now, 'v1');
    return insertApiKey(tx, {
      publicId: newApiKeyPublicId(),
      userId: user.id,
      version: 'v1',
      name: 'V1',
      secretHash: hashApiKeySecret(secret),
      hint: hintOf(secret, 'v1'),
    });
  });
  return { id: secret, create_time: row.createdAt.toISOString() };
};

/** `DELETE /api/key/v1`: revokes the legacy key; 5003 when there is none. */
export const deleteApiKeyV1 = async (db: Database, user: UserRow, now = new Date()) => {
  if ((await revokeUserKeys(db, user.id, now, 'v1')) === 0) throw new AppError('ERR_NO_API_TOKEN');
  return { done: true as const };
};

/** Revokes every key of an account (its deletion). */
export const revokeAccountApiKeys = (db: Database, userId: bigint, now = new Date()) =>
  revokeUserKeys(db, userId, now);
