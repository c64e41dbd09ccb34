import { AppError, TWO_FACTOR_RULES, type TwoFactorStatus } from '@ptc/contracts';
import { type Database, instanceSecret } from '@ptc/db';
import {
  newRecoveryCode,
  newTotpSecret,
  recoveryCodeHash,
  sealSecret,
  totpStepOf,
  totpUri,
  unsealSecret,
} from '../admin/operators/totp';
import type { UserRow } from '../auth/auth.repository';
import { hashSecret, randomToken, verifyPassword } from '../auth/secrets';
import { deleteAllPasskeys } from './passkeys.repository';
import { presentPasskeys } from './passkeys.service';
import {
  claimTotpStep,
  deleteChallenges,
  deleteTwoFactor,
  enableTotp,
  findTrustedDevice,
  findTwoFactor,
  insertTrustedDevice,
  listTrustedDevices,
  revokeAllTrustedDevices,
  revokeDevicesBeyond,
  revokeTrustedDevice,
  storePendingTotp,
  type TwoFactorRow,
  takeRecoveryCode,
  touchTrustedDevice,
} from './two-factor.repository';

/** The installation key customers' TOTP secrets are sealed with (not the operators'). */
export const customerTotpKey = (db: Database) => instanceSecret(db, 'customer-totp');

const recoveryHash = (code: string) => recoveryCodeHash('customer-recovery', code);

/** The stored form of a remembered device's token. */
export const deviceTokenHash = (token: string) => hashSecret('trusted-device', token);

/** 2004 with what went wrong: never 'token error', which would send the console to the login page. */
export const wrongCode = () =>
  new AppError('ERR_TOKEN_ERROR', { message: 'Identity authentication failed: wrong code' });

const isEnabled = (row: TwoFactorRow | null): row is TwoFactorRow & { totpSecretSealed: string } =>
  row?.enabledAt != null && row.totpSecretSealed !== null;

/** Whether the customer has two-factor sign-in on. */
export const hasTwoFactor = async (db: Database, userId: bigint) =>
  isEnabled(await findTwoFactor(db, userId));

const assertRegistered = (user: UserRow) => {
  if (user.isTourist) throw new AppError('TOURIST_USER');
};

/**
 * Checks an authenticator code (each time step once) or a recovery code (each once) of an
 * enabled factor; answers whether it was right.
 */
export const checkSecondFactor = async (
  db: Database,
  row: TwoFactorRow & { totpSecretSealed: string },
  input: { code?: string | undefined; recovery_code?: string | undefined },
) => {
  if (input.recovery_code !== undefined) {
    return takeRecoveryCode(db, row.userId, recoveryHash(input.recovery_code));
  }
  const secret = unsealSecret(await customerTotpKey(db), row.totpSecretSealed);
  const step = await totpStepOf(secret, input.code ?? '');
  return step !== null && (await claimTotpStep(db, row.userId, step));
};

/** `GET /user/2fa`: on or off, recovery codes left, remembered devices (`current`: this browser). */
export const describeTwoFactor = async (
  db: Database,
  user: UserRow,
  deviceToken: string | undefined,
  now = new Date(),
): Promise<TwoFactorStatus> => {
  const [row, devices, passkeys] = await Promise.all([
    findTwoFactor(db, user.id),
    listTrustedDevices(db, user.id, now),
    presentPasskeys(db, user.id),
  ]);
  const currentHash = deviceToken ? Buffer.from(deviceTokenHash(deviceToken)) : null;
  return {
    enabled: isEnabled(row),
    enabled_at: isEnabled(row) ? (row.enabledAt?.toISOString() ?? null) : null,
    recovery_codes_left: isEnabled(row) ? row.recoveryCodeHashes.length : 0,
    devices: devices.map((device) => ({
      id: device.id.toString(),
      label: device.label,
      created_at: device.createdAt.toISOString(),
      last_used_at: device.lastUsedAt.toISOString(),
      expires_at: device.expiresAt.toISOString(),
      current: currentHash?.equals(Buffer.from(device.tokenHash)) ?? false,
    })),
    passkeys,
  };
};

/**
 * `POST /user/2fa/totp/setup`: a new secret to add to an authenticator app (as a QR code or
 * typed), kept sealed until a code confirms it. 610 for a tourist; 1002 when 2FA is on already.
 */
export const setUpTotp = async (db: Database, user: UserRow) => {
  assertRegistered(user);
  if (isEnabled(await findTwoFactor(db, user.id))) {
    throw new AppError('ERR_ARGUMENT_TYPE', { message: 'Two-factor sign-in is on already' });
  }
  const secret = newTotpSecret();
  await storePendingTotp(db, user.id, sealSecret(await customerTotpKey(db), secret));
  return { secret, otpauth_url: totpUri(secret, user.email ?? user.username) };
};

/**
 * `POST /user/2fa/totp/enable`: the first code confirms the secret of the setup; answers the
 * recovery codes (shown this once, stored hashed). 2004 on a wrong code; 1001 without a setup.
 */
export const enableTwoFactor = async (db: Database, user: UserRow, code: string, now = new Date()) => {
  assertRegistered(user);
  const row = await findTwoFactor(db, user.id);
  if (isEnabled(row))
    throw new AppError('ERR_ARGUMENT_TYPE', { message: 'Two-factor sign-in is on already' });
  if (!row?.pendingTotpSealed) {
    throw new AppError('ERR_ARGUMENT_MISSING', { message: 'Set up the authenticator app first' });
  }
  const step = await totpStepOf(unsealSecret(await customerTotpKey(db), row.pendingTotpSealed), code);
  if (step === null) throw wrongCode();
  const recoveryCodes = Array.from({ length: TWO_FACTOR_RULES.RECOVERY_CODES }, newRecoveryCode);
  const isDone = await enableTotp(db, user.id, row.pendingTotpSealed, {
    step,
    recoveryCodeHashes: recoveryCodes.map(recoveryHash),
    now,
  });
  if (!isDone) throw new AppError('ERR_ARGUMENT_TYPE', { message: 'Two-factor sign-in is on already' });
  return { recovery_codes: recoveryCodes };
};

/**
 * `POST /user/2fa/disable`: a current code, a recovery code or the password proves it is the
 * customer; then the factor, its recovery codes, remembered devices and open challenges go.
 * 2004 on a wrong code, 604 on a wrong password, 1001 when 2FA is off.
 */
export const disableTwoFactor = async (
  db: Database,
  user: UserRow,
  input: { code?: string | undefined; recovery_code?: string | undefined; password?: string | undefined },
  now = new Date(),
) => {
  const row = await findTwoFactor(db, user.id);
  if (!isEnabled(row)) throw new AppError('ERR_ARGUMENT_MISSING', { message: 'Two-factor sign-in is off' });
  if (input.password !== undefined) {
    if (!(await verifyPassword(user.passwordHash, input.password)))
      throw new AppError('PW_OR_USERNAME_NOT_MATCH');
  } else if (!(await checkSecondFactor(db, row, input))) {
    throw wrongCode();
  }
  await forgetTwoFactor(db, user.id, now);
  return { done: true as const };
};

/** Drops the factor, passkeys, remembered devices and challenges; answers what there was. */
export const forgetTwoFactor = async (db: Database, userId: bigint, now = new Date()) => {
  const wasEnabled = await deleteTwoFactor(db, userId);
  const [devicesForgotten] = await Promise.all([
    revokeAllTrustedDevices(db, userId, now),
    deleteChallenges(db, userId),
    deleteAllPasskeys(db, userId),
  ]);
  return { was_enabled: wasEnabled, devices_forgotten: devicesForgotten };
};

/** `DELETE /user/2fa/devices/{id}`: forgets a remembered device (404 when not the customer's). */
export const forgetDevice = async (db: Database, user: UserRow, id: string, now = new Date()) => {
  if (!/^\d{1,18}$/.test(id) || !(await revokeTrustedDevice(db, user.id, BigInt(id), now))) {
    throw new AppError('ERR_NOT_FOUND', { message: 'No such device' });
  }
  return { done: true as const };
};

/** Whether this browser's device token is a live remembered device of the customer (and notes its use). */
export const isTrustedDevice = async (
  db: Database,
  userId: bigint,
  deviceToken: string | undefined,
  now: Date,
) => {
  if (!deviceToken || deviceToken.length > 128) return false;
  const device = await findTrustedDevice(db, userId, deviceTokenHash(deviceToken), now);
  if (device) await touchTrustedDevice(db, device.id, now);
  return device !== null;
};

/**
 * Remembers this browser for the customer: answers the token for its cookie. Beyond
 * `MAX_TRUSTED_DEVICES` the least recently used is forgotten.
 */
export const rememberDevice = async (
  db: Database,
  userId: bigint,
  client: { ip: string; userAgent: string | undefined },
  now = new Date(),
) => {
  const token = randomToken(32);
  await insertTrustedDevice(db, {
    userId,
    tokenHash: deviceTokenHash(token),
    label: (client.userAgent ?? '').replace(/\p{Cc}/gu, '').slice(0, 200) || 'Unknown browser',
    clientIp: client.ip,
    createdAt: now,
    lastUsedAt: now,
    expiresAt: new Date(now.getTime() + TWO_FACTOR_RULES.TRUSTED_DEVICE_TTL_MS),
  });
  await revokeDevicesBeyond(db, userId, TWO_FACTOR_RULES.MAX_TRUSTED_DEVICES, now);
  return token;
};
