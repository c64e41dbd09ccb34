import { AppError, MAX_PASSKEYS } from '@ptc/contracts';
import { type Database, isUniqueViolation } from '@ptc/db';
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { UserRow } from '../auth/auth.repository';
import {
  countPasskeys,
  deletePasskey,
  findPasskey,
  insertPasskey,
  listPasskeys,
  type PasskeyRow,
  storeRegistrationChallenge,
  takeRegistrationChallenge,
  touchPasskey,
} from './passkeys.repository';

/**
 * The relying party of the console: its origin and host name come from `PUBLIC_URL`, so passkeys
 * work where customers reach the console at that address (a host name, `localhost` included; an
 * IP address is no valid WebAuthn RP ID).
 */
export const relyingParty = (publicUrl: string) => {
  const url = new URL(publicUrl);
  return { rpID: url.hostname, origin: url.origin, rpName: 'PTC Proxy Console' };
};

const unverified = () =>
  new AppError('ERR_TOKEN_ERROR', {
    message: 'Identity authentication failed: the passkey was not accepted',
  });

const transportsOf = (row: PasskeyRow) => row.transports as AuthenticatorTransport[];

/** The customer's passkeys as the user center lists them. */
export const presentPasskeys = async (db: Database, userId: bigint) =>
  (await listPasskeys(db, userId)).map((row) => ({
    id: row.id.toString(),
    name: row.name,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  }));

/**
 * `POST /user/2fa/passkeys/options`: WebAuthn registration options (the customer's passkeys
 * excluded). Passkeys come on top of the authenticator app: 1001 while two-step verification is
 * off; 1002 beyond {@link MAX_PASSKEYS}.
 */
export const startPasskeyRegistration = async (db: Database, publicUrl: string, user: UserRow) => {
  if ((await countPasskeys(db, user.id)) >= MAX_PASSKEYS) {
    throw new AppError('ERR_ARGUMENT_TYPE', { message: `At most ${MAX_PASSKEYS} passkeys` });
  }
  const rp = relyingParty(publicUrl);
  const existing = await listPasskeys(db, user.id);
  const options = await generateRegistrationOptions({
    rpName: rp.rpName,
    rpID: rp.rpID,
    userName: user.email ?? user.username,
    userID: new TextEncoder().encode(user.uid),
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: transportsOf(row) })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  if (!(await storeRegistrationChallenge(db, user.id, options.challenge))) {
    throw new AppError('ERR_ARGUMENT_MISSING', {
      message: 'Turn on two-step verification with an authenticator app first',
    });
  }
  return { options: options as unknown as Record<string, unknown> };
};

/**
 * `POST /user/2fa/passkeys`: verifies the authenticator's answer against the options' challenge
 * (used once), this console's origin and RP ID, and stores the passkey. 2004 when it does not verify.
 */
export const finishPasskeyRegistration = async (
  db: Database,
  publicUrl: string,
  user: UserRow,
  input: { name: string; response: unknown },
) => {
  const challenge = await takeRegistrationChallenge(db, user.id);
  if (!challenge) throw unverified();
  const rp = relyingParty(publicUrl);
  const verification = await verifyRegistrationResponse({
    response: input.response as RegistrationResponseJSON,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpID,
    requireUserVerification: false,
  }).catch(() => null);
  if (!verification?.verified) throw unverified();
  const { credential } = verification.registrationInfo;
  try {
    const row = await insertPasskey(db, {
      userId: user.id,
      credentialId: credential.id,
      publicKey: credential.publicKey,
      counter: credential.counter,
      transports: credential.transports ?? [],
      name: input.name,
    });
    return { id: row?.id.toString() ?? '' };
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('ERR_ARGUMENT_TYPE', { message: 'This passkey is registered already' });
    throw error;
  }
};

/** `DELETE /user/2fa/passkeys/{id}` (404 when not the customer's). */
export const removePasskey = async (db: Database, user: UserRow, id: string) => {
  if (!/^\d{1,18}$/.test(id) || !(await deletePasskey(db, user.id, BigInt(id)))) {
    throw new AppError('ERR_NOT_FOUND', { message: 'No such passkey' });
  }
  return { done: true as const };
};

/** WebAuthn options for a sign-in step: the customer's passkeys are allowed. */
export const passkeySignInOptions = async (db: Database, publicUrl: string, userId: bigint) => {
  const rows = await listPasskeys(db, userId);
  if (rows.length === 0) throw new AppError('ERR_ARGUMENT_MISSING', { message: 'No passkey is registered' });
  return generateAuthenticationOptions({
    rpID: relyingParty(publicUrl).rpID,
    allowCredentials: rows.map((row) => ({ id: row.credentialId, transports: transportsOf(row) })),
    userVerification: 'preferred',
  });
};

/**
 * Whether a passkey's answer proves the customer: one of their passkeys, signed over `challenge`
 * for this console's origin and RP ID; the counter is kept.
 */
export const checkPasskey = async (
  db: Database,
  publicUrl: string,
  userId: bigint,
  challenge: string | null,
  response: unknown,
  now = new Date(),
) => {
  if (!challenge) return false;
  const answer = response as AuthenticationResponseJSON;
  const row = await findPasskey(db, userId, answer.id);
  if (!row) return false;
  const rp = relyingParty(publicUrl);
  const verification = await verifyAuthenticationResponse({
    response: answer,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpID,
    credential: {
      id: row.credentialId,
      publicKey: new Uint8Array(row.publicKey),
      counter: row.counter,
      transports: transportsOf(row),
    },
    requireUserVerification: false,
  }).catch(() => null);
  if (!verification?.verified) return false;
  await touchPasskey(db, row.id, verification.authenticationInfo.newCounter, now);
  return true;
};
