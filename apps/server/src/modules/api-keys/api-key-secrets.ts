import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX } from '@ptc/contracts';

/** Which kind of key: the legacy single key (`v1`) or a named one (`v2`). */
export type ApiKeyVersion = keyof typeof API_KEY_PREFIX;

/** A new secret: the version's prefix and 32 random bytes, base64url (256 bits). */
export const newApiKeySecret = (version: ApiKeyVersion): string =>
  `${API_KEY_PREFIX[version]}${randomBytes(32).toString('base64url')}`;

/**
 * The stored form of a secret (SHA-256). A secret of 256 random bits cannot be guessed from its
 * hash, so a fast hash is enough, and a lookup by hash costs one indexed read per request.
 */
export const hashApiKeySecret = (secret: string): Uint8Array =>
  new Uint8Array(createHash('sha256').update(secret).digest());

/** What lists show of a secret: its prefix, the first four and the last four characters. */
export const hintOf = (secret: string, version: ApiKeyVersion): string => {
  const random = secret.slice(API_KEY_PREFIX[version].length);
  return `${API_KEY_PREFIX[version]}${random.slice(0, 4)}…${random.slice(-4)}`;
};

/** A new public id of a key (`key_id`): opaque, unrelated to the secret. */
export const newApiKeyPublicId = (): string => `key_${randomBytes(12).toString('base64url')}`;
