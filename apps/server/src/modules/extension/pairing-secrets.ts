import { createHash, randomBytes } from 'node:crypto';
import { EXTENSION_TOKEN_PREFIX } from '@ptc/contracts';

/** A new pairing token: the prefix and 32 random bytes, base64url (256 bits). */
export const newPairingToken = (): string =>
  `${EXTENSION_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;

/** Longest text that can be a pairing token (anything longer is refused unread). */
export const PAIRING_TOKEN_MAX_LENGTH = 128;

/**
 * The stored form of a token (SHA-256): 256 random bits cannot be guessed from their hash, so a
 * fast hash is enough and a lookup costs one indexed read.
 */
export const hashPairingToken = (token: string): Uint8Array =>
  new Uint8Array(createHash('sha256').update(token).digest());

/** A new public id of a pairing: opaque, unrelated to the token. */
export const newPairingPublicId = (): string => `pair_${randomBytes(12).toString('base64url')}`;
