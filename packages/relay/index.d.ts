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
 * A running relay's counters, shared with the addon: [0] bytes read from the target socket,
 * [1] bytes written to it, [2] loop time (`now()`, ms) of the last byte moved either way.
 */
export type RelayStats = Float64Array;

export interface SpliceRelay {
  readonly supported: true;
  /**
   * Relays bytes both ways between two connected, non-blocking sockets (duplicates of the
   * descriptors; the callers keep theirs), passing half-closes on. `onEnd` runs once when both
   * directions ended (false) or either failed (true); the duplicates are closed by then.
   */
  relay(clientFd: number, targetFd: number, onEnd: (hadError: boolean) => void): RelayStats;
  /** Stops a relay and closes its duplicates at once; its `onEnd` is not called. */
  abort(stats: RelayStats): void;
  /** The event loop's time in ms (the clock of `stats[2]`). */
  now(): number;
  /** Changes settings (those given); answers all of them with the pool's state. */
  configure(settings?: Partial<RelaySettings>): RelayStatus;
}

/** The addon, or null when it cannot run here (see `unavailableReason`). */
export declare const spliceRelay: SpliceRelay | null;

/** Why `spliceRelay` is null; null when it is available. */
export declare const unavailableReason: string | null;
