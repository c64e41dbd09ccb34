import { describe, expect, it } from 'vitest';
import { narrowArea, parseUsername } from './username-params';

describe('parseUsername', () => {
  it('reads a bare username', () => {
    expect(parseUsername('u8f2k1')).toEqual({ ok: true, base: 'u8f2k1', params: {} });
  });

  it('reads every parameter, in any order, with case-insensitive keys', () => {
    expect(parseUsername('u8f2k1-LIFE-3-session-AB12cd-City-NewYork-state-NY-Country-us')).toEqual({
      ok: true,
      base: 'u8f2k1',
      params: { country: 'US', state: 'ny', city: 'newyork', session: 'AB12cd', life: 3 },
    });
  });

  it.each([
    ['', 'username is empty'],
    ['-country-us', 'missing before its parameters'],
    ['u-country', 'parameter "country" has no value'],
    ['u-country-', 'parameter "country" has no value'],
    ['u--country-us', 'empty parameter name'],
    ['u-zone-eu', 'unknown parameter "zone"'],
    ['u-country-us-COUNTRY-de', 'parameter "country" given twice'],
    ['u-country-u', 'country must be 2 letters'],
    ['u-country-u1', 'country must be 2 letters'],
    ['u-state-new_york', 'state must be 1–64 letters or digits'],
    ['u-city-new york', 'city must be 1–64 letters or digits'],
    ['u-session-ab_12', 'session must be 1–32 letters or digits'],
    [`u-session-${'a'.repeat(33)}`, 'session must be 1–32 letters or digits'],
    ['u-life-0', 'life must be minutes from 1 to 1440'],
    ['u-life-1441', 'life must be minutes from 1 to 1440'],
    ['u-life-1.5', 'life must be minutes from 1 to 1440'],
    ['u-life-+3', 'life must be minutes from 1 to 1440'],
  ])('refuses %j: %s', (username, problem) => {
    const parsed = parseUsername(username);
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? '' : parsed.problem).toContain(problem);
  });

  it('keeps client text in problems short and printable', () => {
    const parsed = parseUsername(`u-${'\u0007x'.repeat(100)}-1`);
    const problem = parsed.ok ? '' : parsed.problem;
    expect(problem.startsWith('unknown parameter "?x?x')).toBe(true);
    expect(problem).not.toContain('\u0007');
    expect(problem.length).toBeLessThan(120);
  });

  it('accepts the lifetime bounds', () => {
    expect(parseUsername('u-life-1')).toMatchObject({ ok: true, params: { life: 1 } });
    expect(parseUsername('u-life-1440')).toMatchObject({ ok: true, params: { life: 1440 } });
  });
});

describe('narrowArea', () => {
  it('narrows a country purchase to a state and city', () => {
    expect(narrowArea({ country: 'US' }, { state: 'ny', city: 'newyork' })).toEqual({
      ok: true,
      area: { country: 'US', state: 'ny', city: 'newyork' },
    });
  });

  it('accepts the purchased values again, in any case', () => {
    expect(narrowArea({ country: 'US', state: 'NY' }, { country: 'US', state: 'ny' })).toEqual({
      ok: true,
      area: { country: 'US', state: 'NY' },
    });
  });

  it('lets a proxy without area choose any', () => {
    expect(narrowArea({}, { country: 'DE' })).toEqual({ ok: true, area: { country: 'DE' } });
  });

  it('refuses to leave the purchased area', () => {
    expect(narrowArea({ country: 'US' }, { country: 'DE' })).toEqual({
      ok: false,
      problem: 'country "DE" is outside this proxy\'s area (country "US")',
    });
    expect(narrowArea({ country: 'US', city: 'austin' }, { city: 'dallas' }).ok).toBe(false);
  });
});
