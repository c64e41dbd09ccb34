import { describe, expect, it } from 'vitest';
import { ProxyAuthenticator } from './auth';

const GATEWAY = { host: 'gw.example.com', port: 8000 };
const challenge = (requestId: string, overrides: Partial<{ isProxy: boolean; port: number }> = {}) => ({
  requestId,
  url: 'http://target.example/ip',
  isProxy: overrides.isProxy ?? true,
  challenger: { host: GATEWAY.host, port: overrides.port ?? GATEWAY.port },
});

describe('answering proxy authentication', () => {
  const authenticator = () =>
    new ProxyAuthenticator(async () => ({ ...GATEWAY, username: 'u1', password: 'p1' }));

  it("answers the gateway's challenge with the proxy's credentials", async () => {
    expect(await authenticator().answer(challenge('1'))).toEqual({
      authCredentials: { username: 'u1', password: 'p1' },
    });
  });

  it('answers a request once and cancels a second challenge, noting the refusal', async () => {
    const refused: string[] = [];
    const auth = new ProxyAuthenticator(
      async () => ({ ...GATEWAY, username: 'u1', password: 'p1' }),
      (url) => refused.push(url),
    );
    await auth.answer(challenge('7'));
    expect(await auth.answer(challenge('7'))).toEqual({ cancel: true });
    expect(auth.refusedUrls.has('http://target.example/ip')).toBe(true);
    expect(refused).toEqual(['http://target.example/ip']);
    expect(await auth.answer(challenge('8'))).toEqual({
      authCredentials: { username: 'u1', password: 'p1' },
    });
  });

  it("leaves a site's own login and other proxies to the browser", async () => {
    expect(await authenticator().answer(challenge('1', { isProxy: false }))).toEqual({});
    expect(await authenticator().answer(challenge('1', { port: 9 }))).toEqual({});
    expect(await new ProxyAuthenticator(async () => null).answer(challenge('1'))).toEqual({});
  });
});
