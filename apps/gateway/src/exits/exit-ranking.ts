import type { Exit } from '../ports';

/** FNV-1a, 32 bits: a stable, fast hash of a string (not for secrets). */
export const hashString = (text: string): number => {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
};

/** Mixes two 32-bit hashes (MurmurHash3's finaliser over their combination). */
export const mix = (a: number, b: number): number => {
  let h = (a ^ Math.imul(b, 0x9e3779b1)) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
};

/**
 * The id hashes of a catalogue answer, computed once per array: the catalogue hands out the same
 * array while its cache entry lives, and a rotating proxy's area may offer thousands of exits.
 */
const idHashes = new WeakMap<readonly Exit[], Uint32Array>();
const idHashesOf = (exits: readonly Exit[]): Uint32Array => {
  let hashes = idHashes.get(exits);
  if (!hashes) {
    hashes = new Uint32Array(exits.length);
    for (let i = 0; i < exits.length; i += 1) hashes[i] = hashString((exits[i] as Exit).id);
    idHashes.set(exits, hashes);
  }
  return hashes;
};

/**
 * Orders exits for one connection by rendezvous hashing of (seed, exit id): the same seed picks
 * the same exit, and removing or adding other exits does not move it. The pinned exit (the one a
 * session is using) comes first when still offered. Answers at most `limit` exits: the best ones,
 * kept in one pass (no sort of the whole list, which runs on every connection).
 */
export const rankExits = (
  exits: readonly Exit[],
  seed: number,
  pinnedExitId: string | null,
  limit: number,
): readonly Exit[] => {
  // A rotating proxy keeps its seed for minutes: its connections meanwhile ask for the same ranking.
  let recent = rankings.get(exits);
  if (!recent) {
    recent = new Map();
    rankings.set(exits, recent);
  }
  const key = `${seed}:${limit}:${pinnedExitId ?? ''}`;
  const known = recent.get(key);
  if (known) return known;
  const ranked = rankAll(exits, seed, pinnedExitId, limit);
  if (recent.size >= RECENT_RANKINGS) recent.clear();
  recent.set(key, ranked);
  return ranked;
};

/** Rankings recently answered per catalogue answer (a few hundred at most, then forgotten). */
const rankings = new WeakMap<readonly Exit[], Map<string, readonly Exit[]>>();
const RECENT_RANKINGS = 256;

const rankAll = (
  exits: readonly Exit[],
  seed: number,
  pinnedExitId: string | null,
  limit: number,
): Exit[] => {
  const hashes = idHashesOf(exits);
  const best: Exit[] = [];
  const scores: number[] = [];
  for (let i = 0; i < exits.length; i += 1) {
    const exit = exits[i] as Exit;
    const score = exit.id === pinnedExitId ? Number.POSITIVE_INFINITY : mix(seed, hashes[i] as number);
    // Higher scores first; equal scores by id.
    let at = best.length;
    while (at > 0) {
      const other = scores[at - 1] as number;
      if (other > score || (other === score && (best[at - 1] as Exit).id < exit.id)) break;
      at -= 1;
    }
    if (at >= limit) continue;
    best.splice(at, 0, exit);
    scores.splice(at, 0, score);
    if (best.length > limit) {
      best.pop();
      scores.pop();
    }
  }
  return best;
};
