import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKS_REPLY } from '../refusals';
import { curl } from '../testing/curl';
import { makeCredential, makeExit } from '../testing/factories';
import { socksExchange } from '../testing/socks-client';
import { startHttpTarget } from '../testing/targets';
import { startTestGateway } from '../testing/test-gateway';
import { startHttpUpstream, startSocksUpstream, type TestUpstream } from '../testing/upstream-proxies';

const TEMPLATES = {
  usernameTemplate: '{user}-country-{cc}-session-{sid}',
  passwordTemplate: 'secret-{life}',
  account: 'acct',
};

let target: Awaited<ReturnType<typeof startHttpTarget>>;
let httpUpstream: TestUpstream;
let socksUpstream: TestUpstream;

beforeAll(async () => {
  [target, httpUpstream, socksUpstream] = await Promise.all([
    startHttpTarget(),
    startHttpUpstream({ password: 'secret-7' }),
    startSocksUpstream({ password: 'secret-7' }),
  ]);
});

afterAll(async () => {
  await Promise.all([target.close(), httpUpstream.close(), socksUpstream.close()]);
});

const url = (path: string) => `http://127.0.0.1:${target.port}${path}`;

describe.each([
  ['HTTP', () => httpUpstream, 'http' as const],
  ['SOCKS5', () => socksUpstream, 'socks5' as const],
])('through an upstream %s proxy', (_name, upstream, kind) => {
  const user = makeCredential({ area: { country: 'US' } });
  const socksUser = makeCredential({ area: { country: 'US' }, protocol: 'socks5' });
  const exit = () => makeExit({ kind, host: '127.0.0.1', port: upstream().port, ...TEMPLATES });

  it('presents the templated credentials and carries forward, CONNECT and SOCKS5 traffic', async () => {
    const gw = await startTestGateway({ credentials: [user, socksUser], exits: [exit()] });
    const username = `${user.username}-session-ab12-life-7`;
    const socksUsername = `${socksUser.username}-session-ab12-life-7`;
    const seenBefore = upstream().seen.length;
    const forward = await curl(['-x', gw.proxyUrl(user, username), url('/hello')]);
    const tunnel = await curl(['-p', '-x', gw.proxyUrl(user, username), url('/hello')]);
    const socks = await curl([
      '--socks5-hostname',
      `127.0.0.1:${gw.port}`,
      '--proxy-user',
      `${socksUsername}:${socksUser.password}`,
      url('/hello'),
    ]);
    expect([forward.body, tunnel.body, socks.body]).toEqual(['hello', 'hello', 'hello']);
    const seen = upstream().seen.slice(seenBefore);
    expect(seen).toHaveLength(3);
    for (const entry of seen) {
      expect(entry).toEqual({
        username: 'acct-country-us-session-ab12',
        password: 'secret-7',
        host: '127.0.0.1',
        port: target.port,
      });
    }
    await gw.close();
  });

  it('meters only the tunnelled bytes, not the handshake with the upstream', async () => {
    const gw = await startTestGateway({ credentials: [user], exits: [exit()] });
    const local = await startHttpTarget();
    const result = await curl([
      '-p',
      '-x',
      gw.proxyUrl(user, `${user.username}-life-7`),
      '--data-binary',
      'x'.repeat(50_000),
      `http://127.0.0.1:${local.port}/upload`,
    ]);
    expect(result.body).toBe('50000');
    await local.settled();
    await gw.close();
    expect(gw.sink.totals(user.proxyId)).toEqual({
      bytesUp: local.traffic.received,
      bytesDown: local.traffic.sent,
      connections: 1,
    });
    await local.close();
  });

  it('names the target by host name upstream when configured to', async () => {
    const gw = await startTestGateway({ credentials: [user], exits: [exit()], sendHostnamesUpstream: true });
    const seenBefore = upstream().seen.length;
    const result = await curl([
      '-p',
      '-x',
      gw.proxyUrl(user, `${user.username}-life-7`),
      `http://localhost:${target.port}/hello`,
    ]);
    expect(result.body).toBe('hello');
    expect(upstream().seen[seenBefore]?.host).toBe('localhost');
    await gw.close();
  });

  it('reports an exit whose upstream refuses its credentials and answers 4004 when none is left', async () => {
    const gw = await startTestGateway({ credentials: [user], exits: [exit()] });
    // life 3 → password "secret-3", which the upstream refuses.
    const result = await curl(['-i', '-x', gw.proxyUrl(user, `${user.username}-life-3`), url('/hello')]);
    expect(result.status).toBe(502);
    expect(result.body).toMatch(/X-PTC-Error: 4004/i);
    expect(gw.catalog.failures.map((failure) => failure.exitId)).toEqual([gw.catalog.exits[0]?.id]);
    await gw.close();
  });
});

describe('exit selection', () => {
  it('fails over from an unreachable upstream to the next exit, reporting the failure', async () => {
    const closed = await startHttpUpstream();
    const closedPort = closed.port;
    await closed.close();
    const broken = makeExit({ kind: 'http', host: '127.0.0.1', port: closedPort });
    const working = makeExit({ kind: 'http', host: '127.0.0.1', port: httpUpstream.port, ...TEMPLATES });
    const user = makeCredential();
    const gw = await startTestGateway({ credentials: [user], exits: [broken, working] });
    for (let session = 0; session < 8; session += 1) {
      const username = `${user.username}-session-s${session}-life-7`;
      const result = await curl(['-x', gw.proxyUrl(user, username), url('/hello')]);
      expect(result.body).toBe('hello');
    }
    const reported = new Set(gw.catalog.failures.map((failure) => failure.exitId));
    expect(reported).toEqual(new Set([broken.id]));
    await gw.close();
  });

  it('answers 4004 when no exit serves the area, over HTTP and SOCKS5', async () => {
    const user = makeCredential({ area: { country: 'DE' } });
    const socksUser = makeCredential({ area: { country: 'DE' }, protocol: 'socks5' });
    const gw = await startTestGateway({
      credentials: [user, socksUser],
      exits: [makeExit({ country: 'US' })],
    });
    const result = await curl(['-i', '-x', gw.proxyUrl(user), url('/hello')]);
    expect(result.status).toBe(502);
    expect(result.body).toMatch(/X-PTC-Error: 4004/i);
    expect(result.body).toContain('no proxy for this area');
    const exchange = await socksExchange(gw.port, { ...socksUser, port: target.port });
    expect(exchange.reply).toBe(SOCKS_REPLY.hostUnreachable);
    await gw.close();
  });

  it('narrows the purchased area by parameters but never leaves it', async () => {
    const user = makeCredential({ area: { country: 'US' } });
    const ny = makeExit({ country: 'US', state: 'ny', city: 'newyork' });
    const tx = makeExit({ country: 'US', state: 'tx', city: 'austin' });
    const gw = await startTestGateway({ credentials: [user], exits: [ny, tx] });
    const narrowed = await curl(['-x', gw.proxyUrl(user, `${user.username}-state-TX`), url('/hello')]);
    expect(narrowed.body).toBe('hello');
    expect(gw.catalog.lookups.at(-1)).toMatchObject({ country: 'US', state: 'tx' });
    const outside = await curl(['-x', gw.proxyUrl(user, `${user.username}-country-de`), url('/hello')]);
    expect(outside.status).toBe(407);
    expect(outside.body).toContain('outside');
    await gw.close();
  });
});
