import { createHash, randomBytes } from 'node:crypto';

/** A new opaque session token: 32 random bytes, base64url. Only its hash is stored. */
export const createSessionToken = (): string => randomBytes(32).toString('base64url');

/** The stored form of a session token (SHA-256). */
export const hashSessionToken = (token: string): Uint8Array =>
  new Uint8Array(createHash('sha256').update(token).digest());
