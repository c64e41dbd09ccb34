import { createHash, randomBytes } from 'node:crypto';
import { type AddressInfo, connect, createServer, type Server, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { type RelayStats, spliceRelay } from '@ptc/relay';
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

/** A client pair and a target pair joined by a relay (with `onLow` when given). */
const tunnel = async (onLow?: () => void) => {
  const client = await pair();
  const target = await pair();
  let ended: (hadError: boolean) => void = () => {};
  const end = new Promise<boolean>((resolve) => {
    ended = resolve;
  });
  const onEnd = (hadError: boolean) => ended(hadError);
  const stats = onLow
    ? addon().relay(fd(client.side), fd(target.side), onEnd, onLow)
    : addon().relay(fd(client.side), fd(target.side), onEnd);
  const close = () => {
    client.side.destroy();
    target.side.destroy();
    client.peer.destroy();
    target.peer.destroy();
  };
  return { client, target, stats, end, close };
};

/** Bytes the relay read from both sides: what its allowance (`stats[3]`) counts. */
const consumed = (stats: Float64Array) => (stats[0] ?? 0) + (stats[4] ?? 0);

/** Whether a promise settled, as of now. */
const settled = (promise: Promise<unknown>) => {
  let isSettled = false;
  void promise.then(() => {
    isSettled = true;
  });
  return () => isSettled;
};

const received = (chunks: Buffer[]) => Buffer.concat(chunks);

/** Waits long enough for the relay to move more, if it would. */
const settleDown = () => sleep(150);

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

  // Credit control: allowances of decimal megabytes, not multiples of the relay's step (256 KiB),
  // so that a relay reading whole steps would pass them (the cap is in the length each splice asks).

  it('reads no more than its allowance: 1 MB of 10 MB reaches the client, 2 MB more once raised and resumed', async () => {
    let lows = 0;
    const { client, target, stats, end, close } = await tunnel(() => {
      lows += 1;
    });
    expect(stats.length).toBe(6);
    expect(stats[3]).toBe(Number.POSITIVE_INFINITY);
    expect(stats[5]).toBe(Number.POSITIVE_INFINITY);
    stats[3] = 1_000_000;
    const isEnded = settled(end);
    const atClient = collect(client.peer);
    const body = randomBytes(10 * 1024 * 1024);
    target.peer.write(body);
    await expect.poll(() => received(atClient.chunks).length, { timeout: 10_000 }).toBe(1_000_000);
    await settleDown();
    expect(received(atClient.chunks).equals(body.subarray(0, 1_000_000))).toBe(true);
    expect(consumed(stats)).toBe(stats[3]);
    expect(stats[0]).toBe(1_000_000);
    expect(stats[4]).toBe(0);
    expect(lows).toBe(1);
    expect(isEnded()).toBe(false);

    stats[3] = (stats[3] ?? 0) + 2_000_000;
    addon().resume(stats);
    await expect.poll(() => received(atClient.chunks).length, { timeout: 10_000 }).toBe(3_000_000);
    await settleDown();
    expect(received(atClient.chunks).equals(body.subarray(0, 3_000_000))).toBe(true);
    expect(consumed(stats)).toBe(3_000_000);
    // Stalled again with a new allowance: JavaScript hears of it again.
    expect(lows).toBe(2);
    expect(isEnded()).toBe(false);
    addon().abort(stats);
    close();
  });

  it('shares one allowance between both directions (client uploading while the target downloads)', async () => {
    let lows = 0;
    const { client, target, stats, close } = await tunnel(() => {
      lows += 1;
    });
    const allowance = 3_000_000;
    stats[3] = allowance;
    const atTarget = collect(target.peer);
    const atClient = collect(client.peer);
    const up = randomBytes(10 * 1024 * 1024);
    const down = randomBytes(10 * 1024 * 1024);
    let mostRead = 0;
    const watch = setInterval(() => {
      mostRead = Math.max(mostRead, consumed(stats));
    }, 1);
    client.peer.write(up);
    target.peer.write(down);
    await expect
      .poll(() => received(atTarget.chunks).length + received(atClient.chunks).length, { timeout: 10_000 })
      .toBe(allowance);
    await settleDown();
    clearInterval(watch);
    expect(mostRead).toBeLessThanOrEqual(allowance);
    expect(consumed(stats)).toBe(allowance);
    // Both directions took part; each delivered exactly what it read, in order.
    expect(stats[0]).toBeGreaterThan(0);
    expect(stats[4]).toBeGreaterThan(0);
    expect(stats[1]).toBe(stats[4]);
    expect(received(atTarget.chunks).equals(up.subarray(0, stats[4]))).toBe(true);
    expect(received(atClient.chunks).equals(down.subarray(0, stats[0]))).toBe(true);
    expect(lows).toBe(1);
    addon().abort(stats);
    close();
  });

  it('calls onLow once when the bytes read reach the low mark, before the allowance is used up', async () => {
    const calls: { consumed: number; mark: number }[] = [];
    let stats: RelayStats | null = null;
    const opened = await tunnel(() => {
      if (stats) calls.push({ consumed: consumed(stats), mark: stats[5] ?? 0 });
    });
    stats = opened.stats;
    const { client, target, close } = opened;
    stats[3] = 3_000_000;
    stats[5] = 1_000_000;
    const atClient = collect(client.peer);
    const body = randomBytes(10 * 1024 * 1024);
    target.peer.write(body);
    await expect.poll(() => received(atClient.chunks).length, { timeout: 10_000 }).toBe(3_000_000);
    await settleDown();
    expect(consumed(stats)).toBe(3_000_000);
    // Called as the mark was passed, while the relay still read; not again when it stalled.
    expect(calls).toHaveLength(1);
    expect(calls[0]?.consumed).toBeGreaterThanOrEqual(1_000_000);
    expect(calls[0]?.consumed).toBeLessThan(3_000_000);
    expect(calls[0]?.mark).toBe(Number.POSITIVE_INFINITY);
    expect(stats[5]).toBe(Number.POSITIVE_INFINITY);

    // The next mark: once more, and again not at the stall that follows.
    stats[3] = 6_000_000;
    stats[5] = 4_000_000;
    addon().resume(stats);
    await expect.poll(() => received(atClient.chunks).length, { timeout: 10_000 }).toBe(6_000_000);
    await settleDown();
    expect(consumed(stats)).toBe(6_000_000);
    expect(calls).toHaveLength(2);
    expect(calls[1]?.consumed).toBeGreaterThanOrEqual(4_000_000);
    expect(calls[1]?.consumed).toBeLessThan(6_000_000);
    expect(received(atClient.chunks).equals(body.subarray(0, 6_000_000))).toBe(true);
    addon().abort(stats);
    close();
  });

  it('survives abort from inside onLow: the end callback never runs, the sockets close', async () => {
    const live = addon().configure().live;
    const seen: number[] = [];
    let stats: RelayStats | null = null;
    const opened = await tunnel(() => {
      if (!stats) return;
      seen.push(consumed(stats));
      addon().abort(stats);
      addon().abort(stats);
      addon().resume(stats);
    });
    stats = opened.stats;
    const { client, target, end, close } = opened;
    const isEnded = settled(end);
    stats[3] = 1_000_000;
    client.peer.on('error', () => {});
    target.peer.on('error', () => {});
    // The target side is closed with bytes unread: its peer is reset (and closes); the client's ends.
    const closed = Promise.all([
      collect(client.peer).ended,
      new Promise((resolve) => target.peer.once('close', resolve)),
    ]);
    target.peer.write(randomBytes(10 * 1024 * 1024));
    await expect.poll(() => seen.length, { timeout: 10_000 }).toBe(1);
    expect(seen[0]).toBe(1_000_000);
    expect(addon().configure().live).toBe(live);
    // The relay held the only other descriptors: once Node.js closes its own, the peers see the end.
    client.side.destroy();
    target.side.destroy();
    await closed;
    setFlagsFromString('--expose-gc');
    (runInNewContext('gc') as () => void)();
    await settleDown();
    expect(seen).toHaveLength(1);
    expect(isEnded()).toBe(false);
    addon().resume(stats);
    close();
  });

  it('resumes a stalled relay to its end; then resume does nothing, and it refuses a foreign array', async () => {
    const { client, target, stats, end, close } = await tunnel();
    stats[3] = 1_000_000;
    const atClient = collect(client.peer);
    const body = randomBytes(3 * 1024 * 1024);
    target.peer.write(body);
    await expect.poll(() => received(atClient.chunks).length, { timeout: 10_000 }).toBe(1_000_000);
    await settleDown();
    expect(received(atClient.chunks).length).toBe(1_000_000);
    expect(consumed(stats)).toBe(1_000_000);
    stats[3] = Number.POSITIVE_INFINITY;
    addon().resume(stats);
    target.peer.end();
    client.peer.end();
    expect(digest(await atClient.ended)).toBe(digest(body));
    expect(await end).toBe(false);
    const after = Array.from(stats);
    stats[3] = 1;
    addon().resume(stats);
    stats[3] = Number.POSITIVE_INFINITY;
    expect(Array.from(stats)).toEqual(after);
    expect(() => addon().resume(new Float64Array(6))).toThrow(TypeError);
    expect(() => addon().resume(stats.subarray(0))).toThrow(/expects the array/);
    expect(() =>
      addon().relay(fd(client.side), fd(target.side), () => {}, 1 as unknown as () => void),
    ).toThrow(TypeError);
    close();
  });
});
