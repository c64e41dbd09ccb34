import { describe, expect, it } from 'vitest';
import { createOAuthRequestSecrets } from './oauth-client';
import { createOAuthClients } from './oauth-clients';

describe('createOAuthClients', () => {
  it('creates a client for each configured provider only', () => {
    expect(createOAuthClients({ google: undefined, github: undefined })).toEqual({});

    const clients = createOAuthClients({
      google: { clientId: 'g', clientSecret: 'gs', issuer: 'https://accounts.google.com' },
      github: {
        clientId: 'h',
        clientSecret: 'hs',
        oauthUrl: 'https://github.com',
        apiUrl: 'https://api.github.com',
      },
    });
    expect(clients.google?.provider).toBe('google');
    expect(clients.github?.provider).toBe('github');
    expect(
      createOAuthClients({ google: undefined, github: clients.github && undefined }).github,
    ).toBeUndefined();
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
