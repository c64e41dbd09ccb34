import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeGithub, startFakeGithub } from '../../test/github-fake';
import { createGithubClient } from './github';
import { createOAuthRequestSecrets, type OAuthClient, type OAuthRequest } from './oauth-client';

// Like the console's callback, with a query string; nothing listens there.
const REDIRECT_URI = 'http://127.0.0.1:9/login?oauth=github';

describe('createGithubClient against a local GitHub', () => {
  let github: FakeGithub;
  let client: OAuthClient;
  beforeAll(async () => {
    github = await startFakeGithub({
      redirectUri: REDIRECT_URI,
      users: [
        {
          id: 583231,
          login: 'octocat',
          name: 'The Octocat',
          emails: [
            { email: 'octo@old.example.test', primary: false, verified: true },
            { email: 'octocat@example.test', primary: true, verified: true },
          ],
        },
        {
          id: 9001,
          login: 'newbie',
          name: null,
          emails: [{ email: 'newbie@example.test', primary: true, verified: false }],
        },
      ],
    });
    client = createGithubClient({
      clientId: github.clientId,
      clientSecret: github.clientSecret,
      oauthUrl: github.oauthUrl,
      apiUrl: github.apiUrl,
    });
  });
  afterAll(() => github.close());

  const newRequest = (): OAuthRequest => ({ ...createOAuthRequestSecrets(), redirectUri: REDIRECT_URI });

  const signIn = async (login = 'octocat') => {
    const request = newRequest();
    const redirect = await github.authorize(await client.authorizationUrl(request), { login });
    expect(redirect.state).toBe(request.state);
    return { request, code: redirect.code ?? '' };
  };

  it('builds the authorize URL with scope, state and a PKCE S256 challenge', async () => {
    const request = newRequest();
    const url = new URL(await client.authorizationUrl(request));

    expect(`${url.origin}${url.pathname}`).toBe(`${github.oauthUrl}/login/oauth/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: github.clientId,
      redirect_uri: REDIRECT_URI,
      scope: 'read:user user:email',
      state: request.state,
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      code_challenge_method: 'S256',
    });
  });

  it('yields the user with the primary verified email', async () => {
    const { request, code } = await signIn('octocat');

    expect(await client.exchange({ ...request, code })).toEqual({
      provider: 'github',
      subject: '583231',
      email: 'octocat@example.test',
      emailVerified: true,
      name: 'The Octocat',
    });
  });

  it('gives no email when the primary one is unverified, and falls back to the login as name', async () => {
    const { request, code } = await signIn('newbie');

    expect(await client.exchange({ ...request, code })).toEqual({
      provider: 'github',
      subject: '9001',
      email: null,
      emailVerified: false,
      name: 'newbie',
    });
  });

  it('refuses a code presented with the wrong PKCE verifier', async () => {
    const { request, code } = await signIn();
    const before = github.requests.length;

    await expect(
      client.exchange({ ...request, code, codeVerifier: newRequest().codeVerifier }),
    ).rejects.toThrow(/bad_verification_code/);
    // No user data is fetched without a token.
    expect(github.requests.slice(before)).toEqual(['POST /login/oauth/access_token']);
  });

  it('refuses a code used twice', async () => {
    const { request, code } = await signIn();
    await client.exchange({ ...request, code });

    await expect(client.exchange({ ...request, code })).rejects.toThrow(/bad_verification_code/);
  });

  it('refuses to exchange with a wrong client secret', async () => {
    const { request, code } = await signIn();
    const impostor = createGithubClient({
      clientId: github.clientId,
      clientSecret: 'not-the-secret',
      oauthUrl: github.oauthUrl,
      apiUrl: github.apiUrl,
    });

    const error = await impostor.exchange({ ...request, code }).catch((reason: Error) => reason);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/incorrect_client_credentials/);
    expect((error as Error).message).not.toContain('not-the-secret');
  });

  it('fails when GitHub cannot be reached', async () => {
    const offline = createGithubClient({
      clientId: github.clientId,
      clientSecret: github.clientSecret,
      oauthUrl: 'http://127.0.0.1:9',
      apiUrl: 'http://127.0.0.1:9',
    });

    await expect(offline.exchange({ ...newRequest(), code: 'abc' })).rejects.toThrow(/could not be reached/);
  });
});
