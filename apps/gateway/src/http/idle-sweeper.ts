/** A connection whose inactivity an `IdleSweeper` watches. */
export interface Sweepable {
  /** Bumped by the connection on every read and write. */
  activity: number;
  /** The inactivity allowed now, in ms (0: none, never closed for it). */
  idleLimitMs(): number;
  /** Inactive for longer than allowed. */
  onIdle(): void;
}

interface Member {
  /** `activity` when the sweeper last saw it change. */
  seen: number;
  /** When the sweeper first found it unchanged (a sweep after its last read or write). */
  quietSince: number;
}

/**
 * Closes connections inactive for too long with one timer for all of them, instead of a socket
 * timeout each: a socket timeout is re-armed on every read and write and replaced whenever the
 * allowed inactivity changes (twice per forwarded request). A connection is closed between its
 * limit and its limit plus two periods after its last read or write, never earlier.
 */
export class IdleSweeper {
  private readonly members = new Map<Sweepable, Member>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly periodMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The period that keeps timeouts as short as `shortestLimitMs` within a quarter of their length. */
  static periodFor(shortestLimitMs: number): number {
    return Math.max(10, Math.min(1_000, Math.floor(shortestLimitMs / 4)));
  }

  add(connection: Sweepable): void {
    this.members.set(connection, { seen: connection.activity, quietSince: this.now() });
    if (!this.timer) {
      this.timer = setInterval(() => this.sweep(), this.periodMs);
      this.timer.unref();
    }
  }

  delete(connection: Sweepable): void {
    if (!this.members.delete(connection) || this.members.size > 0 || !this.timer) return;
    clearInterval(this.timer);
    this.timer = null;
  }

  /** Connections watched (tests). */
  get size(): number {
    return this.members.size;
  }

  private sweep(): void {
    const now = this.now();
    const idle: Sweepable[] = [];
    for (const [connection, member] of this.members) {
      if (connection.activity !== member.seen) {
        member.seen = connection.activity;
        member.quietSince = now;
        continue;
      }
      const limit = connection.idleLimitMs();
      if (limit > 0 && now - member.quietSince >= limit) idle.push(connection);
    }
    for (const connection of idle) {
      this.delete(connection);
      connection.onIdle();
    }
  }
}
