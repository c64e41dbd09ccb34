import { describe, expect, it } from 'vitest';
import type { Exit } from '../ports';
import { makeExit } from '../testing/factories';
import { hashString, mix, rankExits } from './exit-ranking';

/** The ranking by definition: every exit scored, the whole list sorted (what rankExits must equal). */
const byDefinition = (exits: readonly Exit[], seed: number, pinnedExitId: string | null, limit: number) => {
  const score = (exit: Exit) =>
    exit.id === pinnedExitId ? Number.POSITIVE_INFINITY : mix(seed, hashString(exit.id));
  return [...exits]
    .map((exit) => ({ exit, score: score(exit) }))
    .sort((a, b) => b.score - a.score || (a.exit.id < b.exit.id ? -1 : 1))
    .slice(0, limit)
    .map((entry) => entry.exit);
};

describe('exit ranking (rendezvous hashing)', () => {
  const exits = Array.from({ length: 500 }, (_, i) => makeExit({ id: `exit-${i}` }));

  it('answers the best exits of the whole list for any seed, limit and pinned exit', () => {
    for (let seed = 0; seed < 200; seed += 1) {
      const limit = 1 + (seed % 4);
      const pinned = seed % 3 === 0 ? `exit-${(seed * 7) % 500}` : null;
      expect(rankExits(exits, seed * 2_654_435_761, pinned, limit)).toEqual(
        byDefinition(exits, seed * 2_654_435_761, pinned, limit),
      );
    }
  });

  it('keeps a seed on its exit when other exits come and go', () => {
    const [first] = rankExits(exits, 42, null, 1);
    const fewer = exits.filter((exit, i) => exit === first || i % 2 === 0);
    expect(rankExits(fewer, 42, null, 1)).toEqual([first]);
    // A new exit takes the seed only if it outranks the old one; no third exit does.
    const added = makeExit({ id: 'zz-new' });
    expect([first, added]).toContain(rankExits([...exits, added], 42, null, 1)[0]);
  });

  it('answers fewer than the limit when fewer are offered, and nothing for none', () => {
    expect(rankExits(exits.slice(0, 2), 7, null, 3)).toHaveLength(2);
    expect(rankExits([], 7, null, 3)).toEqual([]);
  });
});
