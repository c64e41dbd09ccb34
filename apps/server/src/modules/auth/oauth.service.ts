import { randomBytes } from 'node:crypto';
import { AppError, type OAuthProvider, type PasswordSignInResponse } from '@ptc/contracts';
import type { OAuthClient } from '../../adapters/oauth/oauth-client';
import { finishFirstStep } from '../two-factor/two-factor-sign-in.service';
import { recordRegistrationAddress } from './account-addresses.repository';
import type { AuthDeps, ClientInfo } from './auth.deps';
import { findUserByEmail, findUserById, findUserByInviteCode } from './auth.repository';
import { findLinkedUserId, insertOAuthState, linkOAuthAccount, takeOAuthState } from './oauth.repository';
import { startSession } from './sessions.service';
import { createAccount } from './user-factory';

const STATE_TTL_MS = 10 * 60_000;

/** Where the provider sends the browser back: the console's login page. */
export const oauthRedirectUri = (publicUrl: string, provider: OAuthProvider) =>
  `${publicUrl}/login?oauth=${provider}`;

const clientFor = (deps: AuthDeps, provider: OAuthProvider): OAuthClient => {
  const client = deps.oauth[provider];
  if (!client) throw new AppError('ERR_NOT_FOUND', { message: `Sign-in with ${provider} is not enabled` });
  return client;
};

const secret = () => randomBytes(32).toString('base64url');

/**
 * `GET /user/oauth/{provider}/url`: starts an authorisation request (each is stored until it is
 * finished or lapses, so starts count against the client address's limit).
 */
export const startOAuth = async (
  deps: AuthDeps,
  caller: ClientInfo,
  provider: OAuthProvider,
  now = new Date(),
) => {
  const client = clientFor(deps, provider);
  await deps.limits.consume('OAUTH_STARTS_PER_IP', caller.ip);
  const request = {
    state: secret(),
    codeVerifier: secret(),
    nonce: secret(),
    redirectUri: oauthRedirectUri(deps.config.publicUrl, provider),
  };
  await insertOAuthState(
    deps.db,
    {
      state: request.state,
      provider,
      codeVerifier: request.codeVerifier,
      nonce: request.nonce,
      expiresAt: new Date(now.getTime() + STATE_TTL_MS),
    },
    now,
  );
  return { url: await client.authorizationUrl(request) };
};

/**
 * `POST /user/register/google` and `GET /user/register/github`: finishes the request, then
 * signs in the linked user, links a verified email's existing account, or creates one. A try
 * counts against the client address's sign-in limit, as password ones do; one the provider
 * confirmed is given back. The provider proves the first step only: an existing account with
 * two-factor sign-in on gets the same challenge on a new device as a password sign-in does.
 */
export const finishOAuth = async (
  deps: AuthDeps,
  caller: ClientInfo,
  provider: OAuthProvider,
  input: { code: string; state: string; iss?: string; ref?: string },
  now = new Date(),
  device: { deviceToken?: string | undefined } = {},
): Promise<PasswordSignInResponse> => {
  const client = clientFor(deps, provider);
  await deps.limits.consume('SIGN_IN_FAILURES_PER_IP', caller.ip);
  const pending = await takeOAuthState(deps.db, provider, input.state, now);
  if (!pending)
    throw new AppError('ERR_TOKEN_ERROR', { message: 'Identity authentication failed: sign-in expired' });
  const identity = await client
    .exchange({
      code: input.code,
      ...(input.iss ? { iss: input.iss } : {}),
      state: pending.state,
      codeVerifier: pending.codeVerifier,
      nonce: pending.nonce ?? '',
      redirectUri: oauthRedirectUri(deps.config.publicUrl, provider),
    })
    .catch((error: unknown) => {
      throw new AppError('ERR_TOKEN_ERROR', { message: 'Identity authentication failed', cause: error });
    });
  await deps.limits.reward('SIGN_IN_FAILURES_PER_IP', caller.ip);

  const linkedId = await findLinkedUserId(deps.db, provider, identity.subject);
  const linked = linkedId ? await findUserById(deps.db, linkedId) : null;
  if (linked) return finishFirstStep(deps.db, linked, provider, device, now);

  const email = identity.email && identity.emailVerified ? identity.email : null;
  const existing = email ? await findUserByEmail(deps.db, email) : null;
  if (existing) {
    await linkOAuthAccount(deps.db, existing.id, provider, identity.subject);
    return finishFirstStep(deps.db, existing, provider, device, now);
  }
  const referrer = input.ref ? await findUserByInviteCode(deps.db, input.ref) : null;
  const user = await createAccount(
    deps.db,
    { email, referrerCode: referrer?.inviteCode ?? null },
    identity.name ?? email ?? provider,
  );
  await linkOAuthAccount(deps.db, user.id, provider, identity.subject);
  await recordRegistrationAddress(deps.db, user, caller.ip);
  return { token: await startSession(deps.db, user.id, provider), is_new: true };
};
