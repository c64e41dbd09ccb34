import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';

/** TOTP as authenticator apps do it (RFC 6238): SHA-1, 6 digits, 30-second steps. */
const PERIOD_SECONDS = 30;
/** A code of the step before or after still counts (clock drift of the phone). */
const TOLERANCE_SECONDS = PERIOD_SECONDS;

/** A new base32 secret for an authenticator app. */
export const newTotpSecret = () => generateSecret();

/** The otpauth:// URI an authenticator app scans (as a QR code) or takes typed in. */
export const totpUri = (secret: string, account: string) =>
  generateURI({ issuer: 'PTC Proxy Console', label: account, secret });

/**
 * The time step of `code` for `secret` when it is valid now (within one step either way), else
 * null. Callers record the step so that no code is accepted twice.
 */
export const totpStepOf = async (secret: string, code: string, now = Date.now()): Promise<number | null> => {
  if (!/^\d{6}$/.test(code)) return null;
  const epoch = Math.floor(now / 1000);
  const result = await verify({ secret, token: code, epoch, epochTolerance: TOLERANCE_SECONDS });
  if (!result.valid) return null;
  if ('timeStep' in result && typeof result.timeStep === 'number') return result.timeStep;
  const delta = 'delta' in result && typeof result.delta === 'number' ? result.delta : 0;
  return Math.floor(epoch / PERIOD_SECONDS) + delta;
};

/** A recovery code (64 random bits) as shown: `abcd-ef01-2345-6789`. */
export const newRecoveryCode = () => {
  const text = randomBytes(8).toString('hex');
  return `${text.slice(0, 4)}-${text.slice(4, 8)}-${text.slice(8, 12)}-${text.slice(12)}`;
};

/**
 * The stored form of a recovery code under `namespace` (operators and customers each have their
 * own): hex SHA-256 of the code without dashes or spaces, in lower case.
 */
export const recoveryCodeHash = (namespace: string, code: string) =>
  createHash('sha256')
    .update(`${namespace}:${code.replace(/\W/g, '').toLowerCase()}`)
    .digest('hex');

/** Seals a TOTP secret with the installation key (AES-256-GCM): `iv.tag.ciphertext`, base64url. */
export const sealSecret = (key: Buffer, secret: string) => {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', createHash('sha256').update(key).digest(), iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
};

/** Opens what `sealSecret` sealed; throws when it was tampered with or sealed with another key. */
export const unsealSecret = (key: Buffer, sealed: string) => {
  const [iv = '', tag = '', data = ''] = sealed.split('.');
  const decipher = createDecipheriv(
    'aes-256-gcm',
    createHash('sha256').update(key).digest(),
    Buffer.from(iv, 'base64url'),
  );
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
};
