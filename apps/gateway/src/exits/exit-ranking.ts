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
const mix = (a: number, b: number): number => {
  let h = (a ^ Math.imul(b, 0x9e3779b1)) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
};

/**
 * Orders exits for one connection by rendezvous hashing of (seed, exit id): the same seed picks
 * the same exit, and removing or adding other exits does not move it. The pinned exit (the one a
 * session is using) comes first when still offered. Answers at most `limit` exits.
 */
export const rankExits = (
  exits: readonly Exit[],
  seed: number,
  pinnedExitId: string | null,
  limit: number,
) => {
  const scored = exits.map((exit) => ({
    exit,
    score: exit.id === pinnedExitId ? Number.POSITIVE_INFINITY : mix(seed, hashString(exit.id)),
  }));
  scored.sort((a, b) => b.score - a.score || (a.exit.id < b.exit.id ? -1 : 1));
  return scored.slice(0, limit).map((entry) => entry.exit);
};
