import { createHash } from 'node:crypto';
import type { UsernameParams } from '../auth/username-params';
import type { ProxyCredential } from '../ports';
import { hashString } from './exit-ranking';

const MINUTE_MS = 60_000;
/** Universal session ids expire after 1–3 minutes (SPEC §9). */
const SESSION_LIFE_MS = { min: 1 * MINUTE_MS, max: 3 * MINUTE_MS };
/** Traffic-billed rotating proxies change IP every 3–5 minutes (SPEC §9). */
const ROTATION_MS = { min: 3 * MINUTE_MS, max: 5 * MINUTE_MS };
const FOREVER_MINUTES = 1440;

/** How one connection picks its exit. */
export interface StickyChoice {
  /** Session table key, null when nothing is kept (static proxies). */
  key: string | null;
  epoch: number;
  /** Seed of the exit ranking: a hash of (proxy, session, epoch). */
  seed: number;
  /** `{sid}` of upstream credential templates: the session id, else a stable id of proxy and epoch. */
  sid: string;
  /** `{life}` of upstream credential templates, in minutes. */
  lifeMinutes: number;
  /** The exit the session used last, tried first. */
  pinnedExitId: string | null;
}

/** The ranking seed and `{sid}` of a session epoch (derived once: `{sid}` takes a SHA-256). */
interface Derived {
  seed: number;
  sid: string;
}

interface Session {
  epoch: number;
  expiresAt: number;
  lifeMs: number;
  exitId: string | null;
  derived: Derived | null;
  /** The choice answered last (answered again while nothing it holds changed). */
  choice: StickyChoice | null;
}

/** Options of the session table. */
export interface StickySessionsOptions {
  maxSessions: number;
  now: () => number;
}

/**
 * Keeps the exit of each session for its lifetime, in a bounded table (least recently used sessions
 * are dropped first). When a lifetime ends, the session's epoch advances and its exit may change.
 *
 * - `-session-ID`: the session lives `-life-` minutes, else 1–3 minutes picked per session.
 * - No session id, dynamic traffic proxy: one rotating session per proxy, 3–5 minutes (or `-life-`).
 * - No session id, dynamic IP proxy: the proxy keeps its exit.
 * - Static proxies use their leased exit (the catalogue offers only that one).
 */
export class StickySessions {
  private readonly sessions = new Map<string, Session>();
  /** The session touched last (already last in the LRU order). */
  private lastKey: string | null = null;
  /** Derived ids of static proxies (they keep no session), by proxy id. */
  private readonly staticIds = new Map<string, Derived>();

  constructor(private readonly options: StickySessionsOptions) {}

  /** How a connection of this proxy with these parameters picks its exit now. */
  choose(credential: ProxyCredential, params: UsernameParams): StickyChoice {
    const { proxyId } = credential;
    const isStatic = credential.exitId !== null || credential.family.startsWith('static');
    if (isStatic) return this.choice(null, null, proxyId, 'static', params.life ?? FOREVER_MINUTES);
    const lifeMs = params.life === undefined ? null : params.life * MINUTE_MS;
    if (params.session !== undefined) {
      const key = `${proxyId}\u0000session\u0000${params.session}`;
      const session = this.touch(key, (epoch) => lifeMs ?? pickLife(SESSION_LIFE_MS, key, epoch));
      return this.choice(key, session, proxyId, params.session, minutesOf(session.lifeMs));
    }
    if (credential.family === 'dynamic-traffic') {
      const key = `${proxyId}\u0000rotation`;
      const session = this.touch(key, (epoch) => lifeMs ?? pickLife(ROTATION_MS, key, epoch));
      return this.choice(key, session, proxyId, null, minutesOf(session.lifeMs));
    }
    const key = `${proxyId}\u0000ip`;
    const session = this.touch(key, () => lifeMs ?? Number.POSITIVE_INFINITY);
    return this.choice(key, session, proxyId, null, minutesOf(session.lifeMs));
  }

  /** Remembers the exit a session connected through, so its next connections try it first. */
  pin(choice: StickyChoice, exitId: string): void {
    if (choice.key === null) return;
    const session = this.sessions.get(choice.key);
    if (session && session.epoch === choice.epoch) session.exitId = exitId;
  }

  /** Sessions currently kept. */
  get size(): number {
    return this.sessions.size;
  }

  private touch(key: string, lifeOf: (epoch: number) => number): Session {
    const now = this.options.now();
    let session = this.sessions.get(key);
    // Most connections repeat the session of the one before: it is last in the LRU order already.
    if (session && now < session.expiresAt && key === this.lastKey) return session;
    this.lastKey = key;
    if (!session || now >= session.expiresAt) {
      const epoch = session ? session.epoch + 1 : 0;
      const lifeMs = lifeOf(epoch);
      session = { epoch, expiresAt: now + lifeMs, lifeMs, exitId: null, derived: null, choice: null };
    }
    this.sessions.delete(key);
    this.sessions.set(key, session);
    while (this.sessions.size > this.options.maxSessions) {
      const oldest = this.sessions.keys().next();
      if (oldest.done) break;
      this.sessions.delete(oldest.value);
    }
    return session;
  }

  private choice(
    key: string | null,
    session: Session | null,
    proxyId: string,
    sessionId: string | null,
    lifeMinutes: number,
  ): StickyChoice {
    const epoch = session?.epoch ?? 0;
    const last = session?.choice;
    if (
      last &&
      last.key === key &&
      last.epoch === epoch &&
      last.pinnedExitId === session?.exitId &&
      last.lifeMinutes === lifeMinutes &&
      (sessionId === null || last.sid === sessionId)
    ) {
      return last;
    }
    let derived = session ? session.derived : (this.staticIds.get(proxyId) ?? null);
    if (!derived) {
      const mode = sessionId === null ? (key?.split('\u0000')[1] ?? 'static') : `session:${sessionId}`;
      derived = {
        seed: hashString(`${proxyId}\u0000${mode}\u0000${epoch}`),
        sid: sessionId ?? derivedSessionId(proxyId, mode, epoch),
      };
      if (session) session.derived = derived;
      else {
        if (this.staticIds.size >= this.options.maxSessions) this.staticIds.clear();
        this.staticIds.set(proxyId, derived);
      }
    }
    const choice: StickyChoice = {
      key,
      epoch,
      seed: derived.seed,
      sid: derived.sid,
      lifeMinutes,
      pinnedExitId: session?.exitId ?? null,
    };
    if (session) session.choice = choice;
    return choice;
  }
}

/**
 * A lifetime within the range, derived from the session and epoch rather than drawn at random, so
 * that gateway workers holding the same session agree on it.
 */
const pickLife = (range: { min: number; max: number }, key: string, epoch: number): number =>
  Math.round(range.min + (hashString(`${key}\u0000${epoch}`) / 0x1_0000_0000) * (range.max - range.min));

/** Whole minutes of a lifetime, for `{life}`; an endless one counts as a day. */
const minutesOf = (lifeMs: number): number =>
  Number.isFinite(lifeMs) ? Math.max(1, Math.round(lifeMs / MINUTE_MS)) : FOREVER_MINUTES;

/** A stable alphanumeric session id for upstream templates when the client gave none. */
const derivedSessionId = (proxyId: string, mode: string, epoch: number): string =>
  createHash('sha256').update(`${proxyId}:${mode}:${epoch}`).digest('hex').slice(0, 16);
