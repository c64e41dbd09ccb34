import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKS_REPLY } from '../refusals';
import { curl } from '../testing/curl';
import { makeCredential } from '../testing/factories';
import { socksExchange } from '../testing/socks-client';
import { startHttpTarget } from '../testing/targets';
import { startTestGateway, type TestGateway } from '../testing/test-gateway';
import { resolveWithLookup } from './target-guard';

const user = makeCredential();
const names: Record<string, string[]> = {
  'loopback.example': ['127.0.0.1'],
  'metadata.example': ['169.254.169.254'],
  'mapped.example': ['::ffff:127.0.0.1'],
  'public.example': ['93.184.216.34'],
};

let gw: TestGateway;
let target: Awaited<ReturnType<typeof startHttpTarget>>;

beforeAll(async () => {
  [gw, target] = await Promise.all([
    startTestGateway({
      credentials: [user],
      // The SSRF guard at its production settings.
      allowPrivateTargets: [],
      resolve: async (name) => names[name] ?? resolveWithLookup(name),
    }),
    startHttpTarget(),
  ]);
});

afterAll(async () => {
  await Promise.all([gw.close(), target.close()]);
});

describe('SSRF guard in the gateway', () => {
  it.each([
    `127.0.0.1:${80}`,
    'loopback.example',
    'metadata.example',
    'mapped.example',
    '[::ffff:7f00:1]',
    '[::1]',
    '169.254.169.254',
    '10.0.0.1',
    '100.64.1.1',
    '[fd00::1]',
    '[fe80::1]',
  ])('refuses a forward request to %s with 403 and 4009', async (authority) => {
    const result = await curl(['-i', '-x', gw.proxyUrl(user), `http://${authority}/`]);
    expect(result.status).toBe(403);
    expect(result.body).toMatch(/X-PTC-Error: 4009/i);
  });

  it('refuses CONNECT to a local target that exists, and to localhost', async () => {
    const local = await curl(['-p', '-x', gw.proxyUrl(user), `http://127.0.0.1:${target.port}/hello`]);
    expect(local.connectStatus).toBe(403);
    const localhost = await curl(['-p', '-x', gw.proxyUrl(user), 'http://localhost:80/']);
    expect(localhost.connectStatus).toBe(403);
    expect(target.traffic.connections).toBe(0);
  });

  it('refuses SOCKS5 requests to forbidden ranges with "not allowed by ruleset"', async () => {
    for (const host of ['127.0.0.1', '::1', 'localhost', 'metadata.example']) {
      const exchange = await socksExchange(gw.port, { ...user, host, port: 80 });
      expect(exchange.reply).toBe(SOCKS_REPLY.notAllowed);
    }
  });

  it('refuses port 25 and, by default, port 22 of a public host', async () => {
    const smtp = await curl(['-p', '-x', gw.proxyUrl(user), 'http://public.example:25/']);
    expect(smtp.connectStatus).toBe(403);
    const ssh = await socksExchange(gw.port, { ...user, host: 'public.example', port: 22 });
    expect(ssh.reply).toBe(SOCKS_REPLY.notAllowed);
  });
});
