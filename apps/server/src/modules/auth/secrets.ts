import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import argon2 from 'argon2';

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. Strong, and cheap enough per sign-in.
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** argon2id hash of a password. */
export const hashPassword = (password: string): Promise<string> => argon2.hash(password, ARGON2_OPTIONS);

let decoyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. Without a hash (unknown account, or no password
 * set) it still spends the time of a real check, so answers do not reveal which accounts exist.
 */
export const verifyPassword = async (hash: string | null, password: string): Promise<boolean> => {
  if (!hash) {
    decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
    await argon2.verify(await decoyHash, password).catch(() => false);
    return false;
  }
  return argon2.verify(hash, password).catch(() => false);
};

/** SHA-256 of the parts joined with ':' — how codes, captchas and credentials are stored. */
export const hashSecret = (...parts: string[]): Uint8Array =>
  new Uint8Array(createHash('sha256').update(parts.join(':')).digest());

/** Constant-time equality of two stored hashes. */
export const isSameHash = (a: Uint8Array, b: Uint8Array): boolean =>
  a.length === b.length && timingSafeEqual(a, b);

/** `length` random decimal digits (codes, captchas). */
export const randomDigits = (length: number): string =>
  Array.from({ length }, () => randomInt(0, 10).toString()).join('');

/** An unguessable URL-safe string of `bytes` random bytes. */
export const randomToken = (bytes = 24): string => randomBytes(bytes).toString('base64url');

/** A short random lower-case suffix for generated names. */
export const randomSuffix = (length = 8): string =>
  randomBytes(length)
    .toString('base64url')
    .replace(/[^a-z0-9]/gi, '')
    .toLowerCase()
    .slice(0, length)
    .padEnd(length, '0');
