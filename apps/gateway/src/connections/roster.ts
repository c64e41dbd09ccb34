/** A member of a `Roster`: where it sits in it (-1 when in none). */
export interface Listed {
  rosterIndex: number;
}

/**
 * An unordered set of objects that come and go with connections, kept in an array: adding and
 * removing take constant time and allocate nothing (the last member takes a removed one's place).
 *
 * Used instead of a `Set` or `Map` on purpose for anything that references a socket: with sockets
 * added to and deleted from long-lived V8 hash tables at thousands of connections per second, about
 * 18 % of the young generation survived each scavenge (and was then promoted) instead of about 6 %,
 * and scavenges took about twice as long (measured with `--trace-gc-nvp` on the gateway benchmark;
 * the same tables holding numbers or small objects showed nothing). V8 rebuilds such tables every
 * few dozen changes, and discarded tables appear to keep the closed sockets they listed, with
 * everything those reference, reachable until a full collection.
 *
 * A member belongs to one roster at a time.
 */
export class Roster<T extends Listed> {
  private readonly members: T[] = [];

  /** Adds a member (not in any roster yet). */
  add(member: T): void {
    member.rosterIndex = this.members.length;
    this.members.push(member);
  }

  /** Removes a member; false when it was not in this roster. */
  remove(member: T): boolean {
    const at = member.rosterIndex;
    if (at < 0 || this.members[at] !== member) return false;
    const last = this.members.pop() as T;
    if (last !== member) {
      this.members[at] = last;
      last.rosterIndex = at;
    }
    member.rosterIndex = -1;
    return true;
  }

  get size(): number {
    return this.members.length;
  }

  /** The members now (a copy: safe to use while members are added or removed). */
  list(): T[] {
    return this.members.slice();
  }

  /** Calls `visit` for each member present now (members removed meanwhile are still visited). */
  forEach(visit: (member: T) => void): void {
    for (const member of this.list()) visit(member);
  }
}
