import { createHash } from 'node:crypto';
import type { Config } from '../../config';
import { type OAuthClient, OAuthError, type OAuthIdentity } from './oauth-client';

type GithubConfig = NonNullable<Config['oauth']['github']>;

const SCOPE = 'read:user user:email';
const TIMEOUT_MS = 10_000;

/** Sign-in with GitHub (OAuth app with PKCE): token from `{oauthUrl}`, profile and emails from `{apiUrl}`. */
export const createGithubClient = (config: GithubConfig): OAuthClient => ({
  provider: 'github',
  authorizationUrl: async (request) => {
    const url = new URL(`${config.oauthUrl}/login/oauth/authorize`);
    url.search = new URLSearchParams({
      client_id: config.clientId,
      redirect_uri: request.redirectUri,
      scope: SCOPE,
      state: request.state,
      code_challenge: pkceChallenge(request.codeVerifier),
      code_challenge_method: 'S256',
    }).toString();
    return url.href;
  },
  exchange: async (request) => {
    const accessToken = await requestAccessToken(
      config,
      request.code,
      request.codeVerifier,
      request.redirectUri,
    );
    const [user, emails] = await Promise.all([
      getJson(`${config.apiUrl}/user`, accessToken),
      getJson(`${config.apiUrl}/user/emails`, accessToken),
    ]);
    return toIdentity(user, emails);
  },
});

const pkceChallenge = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

const requestAccessToken = async (
  config: GithubConfig,
  code: string,
  codeVerifier: string,
  redirectUri: string,
): Promise<string> => {
  const response = await fetch(`${config.oauthUrl}/login/oauth/access_token`, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: config.clientId,
      client_secret: config.clientSecret,
      code,
      redirect_uri: redirectUri,
      code_verifier: codeVerifier,
    }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  }).catch(unreachable);
  const body = await readJson(response);
  // GitHub answers refusals with 200 and an `error` field.
  if (!response.ok || typeof body.error === 'string') {
    const reason = typeof body.error === 'string' ? body.error : `HTTP ${response.status}`;
    throw new OAuthError('github', `the code was refused (${reason})`);
  }
  if (typeof body.access_token !== 'string' || body.access_token === '') {
    throw new OAuthError('github', 'no access token was issued');
  }
  return body.access_token;
};

const getJson = async (url: string, accessToken: string): Promise<unknown> => {
  const response = await fetch(url, {
    headers: {
      accept: 'application/vnd.github+json',
      authorization: `Bearer ${accessToken}`,
      'user-agent': 'ptc-proxy-console',
      'x-github-api-version': '2022-11-28',
    },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  }).catch(unreachable);
  if (!response.ok) {
    await response.body?.cancel();
    throw new OAuthError('github', `${new URL(url).pathname} answered HTTP ${response.status}`);
  }
  return response.json().catch((error: unknown) => {
    throw new OAuthError('github', `${new URL(url).pathname} is not JSON`, { cause: error });
  });
};

const readJson = async (response: Response): Promise<Record<string, unknown>> => {
  const body: unknown = await response.json().catch(() => null);
  return body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
};

const unreachable = (error: unknown): never => {
  throw new OAuthError('github', 'GitHub could not be reached', { cause: error });
};

interface GithubEmail {
  email: string;
  primary: boolean;
  verified: boolean;
}

const isGithubEmail = (value: unknown): value is GithubEmail =>
  value !== null &&
  typeof value === 'object' &&
  typeof (value as GithubEmail).email === 'string' &&
  typeof (value as GithubEmail).primary === 'boolean' &&
  typeof (value as GithubEmail).verified === 'boolean';

const toIdentity = (user: unknown, emails: unknown): OAuthIdentity => {
  const profile = (user ?? {}) as { id?: unknown; login?: unknown; name?: unknown };
  if (typeof profile.id !== 'number' && typeof profile.id !== 'string') {
    throw new OAuthError('github', '/user has no id');
  }
  // Only the primary address, and only when GitHub has verified it, identifies the person.
  const primary = Array.isArray(emails)
    ? emails.filter(isGithubEmail).find((entry) => entry.primary && entry.verified)
    : undefined;
  const name =
    typeof profile.name === 'string' && profile.name !== ''
      ? profile.name
      : typeof profile.login === 'string'
        ? profile.login
        : null;
  return {
    provider: 'github',
    subject: String(profile.id),
    email: primary?.email ?? null,
    emailVerified: primary !== undefined,
    name,
  };
};
