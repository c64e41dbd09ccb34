import { randomBytes } from 'node:crypto';

const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const DIGITS = '0123456789';
const LOWER_ALNUM = LOWER + DIGITS;
// No '-' (it starts username parameters) and no ':' (it ends the user part of user:pass).
const PASSWORD_ALPHABET = `${LOWER}ABCDEFGHIJKLMNOPQRSTUVWXYZ${DIGITS}`;

/** `length` characters drawn uniformly from `alphabet` with a CSPRNG (rejection sampling, no modulo bias). */
export const randomString = (length: number, alphabet: string): string => {
  const limit = 256 - (256 % alphabet.length);
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte >= limit) continue;
      out += alphabet[byte % alphabet.length];
      if (out.length === length) break;
    }
  }
  return out;
};

/** A proxy username: 10–12 lower-case letters and digits, starting with a letter. */
export const newProxyUsername = (): string => {
  const length = 10 + ((randomBytes(1)[0] ?? 0) % 3);
  return randomString(1, LOWER) + randomString(length - 1, LOWER_ALNUM);
};

/** A proxy password: 16 letters and digits. */
export const newProxyPassword = (): string => randomString(16, PASSWORD_ALPHABET);

/** The opaque id of a proxy in URLs. */
export const newProxyPublicId = (): string => randomString(20, LOWER_ALNUM);

/** A sticky-session id shown with rotating proxies (the gateway accepts 1–32 letters or digits). */
export const newSessionId = (): string => randomString(8, LOWER_ALNUM);

/** An unguessable id (exports, purchase batches). */
export const newOpaqueId = (): string => randomString(24, LOWER_ALNUM);
