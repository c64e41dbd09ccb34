import { Agent, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { curl } from '../testing/curl';
import { makeCredential } from '../testing/factories';
import { startEchoTarget, startHttpTarget } from '../testing/targets';
import { startTestGateway, type TestGateway } from '../testing/test-gateway';

const user = makeCredential();
const switchedOff = makeCredential({ admission: { ok: false, reason: 'off' } });
const expired = makeCredential({ admission: { ok: false, reason: 'expired' } });

let gw: TestGateway;
let target: Awaited<ReturnType<typeof startHttpTarget>>;
let echo: Awaited<ReturnType<typeof startEchoTarget>>;

beforeAll(async () => {
  [gw, target, echo] = await Promise.all([
    startTestGateway({ credentials: [user, switchedOff, expired] }),
    startHttpTarget(),
    startEchoTarget(),
  ]);
});

afterAll(async () => {
  await Promise.all([gw.close(), target.close(), echo.close()]);
});

const url = (path: string) => `http://127.0.0.1:${target.port}${path}`;

describe('HTTP forward proxy', () => {
  it('forwards a request with valid credentials', async () => {
    const result = await curl(['-x', gw.proxyUrl(user), url('/hello')]);
    expect(result).toMatchObject({ exitCode: 0, status: 200, body: 'hello' });
  });

  it('answers 407 with a Basic challenge without or with wrong credentials', async () => {
    const missing = await curl(['-i', '-x', `http://127.0.0.1:${gw.port}`, url('/hello')]);
    expect(missing.status).toBe(407);
    expect(missing.body).toMatch(/Proxy-Authenticate: Basic realm="PTC"/i);
    const wrong = await curl(['-x', `http://${user.username}:nope@127.0.0.1:${gw.port}`, url('/hello')]);
    expect(wrong.status).toBe(407);
    expect(wrong.body).toContain('wrong username or password');
  });

  it('answers 403 naming why for switched-off and expired proxies', async () => {
    const off = await curl(['-i', '-x', gw.proxyUrl(switchedOff), url('/hello')]);
    expect(off.status).toBe(403);
    expect(off.body).toMatch(/X-PTC-Error: 4013/i);
    expect(off.body).toContain('off');
    const old = await curl(['-x', gw.proxyUrl(expired), url('/hello')]);
    expect(old.status).toBe(403);
    expect(old.body).toContain('expired');
  });

  it('removes hop-by-hop headers and Proxy-Authorization, and sets Host from the URI', async () => {
    const result = await curl([
      '-x',
      gw.proxyUrl(user),
      '-H',
      'Connection: keep-alive, X-Private',
      '-H',
      'X-Private: secret',
      '-H',
      'Keep-Alive: timeout=5',
      '-H',
      'TE: trailers',
      '-H',
      'Upgrade: h2c',
      '-H',
      'X-Kept: yes',
      '-H',
      'Host: evil.example',
      url('/echo?a=1'),
    ]);
    expect(result.status).toBe(200);
    const echoed = JSON.parse(result.body) as { url: string; rawHeaders: string[] };
    const names = echoed.rawHeaders.filter((_, i) => i % 2 === 0).map((name) => name.toLowerCase());
    expect(echoed.url).toBe('/echo?a=1');
    expect(names).toContain('x-kept');
    for (const removed of [
      'x-private',
      'keep-alive',
      'te',
      'upgrade',
      'proxy-authorization',
      'proxy-connection',
    ]) {
      expect(names).not.toContain(removed);
    }
    expect(echoed.rawHeaders[echoed.rawHeaders.indexOf('Host') + 1]).toBe(`127.0.0.1:${target.port}`);
  });

  it('keeps the client connection alive across requests', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const auth = `Basic ${Buffer.from(`${user.username}:${user.password}`).toString('base64')}`;
    const get = () =>
      new Promise<{ body: string; reused: boolean }>((resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port: gw.port,
            path: url('/hello'),
            agent,
            headers: { 'Proxy-Authorization': auth },
          },
          (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => {
              body += chunk;
            });
            res.on('end', () => resolve({ body, reused: req.reusedSocket }));
          },
        );
        req.on('error', reject);
        req.end();
      });
    const first = await get();
    const second = await get();
    const third = await get();
    agent.destroy();
    expect([first.body, second.body, third.body]).toEqual(['hello', 'hello', 'hello']);
    expect([second.reused, third.reused]).toEqual([true, true]);
  });

  it('forwards a chunked upload and a chunked download', async () => {
    const upload = await curl([
      '-x',
      gw.proxyUrl(user),
      '-H',
      'Transfer-Encoding: chunked',
      '--data-binary',
      'x'.repeat(100_000),
      url('/upload'),
    ]);
    expect(upload.body).toBe('100000');
    const download = await curl(['-x', gw.proxyUrl(user), url('/chunked/300000')]);
    expect(download.body.length).toBe(300_000);
  });

  it('refuses an origin-form request with 400', async () => {
    const result = await curl([`http://127.0.0.1:${gw.port}/hello`]);
    expect(result.status).toBe(400);
  });
});

describe('HTTP CONNECT', () => {
  it('tunnels to a target with valid credentials', async () => {
    const result = await curl(['-p', '-x', gw.proxyUrl(user), url('/hello')]);
    expect(result).toMatchObject({ exitCode: 0, connectStatus: 200, status: 200, body: 'hello' });
  });

  it('refuses wrong, switched-off and expired credentials', async () => {
    const wrong = await curl(['-p', '-x', `http://${user.username}:bad@127.0.0.1:${gw.port}`, url('/hello')]);
    expect(wrong.connectStatus).toBe(407);
    const off = await curl(['-p', '-x', gw.proxyUrl(switchedOff), url('/hello')]);
    expect(off.connectStatus).toBe(403);
    const old = await curl(['-p', '-x', gw.proxyUrl(expired), url('/hello')]);
    expect(old.connectStatus).toBe(403);
  });

  it('forwards bytes pipelined after the CONNECT head only once the tunnel is up', async () => {
    const auth = Buffer.from(`${user.username}:${user.password}`).toString('base64');
    const socket = connect(gw.port, '127.0.0.1');
    const received: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.write(
      `CONNECT 127.0.0.1:${echo.port} HTTP/1.1\r\nHost: 127.0.0.1:${echo.port}\r\n` +
        `Proxy-Authorization: Basic ${auth}\r\n\r\nearly-bytes`,
    );
    await expect.poll(() => Buffer.concat(received).toString()).toContain('echo:early-bytes');
    const text = Buffer.concat(received).toString();
    expect(text.startsWith('HTTP/1.1 200')).toBe(true);
    expect(text.indexOf('HTTP/1.1 200')).toBeLessThan(text.indexOf('echo:'));
    socket.destroy();
  });

  it('sends nothing to the target when the CONNECT is refused', async () => {
    const before = echo.received.length;
    const socket = connect(gw.port, '127.0.0.1');
    const received: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.write(`CONNECT 127.0.0.1:${echo.port} HTTP/1.1\r\nHost: x\r\n\r\nsecret`);
    await expect.poll(() => Buffer.concat(received).toString()).toContain('407');
    socket.destroy();
    expect(echo.received.length).toBe(before);
  });
});
