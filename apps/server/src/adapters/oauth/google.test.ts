import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOidcProvider, type TestOidcProvider } from '../../test/oidc-provider';
import { createGoogleClient } from './google';
import { createOAuthRequestSecrets, type OAuthClient, type OAuthRequest } from './oauth-client';

// Like the console's callback, with a query string; nothing listens there.
const REDIRECT_URI = 'http://127.0.0.1:9/login?oauth=google';

describe('createGoogleClient against a real OpenID Connect provider', () => {
  let issuer: TestOidcProvider;
  let google: OAuthClient;
  beforeAll(async () => {
    issuer = await startOidcProvider({
      redirectUri: REDIRECT_URI,
      accounts: [
        { sub: '1001', email: 'alice@example.test', email_verified: true, name: 'Alice Example' },
        { sub: '1002', email: 'bob@example.test', email_verified: false, name: 'Bob Example' },
      ],
    });
    google = createGoogleClient({
      clientId: issuer.clientId,
      clientSecret: issuer.clientSecret,
      issuer: issuer.issuer,
    });
  });
  afterAll(() => issuer.close());

  const newRequest = (): OAuthRequest => ({ ...createOAuthRequestSecrets(), redirectUri: REDIRECT_URI });

  /** Starts a request and completes the provider's login and consent as `login`. */
  const signIn = async (login = '1001') => {
    const request = newRequest();
    const response = await issuer.authorize(await google.authorizationUrl(request), { login });
    expect(response.error).toBeNull();
    return { request, code: response.code ?? '', response };
  };

  it('builds an authorization URL with PKCE S256, state, nonce and the OIDC scopes', async () => {
    const request = newRequest();
    const url = new URL(await google.authorizationUrl(request));

    expect(url.origin).toBe(issuer.issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: issuer.clientId,
      response_type: 'code',
      redirect_uri: REDIRECT_URI,
      scope: 'openid email profile',
      state: request.state,
      nonce: request.nonce,
      code_challenge_method: 'S256',
    });
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
  });

  it('yields the signed-in identity from the ID token', async () => {
    const { request, code, response } = await signIn('1001');
    expect(response.state).toBe(request.state);

    const identity = await google.exchange({ ...request, code, iss: response.iss ?? undefined });

    expect(identity).toEqual({
      provider: 'google',
      subject: '1001',
      email: 'alice@example.test',
      emailVerified: true,
      name: 'Alice Example',
    });
  });

  it('reports an email the provider has not verified as unverified', async () => {
    const { request, code } = await signIn('1002');

    expect(await google.exchange({ ...request, code })).toMatchObject({
      subject: '1002',
      email: 'bob@example.test',
      emailVerified: false,
    });
  });

  it('refuses an ID token whose nonce is not the request’s', async () => {
    const { request, code } = await signIn();

    await expect(google.exchange({ ...request, code, nonce: newRequest().nonce })).rejects.toThrow(/nonce/);
  });

  it('refuses a code presented with the secrets of another request (state mismatch)', async () => {
    const { code } = await signIn();

    await expect(google.exchange({ ...newRequest(), code })).rejects.toThrow(/code was refused/);
  });

  it('refuses a code presented with the wrong PKCE verifier', async () => {
    const { request, code } = await signIn();

    await expect(
      google.exchange({ ...request, code, codeVerifier: newRequest().codeVerifier }),
    ).rejects.toThrow(/code was refused/);
  });

  it('refuses a code used twice', async () => {
    const { request, code } = await signIn();
    await google.exchange({ ...request, code });

    await expect(google.exchange({ ...request, code })).rejects.toThrow(/code was refused/);
  });

  it('refuses a response that names another issuer', async () => {
    const { request, code } = await signIn();

    await expect(google.exchange({ ...request, code, iss: 'https://evil.example.test' })).rejects.toThrow(
      /another issuer/,
    );
  });
});

describe('createGoogleClient with an issuer that serves profile claims at userinfo', () => {
  let issuer: TestOidcProvider;
  beforeAll(async () => {
    issuer = await startOidcProvider({ redirectUri: REDIRECT_URI, claimsInIdToken: false });
  });
  afterAll(() => issuer.close());

  it('reads email and name from the userinfo endpoint', async () => {
    const google = createGoogleClient({
      clientId: issuer.clientId,
      clientSecret: issuer.clientSecret,
      issuer: issuer.issuer,
    });
    const request = { ...createOAuthRequestSecrets(), redirectUri: REDIRECT_URI };
    const response = await issuer.authorize(await google.authorizationUrl(request));

    expect(await google.exchange({ ...request, code: response.code ?? '' })).toEqual({
      provider: 'google',
      subject: '1001',
      email: 'alice@example.test',
      emailVerified: true,
      name: 'Alice Example',
    });
  });

  it('discovers the issuer once per client, on first use', async () => {
    const google = createGoogleClient({
      clientId: issuer.clientId,
      clientSecret: issuer.clientSecret,
      issuer: issuer.issuer,
    });
    const discoveries = () =>
      issuer.requests.filter((line) => line === 'GET /.well-known/openid-configuration').length;
    const before = discoveries();

    const request = { ...createOAuthRequestSecrets(), redirectUri: REDIRECT_URI };
    await Promise.all([google.authorizationUrl(request), google.authorizationUrl(request)]);
    const response = await issuer.authorize(await google.authorizationUrl(request));
    await google.exchange({ ...request, code: response.code ?? '' });

    expect(discoveries() - before).toBe(1);
  });

  it('fails with a discovery error while the issuer is unreachable', async () => {
    const down = createGoogleClient({ clientId: 'x', clientSecret: 'y', issuer: 'http://127.0.0.1:9' });
    const request = { ...createOAuthRequestSecrets(), redirectUri: REDIRECT_URI };

    await expect(down.authorizationUrl(request)).rejects.toThrow(/discovery failed/);
    await expect(down.authorizationUrl(request)).rejects.toThrow(/discovery failed/);
  });

  it('refuses an insecure issuer that is not on this machine', async () => {
    const remote = createGoogleClient({
      clientId: 'x',
      clientSecret: 'y',
      issuer: 'http://accounts.invalid',
    });
    const request = { ...createOAuthRequestSecrets(), redirectUri: REDIRECT_URI };

    const error = await remote.authorizationUrl(request).catch((reason: Error) => reason);
    expect(error).toBeInstanceOf(Error);
    expect(String((error as Error & { cause?: Error }).cause?.message)).toMatch(/only requests to HTTPS/);
  });
});
