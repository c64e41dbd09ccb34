import type { OnReadOpts, Socket } from 'node:net';
import type { ReadInto } from '../exits/exit-dialer';
import type { Metered } from '../metering/usage-meter';

/** Whoever uses a pooled target connection for one exchange (one forwarded request). */
export interface TargetUser {
  /**
   * Bytes from the target. `isVolatile`: they lie in the buffer every directly dialled connection
   * reads into, valid only during the call (whoever keeps or queues them copies them first).
   */
  onTargetData(chunk: Buffer, isVolatile: boolean): void;
  /** The target half-closed its side. */
  onTargetEnd(): void;
  /** The socket closed (error, reset, or destroyed by the gateway). */
  onTargetClose(): void;
}

/**
 * A target connection of the HTTP forward path: a metered socket that serves one exchange at a
 * time and waits in the pool in between. Its listeners are attached once, for its whole life, and
 * hand events to the current user; bytes or an end while idle make it unusable.
 */
export class PooledTarget {
  /** The exchange using the connection; null while idle. */
  user: TargetUser | null = null;
  /** Whether it waits in the pool. */
  isIdle = false;
  idleSince = 0;
  /** How long it may wait in the pool this time. */
  idleLimitMs = 0;

  constructor(
    readonly socket: Socket,
    /** Proxy, route and address: only exchanges with the same key may use it. */
    readonly key: string,
    readonly proxyId: string,
    readonly metered: Metered,
    private readonly pool: TargetPool,
  ) {
    socket.on('data', this.onDataEvent);
    socket.on('end', this.onEnd);
    socket.once('close', this.onClose);
  }

  /** Bytes read: from data events (upstream dials), or into the shared buffer (`ForwardReads`). */
  onData(chunk: Buffer, isVolatile = false): void {
    const user = this.user;
    if (user) user.onTargetData(chunk, isVolatile);
    else this.socket.destroy();
  }

  private readonly onDataEvent = (chunk: Buffer) => this.onData(chunk, false);

  private readonly onEnd = () => {
    const user = this.user;
    if (user) user.onTargetEnd();
    else this.socket.destroy();
  };

  private readonly onClose = () => {
    this.pool.forget(this);
    this.user?.onTargetClose();
  };
}

/** Options of the target pool. */
export interface TargetPoolOptions {
  /** Idle connections kept per proxy. */
  maxIdlePerProxy: number;
  /** Idle connections kept in all. */
  maxIdle: number;
  /** How long a connection may stay idle (shortened by the target's `Keep-Alive: timeout`). */
  idleMs: number;
  now: () => number;
}

/** How often idle connections past their time are closed (they are also checked when taken). */
const SWEEP_MS = 1_000;

/**
 * Idle keep-alive target connections of the HTTP forward path, by key (proxy id, route through the
 * exit, vetted address and port): never shared between proxies. The most recently used connection
 * is taken first, so that surplus ones age out. Bounded per proxy and in all; a proxy's idle
 * connections are closed when it may no longer carry traffic.
 */
export class TargetPool {
  private readonly idle = new Map<string, PooledTarget[]>();
  private readonly idlePerProxy = new Map<string, number>();
  private idleCount = 0;
  private timer: NodeJS.Timeout | null = null;
  private isClosed = false;

  constructor(private readonly options: TargetPoolOptions) {}

  /**
   * Wraps a freshly dialled, metered socket; the caller uses it at once. `reads`: what the socket
   * reads into when it was dialled with one (direct exits).
   */
  adopt(
    socket: Socket,
    key: string,
    proxyId: string,
    metered: Metered,
    reads: ForwardReads | null = null,
  ): PooledTarget {
    const target = new PooledTarget(socket, key, proxyId, metered, this);
    if (reads) reads.target = target;
    return target;
  }

  /**
   * An idle connection for `key`, now in use; null when there is none. A key's stack stays in the
   * map while empty (a busy key empties and fills it on every request; the sweep drops empty ones).
   */
  take(key: string): PooledTarget | null {
    const stack = this.idle.get(key);
    if (!stack || stack.length === 0) return null;
    const now = this.options.now();
    for (;;) {
      const target = stack.pop();
      if (!target) return null;
      this.leave(target);
      const { socket } = target;
      if (now - target.idleSince >= target.idleLimitMs || socket.destroyed || !socket.writable) {
        socket.destroy();
        continue;
      }
      return target;
    }
  }

  /**
   * Puts a connection whose exchange finished cleanly back in the pool, or closes it when the pool
   * is full or closed. `keepAliveMs` is the idle time the target announced (null: none).
   */
  release(target: PooledTarget, keepAliveMs: number | null): void {
    target.user = null;
    const { socket } = target;
    const limit =
      keepAliveMs === null
        ? this.options.idleMs
        : Math.min(this.options.idleMs, keepAliveMs - Math.min(1_000, keepAliveMs / 2));
    const ofProxy = this.idlePerProxy.get(target.proxyId) ?? 0;
    if (
      this.isClosed ||
      limit <= 0 ||
      socket.destroyed ||
      !socket.writable ||
      socket.readableEnded ||
      ofProxy >= this.options.maxIdlePerProxy ||
      this.idleCount >= this.options.maxIdle
    ) {
      socket.destroy();
      return;
    }
    target.isIdle = true;
    target.idleSince = this.options.now();
    target.idleLimitMs = limit;
    this.idlePerProxy.set(target.proxyId, ofProxy + 1);
    this.idleCount += 1;
    const stack = this.idle.get(target.key);
    if (stack) stack.push(target);
    else this.idle.set(target.key, [target]);
    if (!this.timer) {
      this.timer = setInterval(() => this.sweep(), SWEEP_MS);
      this.timer.unref();
    }
  }

  /** Called when a connection closes: it leaves the pool if it was idle. */
  forget(target: PooledTarget): void {
    if (!target.isIdle) return;
    this.leave(target);
    const stack = this.idle.get(target.key);
    if (!stack) return;
    const at = stack.indexOf(target);
    if (at >= 0) stack.splice(at, 1);
  }

  /** Closes the idle connections of a proxy (it may no longer carry traffic). */
  closeProxy(proxyId: string): void {
    if (!this.idlePerProxy.get(proxyId)) return;
    for (const stack of [...this.idle.values()]) {
      for (const target of [...stack]) if (target.proxyId === proxyId) target.socket.destroy();
    }
  }

  /** Closes every idle connection and keeps none from now on. */
  close(): void {
    this.isClosed = true;
    for (const stack of [...this.idle.values()]) for (const target of [...stack]) target.socket.destroy();
    this.stopTimer();
  }

  /** Idle connections in all (for tests and diagnostics). */
  get size(): number {
    return this.idleCount;
  }

  private leave(target: PooledTarget): void {
    target.isIdle = false;
    this.idleCount -= 1;
    // A count of 0 stays until the sweep (a busy proxy takes and gives back on every request).
    this.idlePerProxy.set(target.proxyId, (this.idlePerProxy.get(target.proxyId) ?? 1) - 1);
  }

  private sweep(): void {
    const now = this.options.now();
    for (const [key, stack] of [...this.idle]) {
      for (const target of [...stack]) {
        if (now - target.idleSince >= target.idleLimitMs) target.socket.destroy();
      }
      if (stack.length === 0) this.idle.delete(key);
    }
    for (const [proxyId, count] of [...this.idlePerProxy]) if (count <= 0) this.idlePerProxy.delete(proxyId);
    if (this.idleCount === 0) this.stopTimer();
  }

  private stopTimer(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}

/** What every directly dialled target connection of the forward path reads into. */
const FORWARD_READ_BUFFER = Buffer.allocUnsafeSlow(64 * 1024);

/**
 * The reads of a directly dialled target connection of the forward path (`net.connect`'s
 * `onread`): into one buffer shared by all of them, handed to the connection's exchange as views
 * valid only during the call. Unlike data events this allocates no buffer per read: such buffers,
 * one per answer, were most of what the scavenger had to sweep at every young collection.
 */
export class ForwardReads implements ReadInto {
  /** The pooled connection the socket became (set by `TargetPool.adopt`). */
  target: PooledTarget | null = null;
  readonly options: OnReadOpts = {
    buffer: FORWARD_READ_BUFFER,
    callback: (bytes: number) => this.onRead(bytes),
  };

  adopt(_socket: Socket): void {}

  private onRead(bytes: number): boolean {
    const { target } = this;
    // Dialled sockets stay paused until adopted: nothing is read before.
    if (!target) return false;
    target.onData(FORWARD_READ_BUFFER.subarray(0, bytes), true);
    return true;
  }
}
