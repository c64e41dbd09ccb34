import { connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKS_REPLY } from '../refusals';
import { curl } from '../testing/curl';
import { makeCredential } from '../testing/factories';
import { socksExchange } from '../testing/socks-client';
import { startEchoTarget, startHttpTarget } from '../testing/targets';
import { startTestGateway, type TestGateway } from '../testing/test-gateway';
import { encodeSocksAddress, SOCKS } from './socks5-protocol';

const user = makeCredential({ protocol: 'socks5' });
const switchedOff = makeCredential({ protocol: 'socks5', admission: { ok: false, reason: 'off' } });
const expired = makeCredential({ protocol: 'socks5', admission: { ok: false, reason: 'expired' } });

let gw: TestGateway;
let target: Awaited<ReturnType<typeof startHttpTarget>>;
let target6: Awaited<ReturnType<typeof startHttpTarget>>;
let echo: Awaited<ReturnType<typeof startEchoTarget>>;

beforeAll(async () => {
  [gw, target, target6, echo] = await Promise.all([
    startTestGateway({ credentials: [user, switchedOff, expired] }),
    startHttpTarget(),
    startHttpTarget('::1'),
    startEchoTarget(),
  ]);
});

afterAll(async () => {
  await Promise.all([gw.close(), target.close(), target6.close(), echo.close()]);
});

const viaSocks = (
  credential: { username: string; password: string },
  url: string,
  flag = '--socks5-hostname',
) =>
  curl([flag, `127.0.0.1:${gw.port}`, '--proxy-user', `${credential.username}:${credential.password}`, url]);

describe('SOCKS5', () => {
  it('connects by domain name (curl --socks5-hostname)', async () => {
    const result = await viaSocks(user, `http://localhost:${target.port}/hello`);
    expect(result).toMatchObject({ exitCode: 0, status: 200, body: 'hello' });
  });

  it('connects by IPv4 and IPv6 address (curl --socks5)', async () => {
    const v4 = await viaSocks(user, `http://127.0.0.1:${target.port}/hello`, '--socks5');
    expect(v4).toMatchObject({ status: 200, body: 'hello' });
    const v6 = await viaSocks(user, `http://[::1]:${target6.port}/hello`, '--socks5');
    expect(v6).toMatchObject({ status: 200, body: 'hello' });
  });

  it('fails authentication with a wrong password or a bad username parameter', async () => {
    const wrong = await socksExchange(gw.port, { username: user.username, password: 'nope' });
    expect(wrong).toMatchObject({ method: 0x02, authStatus: 0x01, reply: null });
    const badParam = await socksExchange(gw.port, {
      username: `${user.username}-colour-red`,
      password: user.password,
    });
    expect(badParam.authStatus).toBe(0x01);
    const viaCurl = await viaSocks(
      { username: user.username, password: 'nope' },
      `http://localhost:${target.port}/`,
    );
    expect(viaCurl.exitCode).not.toBe(0);
  });

  it('answers "not allowed by ruleset" for switched-off and expired proxies', async () => {
    for (const credential of [switchedOff, expired]) {
      const exchange = await socksExchange(gw.port, {
        username: credential.username,
        password: credential.password,
        port: target.port,
      });
      expect(exchange).toMatchObject({ authStatus: 0, reply: SOCKS_REPLY.notAllowed });
    }
  });

  it('refuses BIND and UDP ASSOCIATE with "command not supported"', async () => {
    for (const command of [0x02, 0x03]) {
      const exchange = await socksExchange(gw.port, { ...user, command, port: target.port });
      expect(exchange.reply).toBe(SOCKS_REPLY.commandNotSupported);
    }
  });

  it('refuses clients offering only "no authentication" with 0xFF', async () => {
    const exchange = await socksExchange(gw.port, { methods: [0x00] });
    expect(exchange.method).toBe(0xff);
  });

  it('refuses an unknown address type with 0x08', async () => {
    const exchange = await socksExchange(gw.port, {
      ...user,
      address: Buffer.from([0x09, 1, 2, 3, 4, 0, 80]),
    });
    expect(exchange.reply).toBe(SOCKS_REPLY.addressTypeNotSupported);
  });

  it('reads its messages however they are split or batched', async () => {
    const userBytes = Buffer.from(user.username);
    const passBytes = Buffer.from(user.password);
    const handshake = Buffer.concat([
      Buffer.from([SOCKS.version, 2, SOCKS.method.none, SOCKS.method.password]),
      Buffer.from([SOCKS.authVersion, userBytes.length]),
      userBytes,
      Buffer.from([passBytes.length]),
      passBytes,
      Buffer.from([SOCKS.version, SOCKS.command.connect, 0]),
      encodeSocksAddress('127.0.0.1', echo.port),
    ]);
    // Method, authentication status, success reply; then the echo of the tunnel's bytes (echoed
    // chunk by chunk: 'echo:' before each).
    const replies = Buffer.from([5, 2, 1, 0, 5, 0, 0, 1, 0, 0, 0, 0, 0, 0]).toString('latin1');
    const exchange = async (send: (socket: Socket, bytes: Buffer) => Promise<void>) => {
      const socket = connect(gw.port, '127.0.0.1');
      socket.setNoDelay(true);
      const received: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => received.push(chunk));
      await new Promise((resolve) => socket.once('connect', resolve));
      await send(socket, Buffer.concat([handshake, Buffer.from('ping')]));
      const text = () => Buffer.concat(received).toString('latin1');
      await expect.poll(() => text().replaceAll('echo:', '').length).toBe(replies.length + 4);
      expect(text().startsWith(replies)).toBe(true);
      expect(text().slice(replies.length).replaceAll('echo:', '')).toBe('ping');
      socket.destroy();
    };
    // Everything at once, the tunnel's first bytes included.
    await exchange(async (socket, bytes) => {
      socket.write(bytes);
    });
    // One byte at a time.
    await exchange(async (socket, bytes) => {
      for (const byte of bytes) {
        socket.write(Buffer.from([byte]));
        await sleep(2);
      }
    });
  });

  it('carries bytes both ways once connected', async () => {
    const exchange = await socksExchange(gw.port, { ...user, port: echo.port });
    expect(exchange.reply).toBe(0);
    const { socket } = exchange;
    const received: Buffer[] = [exchange.rest];
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.resume();
    socket.write('ping');
    await expect.poll(() => Buffer.concat(received).toString()).toBe('echo:ping');
    socket.destroy();
  });
});
