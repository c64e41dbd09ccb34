import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeExit } from '../testing/factories';
import { startHttpTarget } from '../testing/targets';
import { startHttpUpstream, startSocksUpstream, type TestUpstream } from '../testing/upstream-proxies';
import { probeExit } from './exit-probe';

const TEMPLATES = {
  usernameTemplate: '{user}-country-{cc}-session-{sid}',
  passwordTemplate: 'pw',
  account: 'acct',
};

let target: Awaited<ReturnType<typeof startHttpTarget>>;
let httpUpstream: TestUpstream;
let socksUpstream: TestUpstream;

beforeAll(async () => {
  [target, httpUpstream, socksUpstream] = await Promise.all([
    startHttpTarget(),
    startHttpUpstream({ password: 'pw' }),
    startSocksUpstream({ password: 'pw' }),
  ]);
});

afterAll(async () => {
  await Promise.all([target.close(), httpUpstream.close(), socksUpstream.close()]);
});

const probeTarget = (path = '/bytes/10') => ({
  host: '127.0.0.1',
  port: target.port,
  addresses: ['127.0.0.1'],
  path,
});

describe('probeExit', () => {
  it('passes through a direct exit, with its latency', async () => {
    const result = await probeExit(makeExit({ kind: 'direct' }), probeTarget(), 2_000);
    expect(result).toMatchObject({ isOk: true, error: null });
    expect(result.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it.each([
    ['HTTP', () => httpUpstream, 'http' as const],
    ['SOCKS5', () => socksUpstream, 'socks5' as const],
  ])('passes through an upstream %s proxy with the templated credentials', async (_name, upstream, kind) => {
    const exit = makeExit({ kind, host: '127.0.0.1', port: upstream().port, country: 'DE', ...TEMPLATES });
    const result = await probeExit(exit, probeTarget(), 2_000);
    expect(result).toMatchObject({ isOk: true, error: null });
    expect(upstream().seen.at(-1)?.username).toMatch(/^acct-country-de-session-probe[0-9a-f]{12}$/);
  });

  it('fails with the reason when the upstream refuses the credentials', async () => {
    const exit = makeExit({
      kind: 'socks5',
      host: '127.0.0.1',
      port: socksUpstream.port,
      ...TEMPLATES,
      passwordTemplate: 'wrong',
    });
    const result = await probeExit(exit, probeTarget(), 2_000);
    expect(result.isOk).toBe(false);
    expect(result.error).toMatch(/auth|credential|refused/i);
  });

  it('fails when the upstream is gone, and when the target answers an error status', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as { port: number }).port;
    await new Promise((resolve) => closed.close(resolve));
    const gone = await probeExit(
      makeExit({ kind: 'http', host: '127.0.0.1', port, ...TEMPLATES }),
      probeTarget(),
      2_000,
    );
    expect(gone).toMatchObject({ isOk: false, latencyMs: null });
    expect(gone.error).toMatch(/ECONNREFUSED|unreachable/);
    const missing = await probeExit(makeExit({ kind: 'direct' }), probeTarget('/missing'), 2_000);
    expect(missing).toMatchObject({ isOk: false, error: 'the probe answered HTTP 404' });
  });

  it('fails within its time when nothing answers', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    const started = Date.now();
    const result = await probeExit(
      makeExit({ kind: 'direct' }),
      { host: '127.0.0.1', port, addresses: ['127.0.0.1'], path: '/' },
      300,
    );
    silent.close();
    expect(result.isOk).toBe(false);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
