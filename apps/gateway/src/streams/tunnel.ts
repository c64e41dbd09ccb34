import type { OnReadOpts, Socket } from 'node:net';
import type { RelayStats, SpliceRelay } from '@ptc/relay';
import type { Allowance } from '../credit/allowance';
import type { Metered } from '../metering/usage-meter';

/**
 * Size of the buffer a tunnel's target socket reads into. Node reads at most 64 KiB at a time
 * into a fresh buffer per read; reading into one reused, larger buffer halves the read() and
 * write() calls per megabyte and allocates nothing per chunk.
 */
export const TARGET_READ_BUFFER_SIZE = 128 * 1024;

/** Read buffers of closed tunnels, reused by the next ones (their pages are already mapped). */
const spareBuffers: Buffer[] = [];
const MAX_SPARE_BUFFERS = 64;

/**
 * Holds a stream tunnel to its allowance of credit: after bytes moved, `pass()` says whether the
 * tunnel may go on reading; when it may not, reading stops (both ways) until credit arrives, then
 * `resume` restarts it. A read that crosses the allowance is delivered whole: the stream relay
 * overruns by at most one read per direction (README: "Credit control").
 */
export class CreditGate {
  private isWaiting = false;

  constructor(
    private readonly allowance: Allowance,
    private readonly resume: () => void,
  ) {}

  /** Whether the tunnel may read on (false: it waits for credit). */
  get isOpen(): boolean {
    return !this.isWaiting;
  }

  /** After moving bytes: true to go on, false to stop reading until credit comes. */
  pass(): boolean {
    if (this.isWaiting) return false;
    if (this.allowance.check()) return true;
    this.isWaiting = true;
    this.allowance.whenCredited(() => {
      this.isWaiting = false;
      this.resume();
    });
    return false;
  }
}

/**
 * The reads of a tunnel's target socket (a direct dial), delivered into one reused buffer
 * (`net.connect`'s `onread`) and written straight to the client: no stream machinery and no
 * allocation per chunk. The buffer is read into again only once the client took the bytes: at
 * once when the write completed synchronously, else after 'drain' (the read pauses meanwhile).
 * Returned to a shared pool once every socket that used it is closed.
 */
export class TargetReads {
  private readonly buffer: Buffer = spareBuffers.pop() ?? Buffer.allocUnsafeSlow(TARGET_READ_BUFFER_SIZE);
  private readonly sockets: Socket[] = [];
  private client: Socket | null = null;
  private target: Socket | null = null;
  /** Bytes read before the tunnel was joined (copied: the buffer is read into again). */
  private early: Buffer[] = [];
  private isReleased = false;
  private gate: CreditGate | null = null;
  private isDraining = false;

  /** The `onread` option of the target socket's `net.connect`. */
  readonly options: OnReadOpts = {
    buffer: this.buffer,
    callback: (bytes: number) => this.onRead(bytes),
  };

  /** Records a socket created with `options` (the buffer is recycled only once it is closed). */
  adopt(socket: Socket): void {
    this.sockets.push(socket);
  }

  /** Starts relaying the target's reads to the client (held to `gate` if any); bytes read before go first. */
  join(client: Socket, target: Socket, gate: CreditGate | null): void {
    this.client = client;
    this.target = target;
    this.gate = gate;
    for (const bytes of this.early) client.write(bytes);
    this.early = [];
    if (gate && !gate.pass()) return;
    if (client.writableLength > 0) this.waitForDrain(client);
    else target.resume();
  }

  /** Reads on, once the client took what it was sent and credit allows. */
  resume(): void {
    const target = this.target;
    if (!this.client || !target || target.destroyed || this.isDraining) return;
    if (this.gate && !this.gate.isOpen) return;
    target.resume();
  }

  /** Gives the buffer back for reuse, provided nothing can read into it or write from it any more. */
  release(): void {
    if (this.isReleased) return;
    if (!this.sockets.every((socket) => socket.destroyed)) return;
    if (this.client && !(this.client.destroyed || this.client.writableLength === 0)) return;
    this.isReleased = true;
    if (spareBuffers.length < MAX_SPARE_BUFFERS) spareBuffers.push(this.buffer);
  }

  private onRead(bytes: number): boolean {
    const { client } = this;
    if (!client) {
      this.early.push(Buffer.from(this.buffer.subarray(0, bytes)));
      return false;
    }
    if (client.destroyed) return false;
    client.write(this.buffer.subarray(0, bytes));
    const isCredited = this.gate ? this.gate.pass() : true;
    if (client.writableLength > 0) {
      this.waitForDrain(client);
      return false;
    }
    return isCredited;
  }

  private waitForDrain(client: Socket): void {
    if (this.isDraining) return;
    this.isDraining = true;
    client.once('drain', this.onDrain);
  }

  private readonly onDrain = () => {
    this.isDraining = false;
    this.resume();
  };
}

/**
 * Passes on the half-close of `from`'s peer to `to`. When `to`'s own peer half-closed already and
 * nothing written to `to` is waiting, both directions are over: `to` is closed at once (the kernel
 * still delivers what it holds, then the FIN) instead of being shut down first and closed later.
 */
const passEnd = (to: Socket) => {
  if (to.readableEnded && to.writableLength === 0) to.destroy();
  else to.end();
};

/** How long the other side of a closed tunnel may take to flush before it is destroyed. */
const FLUSH_LIMIT_MS = 5_000;

/** Ends `socket` for good once what was written to it has been flushed. */
const destroyWhenFlushed = (socket: Socket) => {
  if (socket.destroyed) return;
  if (socket.writableFinished) {
    socket.destroy();
    return;
  }
  socket.once('finish', () => socket.destroy());
  // Ends our side (after what is still queued), so 'finish' comes even when the peer was cut off
  // rather than half-closed; a peer that stops reading cannot hold the socket past the limit.
  if (!socket.writableEnded) socket.end();
  const limit = setTimeout(() => socket.destroy(), FLUSH_LIMIT_MS);
  limit.unref();
  socket.once('close', () => clearTimeout(limit));
};

/**
 * Relays `from`'s data events to `to`, pausing `from` while `to` is backed up or, with a gate, while
 * the tunnel waits for credit.
 */
const relayData = (from: Socket, to: Socket, gate: CreditGate | null) => {
  const resume = () => {
    if (!gate || gate.isOpen) from.resume();
  };
  from.on('data', (chunk: Buffer) => {
    const isFlowing = to.write(chunk);
    const isCredited = gate ? gate.pass() : true;
    if (!isFlowing) {
      from.pause();
      to.once('drain', resume);
    } else if (!isCredited) from.pause();
  });
};

/** A client and a target socket, connected and paused, to be joined into a tunnel. */
export interface TunnelEnds {
  client: Socket;
  target: Socket;
  /** Bytes the client sent before the tunnel was up: they go to the target first. */
  head: Buffer;
  /** A tunnel idle in both directions this long is closed. */
  idleMs: number;
  /** Runs once, when both sockets are closed. */
  onClose: () => void;
  /** The target's reads (stream relay of a direct dial), or null. */
  reads: TargetReads | null;
  /** The target socket's usage entry: a splice relay adds its counters to it; its allowance bounds the tunnel. */
  metered: Metered;
  /** Relays with splice(2) when given (and both sockets have descriptors), else with streams. */
  splice: SpliceRelay | null;
}

/** The descriptor under a connected TCP socket (-1: none, e.g. not a TCP handle). */
const descriptorOf = (socket: Socket): number => {
  const handle = (socket as unknown as { _handle?: { fd?: unknown } | null })._handle;
  return typeof handle?.fd === 'number' ? handle.fd : -1;
};

/**
 * Takes the bytes Node.js has read from `socket` but nobody consumed, then stops its reading for
 * good (`pause()` alone lets Node.js read on up to its high-water mark). Reading the buffer may
 * restart reading; stopping it afterwards, in the same tick, leaves no room for a read between.
 */
const takeOver = (socket: Socket): Buffer[] => {
  const chunks: Buffer[] = [];
  for (let chunk = socket.read() as Buffer | null; chunk !== null; chunk = socket.read() as Buffer | null)
    chunks.push(chunk);
  const handle = (socket as unknown as { _handle?: { reading?: boolean; readStop?: () => number } | null })
    ._handle;
  if (handle?.reading) {
    handle.reading = false;
    handle.readStop?.();
  }
  return chunks;
};

/**
 * Joins the sockets with a splice relay: the kernel moves the bytes between them (see
 * packages/relay). The Node.js sockets stay open but idle (neither reads nor writes) and own the
 * connection's life: the relay ending destroys them, and destroying either (switch-off, idle,
 * shutdown) stops the relay. Bytes Node.js had read already are written first, through Node.js;
 * the relay starts once they left. Answers false, leaving the sockets untouched, when a socket
 * has no descriptor.
 *
 * With an allowance, the relay reads no more than it allows (`stats[3]`, in the kernel, before the
 * bytes are read): it asks for more (`onLow`) when half of the last carve is left, and stops when
 * nothing is; the allowance tops it up from the owner's credit and resumes it, at once or when the
 * owner's next reservation arrives.
 */
const spliceTunnel = (ends: TunnelEnds, splice: SpliceRelay): boolean => {
  const { client, target, head, idleMs, onClose, metered } = ends;
  const clientFd = descriptorOf(client);
  const targetFd = descriptorOf(target);
  if (clientFd < 0 || targetFd < 0) return false;
  let stats: RelayStats | null = null;
  let isOver = false;
  let idleTimer: NodeJS.Timeout | null = null;
  let closed = 0;
  const stop = () => {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
    if (isOver) return;
    isOver = true;
    if (stats) splice.abort(stats);
  };
  const destroyBoth = () => {
    stop();
    client.destroy();
    target.destroy();
  };
  // First among the 'close' listeners: the relay stops before the meter samples the target.
  const onSocketClose = () => {
    destroyBoth();
    closed += 1;
    if (closed === 2) onClose();
  };
  client.prependListener('close', onSocketClose);
  target.prependListener('close', onSocketClose);
  client.on('error', destroyBoth);
  target.on('error', destroyBoth);
  const up = takeOver(client);
  const down = takeOver(target);
  if (head.length) up.unshift(head);
  for (const bytes of up) target.write(bytes);
  for (const bytes of down) client.write(bytes);

  // Idle since the last byte the relay moved, or since now while the early bytes are still on
  // their way (a peer that never reads them cannot hold the tunnel open either).
  const joinedAt = splice.now();
  const checkIdle = () => {
    idleTimer = null;
    if (isOver) return;
    const idle = splice.now() - (stats ? (stats[2] ?? joinedAt) : joinedAt);
    if (idle >= idleMs) destroyBoth();
    else armIdle(idleMs - idle);
  };
  const armIdle = (ms: number) => {
    idleTimer = setTimeout(checkIdle, ms);
    idleTimer.unref();
  };
  const { allowance } = metered;
  // What the sockets consumed through Node.js before the relay (its counters start at zero).
  let consumedBefore = 0;
  /** Hands the relay what the allowance allows now, and lets it read again. */
  const allow = () => {
    if (!stats || isOver || !allowance) return;
    stats[3] = allowance.limit - consumedBefore;
    stats[5] = stats[3] - allowance.carve / 2;
    splice.resume(stats);
  };
  const onLow = () => {
    if (!stats || isOver || !allowance) return;
    const limit = allowance.limit;
    allowance.topUp();
    if (allowance.limit > limit) {
      allow();
      return;
    }
    // The owner has no local credit right now: the relay runs on what it has (no more low
    // calls) and is handed more when the owner's next reservation arrives.
    stats[5] = Number.POSITIVE_INFINITY;
    if (!allowance.isWaiting) allowance.whenCredited(allow);
  };
  allowance?.watchShrink(allow);
  const start = () => {
    if (isOver || stats || client.writableLength > 0 || target.writableLength > 0) return;
    if (client.destroyed || target.destroyed) return;
    if (allowance) consumedBefore = allowance.consumed();
    try {
      // Ended: both directions were passed on and flushed, or one failed; either way the relay
      // closed its duplicates and the sockets only need closing.
      const onEnd = () => {
        isOver = true;
        destroyBoth();
      };
      stats = allowance
        ? splice.relay(clientFd, targetFd, onEnd, onLow)
        : splice.relay(clientFd, targetFd, onEnd);
    } catch {
      destroyBoth();
      return;
    }
    metered.relayed = stats;
    allow();
  };
  if (client.writableLength > 0) client.once('drain', start);
  if (target.writableLength > 0) target.once('drain', start);
  if (client.destroyed || target.destroyed) destroyBoth();
  else {
    armIdle(idleMs);
    start();
  }
  return true;
};

/**
 * Joins a client and a target socket: bytes are relayed with backpressure (client → target as
 * data events, target → client through `reads` when the target was dialled with its buffer),
 * half-closes are passed on, an error on either side destroys both, and a tunnel idle in both
 * directions for `idleMs` is closed. `head` (bytes the client sent before the tunnel was up) goes
 * to the target first. `onClose` runs once, when both sockets are closed. Metering reads the
 * target socket's own counters, whichever way the bytes travel. With `splice`, the kernel relays
 * instead (same behaviour; the meter adds the relay's counters).
 */
export const joinTunnel = (ends: TunnelEnds) => {
  const { client, target, head, idleMs, reads } = ends;
  const onClose = () => {
    reads?.release();
    ends.onClose();
  };
  if (client.destroyed || target.destroyed) {
    client.destroy();
    target.destroy();
    queueMicrotask(onClose);
    return;
  }
  if (ends.splice && !reads && spliceTunnel({ ...ends, onClose }, ends.splice)) return;
  let closed = 0;
  const destroyBoth = () => {
    client.destroy();
    target.destroy();
  };
  const onSocketClose = (other: Socket) => (hadError: boolean) => {
    if (hadError) destroyBoth();
    else destroyWhenFlushed(other);
    closed += 1;
    if (closed === 2) onClose();
  };
  client.on('close', onSocketClose(target));
  target.on('close', onSocketClose(client));
  client.on('error', destroyBoth);
  target.on('error', destroyBoth);
  // Writes and reads both refresh the client socket's timer: it fires only when both directions idle.
  client.setTimeout(idleMs, destroyBoth);
  client.on('end', () => passEnd(target));
  target.on('end', () => passEnd(client));
  if (head.length) target.write(head);
  const { allowance } = ends.metered;
  // Credit came: each side reads on unless what it sends is still backed up.
  const gate = allowance
    ? new CreditGate(allowance, () => {
        if (!target.writableNeedDrain) client.resume();
        if (reads) reads.resume();
        else if (!client.writableNeedDrain) target.resume();
      })
    : null;
  relayData(client, target, gate);
  if (reads) reads.join(client, target, gate);
  else {
    relayData(target, client, gate);
    if (!gate || gate.pass()) target.resume();
  }
  if (!gate || gate.isOpen) client.resume();
};
