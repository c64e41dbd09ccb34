import { describe, expect, it } from 'vitest';
import { createOAuthRequestSecrets } from './oauth-client';
import { createOAuthClients } from './oauth-clients';

const GOOGLE = { clientId: 'g', clientSecret: 'gs', issuer: 'https://accounts.google.com' };
const GITHUB = {
  clientId: 'h',
  clientSecret: 'hs',
  oauthUrl: 'https://github.example.test',
  apiUrl: 'https://api.github.example.test',
};

describe('createOAuthClients', () => {
  it('creates a client for each configured provider only', () => {
    expect(createOAuthClients({ google: undefined, github: undefined })).toEqual({});

    const both = createOAuthClients({ google: GOOGLE, github: GITHUB });
    expect(Object.keys(both).sort()).toEqual(['github', 'google']);
    expect(both.google?.provider).toBe('google');
    expect(both.github?.provider).toBe('github');

    const googleOnly = createOAuthClients({ google: GOOGLE, github: undefined });
    expect(Object.keys(googleOnly)).toEqual(['google']);
    expect(googleOnly.google?.provider).toBe('google');

    const githubOnly = createOAuthClients({ google: undefined, github: GITHUB });
    expect(Object.keys(githubOnly)).toEqual(['github']);
    expect(githubOnly.github?.provider).toBe('github');
  });

  it("builds each client from its own provider's configuration", async () => {
    const { github } = createOAuthClients({ google: GOOGLE, github: GITHUB });
    const url = new URL(
      (await github?.authorizationUrl({
        ...createOAuthRequestSecrets(),
        redirectUri: 'https://console.example.test/callback',
      })) ?? '',
    );
    expect(url.origin).toBe(GITHUB.oauthUrl);
    expect(url.searchParams.get('client_id')).toBe(GITHUB.clientId);
  });
});

describe('createOAuthRequestSecrets', () => {
  it('draws fresh, URL-safe secrets of at least 256 bits each time', () => {
    const first = createOAuthRequestSecrets();
    const second = createOAuthRequestSecrets();

    for (const value of [...Object.values(first), ...Object.values(second)]) {
      expect(value).toMatch(/^[\w-]{43,}$/);
    }
    expect(new Set([...Object.values(first), ...Object.values(second)]).size).toBe(6);
  });
});
