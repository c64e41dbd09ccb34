/** Settings of the relay (per thread); each answer also reports the pool and live relays. */
export interface RelaySettings {
  /** Capacity of new pipes in bytes (F_SETPIPE_SZ); 0: the kernel's default (64 KiB). Default 256 KiB. */
  pipeSize: number;
  /** Bytes one splice asks for. Default 256 KiB. */
  step: number;
  /** Bytes one direction moves per readiness event at most (then the next event's turn). Default 256 KiB. */
  budget: number;
  /** Idle pipes kept for reuse. Default 256. */
  poolSize: number;
  /**
   * TCP_NOTSENT_LOWAT set on both sockets of each new relay (0: left as they are): a socket takes
   * more bytes only while fewer than this wait unsent in it. Default 64 KiB.
   */
  notsentLowat: number;
}

export interface RelayStatus extends RelaySettings {
  pooledPipes: number;
  live: number;
  createdPipes: number;
}

/**
 * A relay's counters and credit, shared with the addon (length 6):
 * - `[0]` bytes read from the target socket;
 * - `[1]` bytes written to the target socket;
 * - `[2]` loop time (`now()`, ms) of the last byte moved either way;
 * - `[3]` allowance, written by JavaScript: bytes the relay may read in all, from both sockets
 *   (`[0] + [4]` never passes it: no read asks for more than what is left). Used up, the relay stops
 *   reading (it still delivers what it read, and passes on half-closes it read) until more is
 *   allowed and `resume` is called. Initially `Infinity`: no limit;
 * - `[4]` bytes read from the client socket (`[0] + [4]`: the bytes consumed);
 * - `[5]` low mark, written by JavaScript: when `[0] + [4]` reaches it (checked as bytes are
 *   read), the addon sets it to `Infinity` and calls `onLow` once. Initially `Infinity`.
 */
export type RelayStats = Float64Array;

export interface SpliceRelay {
  readonly supported: true;
  /**
   * Relays bytes both ways between two connected, non-blocking sockets (duplicates of the
   * descriptors; the callers keep theirs), passing half-closes on. `onEnd` runs once when both
   * directions ended (false) or either failed (true); the duplicates are closed by then. It reads
   * nothing before it returns: an allowance set right after applies from the first byte.
   *
   * `onLow` runs, while the relay runs, when the bytes read reached the low mark (`stats[5]`), and
   * when the relay stopped reading because the allowance (`stats[3]`) is used up, unless it was
   * called already for the allowance and mark as they are (once per stall; setting a new mark or
   * allowance arms it again). It runs from the event loop, after the relay's I/O, never during
   * `resume`; it may raise the allowance, set a new mark and call `resume`, or `abort`.
   */
  relay(
    clientFd: number,
    targetFd: number,
    onEnd: (hadError: boolean) => void,
    onLow?: () => void,
  ): RelayStats;
  /** Stops a relay and closes its duplicates at once; its `onEnd` is not called. */
  abort(stats: RelayStats): void;
  /**
   * Reads again after JavaScript raised the allowance (`stats[3]`) or changed the mark (`stats[5]`):
   * polls each socket for what the relay may now do. A relay that ended or was aborted: nothing. A
   * relay still without credit stays stopped (`resume` never calls `onLow`). Throws a TypeError for
   * an array `relay()` did not answer.
   */
  resume(stats: RelayStats): void;
  /** The event loop's time in ms (the clock of `stats[2]`). */
  now(): number;
  /** Changes settings (those given); answers all of them with the pool's state. */
  configure(settings?: Partial<RelaySettings>): RelayStatus;
}

/** The addon, or null when it cannot run here (see `unavailableReason`). */
export declare const spliceRelay: SpliceRelay | null;

/** Why `spliceRelay` is null; null when it is available. */
export declare const unavailableReason: string | null;
