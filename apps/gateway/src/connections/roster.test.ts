import { describe, expect, it } from 'vitest';
import { type Listed, Roster } from './roster';

interface Member extends Listed {
  name: string;
}

const member = (name: string): Member => ({ name, rosterIndex: -1 });
const names = (roster: Roster<Member>) =>
  roster
    .list()
    .map((entry) => entry.name)
    .sort();

describe('Roster', () => {
  it('adds and removes members in any order, each once', () => {
    const roster = new Roster<Member>();
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map(member) as [Member, Member, Member, Member];
    for (const entry of [a, b, c, d]) roster.add(entry);
    expect(roster.remove(b)).toBe(true);
    expect(roster.remove(b)).toBe(false);
    expect(names(roster)).toEqual(['a', 'c', 'd']);
    expect(roster.remove(d)).toBe(true);
    expect(roster.remove(a)).toBe(true);
    expect(names(roster)).toEqual(['c']);
    expect(roster.size).toBe(1);
    expect(b.rosterIndex).toBe(-1);
  });

  it('refuses to remove a member of another roster', () => {
    const first = new Roster<Member>();
    const second = new Roster<Member>();
    const [a, b] = [member('a'), member('b')];
    first.add(a);
    second.add(b);
    expect(first.remove(b)).toBe(false);
    expect(names(second)).toEqual(['b']);
  });

  it('visits the members present when a visit starts, even those removed during it', () => {
    const roster = new Roster<Member>();
    const entries = ['a', 'b', 'c'].map(member);
    for (const entry of entries) roster.add(entry);
    const visited: string[] = [];
    roster.forEach((entry) => {
      visited.push(entry.name);
      for (const other of entries) roster.remove(other);
    });
    expect(visited.sort()).toEqual(['a', 'b', 'c']);
    expect(roster.size).toBe(0);
  });
});
