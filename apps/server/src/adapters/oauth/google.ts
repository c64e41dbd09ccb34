import { timingSafeEqual } from 'node:crypto';
import {
  allowInsecureRequests,
  buildAuthorizationUrl,
  ClientSecretPost,
  type Configuration,
  calculatePKCECodeChallenge,
  discovery,
  enableNonRepudiationChecks,
  fetchUserInfo,
  genericGrantRequest,
} from 'openid-client';
import type { Config } from '../../config';
import { type OAuthClient, OAuthError, type OAuthIdentity } from './oauth-client';

type GoogleConfig = NonNullable<Config['oauth']['google']>;

const SCOPE = 'openid email profile';
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Sign-in with Google (or any OpenID Connect issuer) through openid-client; discovery runs once, on first use. */
export const createGoogleClient = (config: GoogleConfig): OAuthClient => {
  let discovered: Promise<Configuration> | undefined;
  const configuration = () => {
    discovered ??= discover(config).catch((error: unknown) => {
      discovered = undefined; // The next request tries again.
      throw new OAuthError('google', 'issuer discovery failed', { cause: error });
    });
    return discovered;
  };

  return {
    provider: 'google',
    authorizationUrl: async (request) => {
      const [client, codeChallenge] = await Promise.all([
        configuration(),
        calculatePKCECodeChallenge(request.codeVerifier),
      ]);
      return buildAuthorizationUrl(client, {
        redirect_uri: request.redirectUri,
        scope: SCOPE,
        state: request.state,
        nonce: request.nonce,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      }).href;
    },
    exchange: async (request) => {
      const client = await configuration();
      const issuer = client.serverMetadata().issuer;
      if (request.iss !== undefined && request.iss !== issuer) {
        throw new OAuthError('google', 'the response names another issuer');
      }
      // A generic grant sends `redirect_uri` exactly as registered, query string included;
      // openid-client's authorizationCodeGrant would strip it. The ID token's issuer,
      // audience, authorized party and lifetime are still validated by openid-client.
      const tokens = await genericGrantRequest(client, 'authorization_code', {
        code: request.code,
        redirect_uri: request.redirectUri,
        code_verifier: request.codeVerifier,
      }).catch((error: unknown) => {
        throw new OAuthError('google', 'the code was refused', { cause: error });
      });
      const claims = tokens.claims();
      if (!claims) throw new OAuthError('google', 'no ID token was issued');
      if (typeof claims.nonce !== 'string' || !equalSecrets(claims.nonce, request.nonce)) {
        throw new OAuthError('google', 'the ID token nonce does not match');
      }
      // Issuers that keep profile claims out of the ID token serve them at userinfo.
      const profile =
        claims.email === undefined && client.serverMetadata().userinfo_endpoint
          ? await fetchUserInfo(client, tokens.access_token, claims.sub).catch((error: unknown) => {
              throw new OAuthError('google', 'userinfo failed', { cause: error });
            })
          : claims;
      return toIdentity(claims.sub, profile);
    },
  };
};

const discover = async (config: GoogleConfig): Promise<Configuration> => {
  const issuer = new URL(config.issuer);
  // Plain HTTP only for an issuer on this machine (tests, local development).
  const isLoopbackHttp = issuer.protocol === 'http:' && LOOPBACK_HOSTS.has(issuer.hostname);
  return discovery(
    issuer,
    config.clientId,
    { client_secret: config.clientSecret },
    ClientSecretPost(config.clientSecret),
    // The ID token's signature is checked against the issuer's JWKS too, not only TLS.
    {
      execute: isLoopbackHttp
        ? [allowInsecureRequests, enableNonRepudiationChecks]
        : [enableNonRepudiationChecks],
    },
  );
};

const toIdentity = (subject: string, profile: Record<string, unknown>): OAuthIdentity => {
  const email = typeof profile.email === 'string' && profile.email !== '' ? profile.email : null;
  return {
    provider: 'google',
    subject,
    email,
    // Some issuers send the flag as a string.
    emailVerified: email !== null && (profile.email_verified === true || profile.email_verified === 'true'),
    name: typeof profile.name === 'string' && profile.name !== '' ? profile.name : null,
  };
};

const equalSecrets = (a: string, b: string): boolean => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};
