import { EventEmitter } from 'node:events';
import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { GatewayLogger } from '../gateway.types';
import { MemoryUsageSink } from '../testing/memory-stores';
import { UsageMeter } from './usage-meter';

const silent: GatewayLogger = { info() {}, warn() {}, error() {}, debug() {} };

/** A stand-in for a target socket: counters we set, and a close event. */
class FakeSocket extends EventEmitter {
  bytesRead = 0;
  bytesWritten = 0;
}

const meterWith = (sink: MemoryUsageSink, now = () => Date.UTC(2026, 0, 1, 10, 30)) =>
  new UsageMeter({ sink, flushIntervalMs: 60_000, now, log: silent, closeAttempts: 2 });

const track = (meter: UsageMeter, proxyId: string, socket: FakeSocket, baseline = { read: 0, written: 0 }) =>
  meter.track(proxyId, socket as unknown as Socket, baseline);

describe('UsageMeter', () => {
  it('reports bytes so far and the flush lag: the age of the oldest usage not yet flushed', async () => {
    const sink = new MemoryUsageSink();
    let clock = Date.UTC(2026, 0, 1, 10, 30);
    const meter = meterWith(sink, () => clock);
    const socket = new FakeSocket();
    track(meter, 'p1', socket);
    expect(meter.stats()).toEqual({ bytesUp: 0, bytesDown: 0, flushLagMs: 0, lastFlushAt: null });
    socket.bytesRead = 100;
    socket.bytesWritten = 20;
    sink.failNext(2);
    await meter.flush();
    clock += 30_000;
    socket.bytesRead = 150;
    await meter.flush();
    expect(meter.stats()).toMatchObject({
      bytesUp: 20,
      bytesDown: 150,
      flushLagMs: 30_000,
      lastFlushAt: null,
    });
    clock += 5_000;
    await meter.flush();
    expect(meter.stats()).toEqual({ bytesUp: 20, bytesDown: 150, flushLagMs: 0, lastFlushAt: clock });
  });

  it('sends deltas since the baseline and since the previous batch, never running totals', async () => {
    const sink = new MemoryUsageSink();
    const meter = meterWith(sink);
    const socket = new FakeSocket();
    socket.bytesRead = 40;
    socket.bytesWritten = 30;
    track(meter, 'p1', socket, { read: 40, written: 30 });
    socket.bytesRead = 140;
    socket.bytesWritten = 80;
    await meter.flush();
    socket.bytesRead = 150;
    await meter.flush();
    expect(sink.batches.map((batch) => batch.deltas)).toEqual([
      [{ proxyId: 'p1', bytesUp: 50, bytesDown: 100, connections: 1, packageBytes: 0 }],
      [{ proxyId: 'p1', bytesUp: 0, bytesDown: 10, connections: 0, packageBytes: 0 }],
    ]);
    expect(new Set(sink.batches.map((batch) => batch.batchId)).size).toBe(2);
  });

  it('retries a failed batch with the same id and puts newer bytes in a new batch', async () => {
    const sink = new MemoryUsageSink();
    const meter = meterWith(sink);
    const socket = new FakeSocket();
    track(meter, 'p1', socket);
    socket.bytesRead = 100;
    sink.failNext(2);
    await meter.flush();
    socket.bytesRead = 300;
    await meter.flush();
    const failedIds = sink.attempts.filter((attempt) => !attempt.ok).map((attempt) => attempt.batchId);
    expect(failedIds).toHaveLength(2);
    expect(failedIds[0]).toBe(failedIds[1]);
    socket.bytesRead = 350;
    await meter.flush();
    expect(sink.batches[0]).toMatchObject({ batchId: failedIds[0], deltas: [{ bytesDown: 100 }] });
    expect(sink.batches[1]?.deltas).toEqual([
      { proxyId: 'p1', bytesUp: 0, bytesDown: 250, connections: 0, packageBytes: 0 },
    ]);
    expect(sink.batches[1]?.batchId).not.toBe(failedIds[0]);
  });

  it('samples a socket a last time when it closes, and flushes everything on close', async () => {
    const sink = new MemoryUsageSink();
    const meter = meterWith(sink);
    const socket = new FakeSocket();
    track(meter, 'p1', socket);
    socket.bytesWritten = 70;
    socket.emit('close');
    socket.bytesWritten = 999;
    await meter.close();
    expect(sink.totals('p1')).toEqual({ bytesUp: 70, bytesDown: 0, connections: 1 });
  });

  it('keeps trying on close while the sink fails, then flushes', async () => {
    const sink = new MemoryUsageSink();
    const meter = meterWith(sink);
    const socket = new FakeSocket();
    track(meter, 'p1', socket);
    socket.bytesRead = 5;
    sink.failNext(1);
    await meter.close();
    expect(sink.totals('p1').bytesDown).toBe(5);
    expect(meter.pendingBatches).toHaveLength(0);
  });

  it('counts nothing for a socket that carried nothing after its baseline', async () => {
    const sink = new MemoryUsageSink();
    const meter = meterWith(sink);
    const socket = new FakeSocket();
    socket.bytesRead = 12;
    socket.bytesWritten = 9;
    track(meter, 'p1', socket, { read: 12, written: 9 });
    socket.emit('close');
    await meter.close();
    expect(sink.batches).toEqual([]);
  });

  it('puts bytes of different hours in different batches', async () => {
    const sink = new MemoryUsageSink();
    let now = Date.UTC(2026, 0, 1, 10, 59, 59);
    const meter = meterWith(sink, () => now);
    const socket = new FakeSocket();
    track(meter, 'p1', socket);
    sink.failNext(1);
    socket.bytesRead = 10;
    await meter.flush();
    now = Date.UTC(2026, 0, 1, 11, 0, 1);
    socket.bytesRead = 30;
    await meter.flush();
    expect(sink.batches.map((batch) => [batch.at.getUTCHours(), batch.deltas[0]?.bytesDown])).toEqual([
      [10, 10],
      [11, 20],
    ]);
  });
});
