import { randomNonce, randomPKCECodeVerifier, randomState } from 'openid-client';

/** Sign-in providers with an adapter. */
export type OAuthProviderName = 'google' | 'github';

/** Who the provider says signed in. */
export interface OAuthIdentity {
  provider: OAuthProviderName;
  /** The provider's stable account id (OIDC `sub`, GitHub's numeric user id). */
  subject: string;
  email: string | null;
  /** The provider vouches that `email` belongs to this account. */
  emailVerified: boolean;
  name: string | null;
}

/** The secrets of one authorisation request, kept server-side between redirect and callback. */
export interface OAuthRequest {
  state: string;
  /** PKCE verifier; the authorisation URL carries its S256 challenge. */
  codeVerifier: string;
  /** OIDC nonce, echoed in the ID token (unused by plain OAuth providers). */
  nonce: string;
  /** Where the provider returns the browser; must be registered with the provider. */
  redirectUri: string;
}

/** What arrives at `redirectUri`, with the stored request it belongs to. */
export interface OAuthCallback extends OAuthRequest {
  /** The `code` query parameter. */
  code: string;
  /** The `iss` query parameter (RFC 9207) when the provider sent one; it must name the provider. */
  iss?: string;
}

/** One sign-in provider. */
export interface OAuthClient {
  readonly provider: OAuthProviderName;
  /** The provider's authorization URL for this request (PKCE S256, state, nonce for OIDC). */
  authorizationUrl(request: OAuthRequest): Promise<string>;
  /** Exchanges the code returned to `redirectUri`; verifies the ID token (issuer, audience, nonce) for OIDC. Throws on any failure. */
  exchange(request: OAuthCallback): Promise<OAuthIdentity>;
}

/** Raised by `exchange` for every refusal or malformed answer; `cause` holds the detail. */
export class OAuthError extends Error {
  constructor(
    readonly provider: OAuthProviderName,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`${provider} sign-in failed: ${message}`, options);
    this.name = 'OAuthError';
  }
}

/** Fresh random state, PKCE verifier and nonce for a new authorisation request. */
export const createOAuthRequestSecrets = (): Pick<OAuthRequest, 'state' | 'codeVerifier' | 'nonce'> => ({
  state: randomState(),
  codeVerifier: randomPKCECodeVerifier(),
  nonce: randomNonce(),
});
