import { createHash, randomBytes } from 'node:crypto';
import { type AddressInfo, connect, createServer, type Server, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { spliceRelay } from '@ptc/relay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The relay addon alone (packages/relay), on real loopback sockets: the client and target sides
// the relay joins are accepted sockets Node.js never reads (`pauseOnConnect`); their peers are
// ordinary sockets standing for the proxy's client and the target.

const relay = spliceRelay;

/** The addon, inside the tests that run only where it loaded. */
const addon = () => {
  if (!relay) throw new Error('the relay addon is not loaded');
  return relay;
};

it('is built and loaded on Linux (CI fails when npm ci did not compile it)', () => {
  if (process.platform !== 'linux') return;
  if (!process.env.CI && !relay) return;
  expect(relay?.supported).toBe(true);
});

let server: Server;
const accepted: ((socket: Socket) => void)[] = [];

beforeAll(async () => {
  server = createServer({ pauseOnConnect: true, allowHalfOpen: true }, (socket) =>
    accepted.shift()?.(socket),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

/** A connected pair: `peer` (an ordinary socket) and `side` (accepted, never read by Node.js). */
const pair = async (): Promise<{ peer: Socket; side: Socket }> => {
  const side = new Promise<Socket>((resolve) => accepted.push(resolve));
  const peer = connect({
    port: (server.address() as AddressInfo).port,
    host: '127.0.0.1',
    allowHalfOpen: true,
  });
  await new Promise((resolve) => peer.once('connect', resolve));
  return { peer, side: await side };
};

const fd = (socket: Socket): number => (socket as unknown as { _handle: { fd: number } })._handle.fd;

/** Everything a socket receives until its peer ends, and whether it ended cleanly. */
const collect = (socket: Socket) => {
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  return {
    chunks,
    ended: new Promise<Buffer>((resolve, reject) => {
      socket.once('end', () => resolve(Buffer.concat(chunks)));
      socket.once('error', reject);
    }),
  };
};

const digest = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A client pair and a target pair joined by a relay. */
const tunnel = async () => {
  const client = await pair();
  const target = await pair();
  let ended: (hadError: boolean) => void = () => {};
  const end = new Promise<boolean>((resolve) => {
    ended = resolve;
  });
  const stats = addon().relay(fd(client.side), fd(target.side), (hadError) => ended(hadError));
  const close = () => {
    client.side.destroy();
    target.side.destroy();
    client.peer.destroy();
    target.peer.destroy();
  };
  return { client, target, stats, end, close };
};

describe.skipIf(!relay)('splice relay', () => {
  it('carries 10 MB each way at once, byte for byte, and counts the target side', async () => {
    const { client, target, stats, end, close } = await tunnel();
    const up = randomBytes(10 * 1024 * 1024);
    const down = randomBytes(10 * 1024 * 1024);
    const atTarget = collect(target.peer);
    const atClient = collect(client.peer);
    client.peer.end(up);
    target.peer.end(down);
    const [receivedUp, receivedDown, hadError] = await Promise.all([atTarget.ended, atClient.ended, end]);
    expect(digest(receivedUp)).toBe(digest(up));
    expect(digest(receivedDown)).toBe(digest(down));
    expect(hadError).toBe(false);
    // [0]: read from the target (towards the client), [1]: written to the target.
    expect(stats[0]).toBe(down.length);
    expect(stats[1]).toBe(up.length);
    close();
  });

  it('passes a half-close on and ends only when both directions did', async () => {
    const { client, target, end, close } = await tunnel();
    let isOver = false;
    void end.then(() => {
      isOver = true;
    });
    const atTarget = collect(target.peer);
    const atClient = collect(client.peer);
    client.peer.end('request');
    expect((await atTarget.ended).toString()).toBe('request');
    // The client finished sending; the target still answers, at length, after the client's FIN.
    await sleep(50);
    expect(isOver).toBe(false);
    const answer = randomBytes(3 * 1024 * 1024);
    target.peer.write(answer);
    await sleep(20);
    target.peer.end();
    expect(digest(await atClient.ended)).toBe(digest(answer));
    expect(await end).toBe(false);
    close();
  });

  it('ends with an error when a side is reset', async () => {
    const { client, target, end, close } = await tunnel();
    const atClient = collect(client.peer);
    client.peer.on('error', () => {});
    target.peer.write('before the reset');
    await expect.poll(() => Buffer.concat(atClient.chunks).toString()).toBe('before the reset');
    target.peer.resetAndDestroy();
    expect(await end).toBe(true);
    close();
  });

  it('stops reading the target while the client does not read (the kernel holds the rest)', async () => {
    const { client, target, stats, close } = await tunnel();
    client.peer.pause();
    const total = 32 * 1024 * 1024;
    const body = randomBytes(total);
    target.peer.write(body);
    // Socket buffers on both sides fill up, then the relay waits (its count stops moving), far
    // from having taken all of it.
    let heldBack = -1;
    for (let tries = 0; tries < 50 && heldBack !== stats[0]; tries += 1) {
      heldBack = stats[0] ?? 0;
      await sleep(200);
    }
    expect(stats[0]).toBe(heldBack);
    expect(heldBack).toBeGreaterThan(0);
    expect(heldBack).toBeLessThan(total);
    const atClient = collect(client.peer);
    client.peer.resume();
    target.peer.end();
    expect(digest(await atClient.ended)).toBe(digest(body));
    close();
  });

  it('stops at once on abort: both connections close, the end callback never runs', async () => {
    const { client, target, stats, end, close } = await tunnel();
    let isEnded = false;
    void end.then(() => {
      isEnded = true;
    });
    const atClient = collect(client.peer);
    const atTarget = collect(target.peer);
    client.peer.on('error', () => {});
    target.peer.on('error', () => {});
    addon().abort(stats);
    // The relay held the only other descriptors: once Node.js closes its own, the peers see the end.
    client.side.destroy();
    target.side.destroy();
    await Promise.all([atClient.ended, atTarget.ended]);
    addon().abort(stats);
    await sleep(20);
    expect(isEnded).toBe(false);
    close();
  });

  it('keeps a loop time of the last byte moved, and reuses its pipes', async () => {
    const before = addon().configure().createdPipes;
    for (let round = 0; round < 20; round += 1) {
      const { client, target, stats, end, close } = await tunnel();
      const startedAt = stats[2] ?? 0;
      await sleep(5);
      const atClient = collect(client.peer);
      target.peer.end('x'.repeat(1000));
      client.peer.end();
      await atClient.ended;
      expect(await end).toBe(false);
      expect(stats[2]).toBeGreaterThanOrEqual(startedAt + 5);
      expect(stats[2]).toBeLessThanOrEqual(addon().now());
      close();
    }
    // One tunnel at a time: its pipes come from (and go back to) the pool.
    expect(addon().configure().createdPipes - before).toBeLessThanOrEqual(2);
    expect(addon().configure().pooledPipes).toBeGreaterThan(0);
  });

  it('runs on when JavaScript drops its counters (until its connections end)', async () => {
    const { client, target, end, close } = await tunnel();
    setFlagsFromString('--expose-gc');
    const collectGarbage = runInNewContext('gc') as () => void;
    collectGarbage();
    await sleep(10);
    collectGarbage();
    const atClient = collect(client.peer);
    target.peer.end('still relayed');
    client.peer.end();
    expect((await atClient.ended).toString()).toBe('still relayed');
    expect(await end).toBe(false);
    close();
  });

  it('refuses what is not its own', () => {
    expect(() => addon().abort(new Float64Array(3))).toThrow(/expects the array/);
    expect(() => addon().relay(-1, 3, () => {})).toThrow(/two descriptors/);
    expect(() => addon().configure({ budget: -1 })).toThrow(/non-negative/);
  });
});
