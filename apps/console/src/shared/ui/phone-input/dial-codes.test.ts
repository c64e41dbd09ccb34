import { describe, expect, it } from 'vitest';
import {
  arrangeDialCodes,
  countryFlag,
  createRegionNamer,
  deriveAreaCodes,
  isCountryAllowed,
  listDialCodes,
} from './dial-codes';

describe('countryFlag', () => {
  it('builds the emoji flag from the ISO code', () => {
    expect(countryFlag('us')).toBe('🇺🇸');
    expect(countryFlag('CN')).toBe('🇨🇳');
    expect(countryFlag('?')).toBe('');
  });
});

describe('listDialCodes', () => {
  const list = listDialCodes(createRegionNamer('en-US'), 'en-US');

  it('lists every country with its name, calling code and priority', () => {
    expect(list.length).toBeGreaterThan(200);
    expect(list.find((entry) => entry.iso2 === 'US')).toMatchObject({
      name: 'United States',
      dialCode: '1',
      priority: 0,
      areaCodes: null,
    });
    expect(list.find((entry) => entry.iso2 === 'CA')?.priority).toBeGreaterThan(0);
  });

  it('gives the area codes of a country sharing its calling code', () => {
    expect(list.find((entry) => entry.iso2 === 'KZ')).toMatchObject({ dialCode: '7', areaCodes: ['7'] });
  });

  it('names countries in the interface language and sorts by name', () => {
    const chinese = listDialCodes(createRegionNamer('zh-CN'), 'zh-CN');
    expect(chinese.find((entry) => entry.iso2 === 'US')?.name).toBe('美国');
    const names = list.map((entry) => entry.name);
    expect(names.slice(0, 3)).toEqual([...names.slice(0, 3)].sort((a, b) => a.localeCompare(b, 'en-US')));
  });
});

describe('deriveAreaCodes', () => {
  it('finds the shortest prefixes the leading-digits pattern accepts', () => {
    expect(deriveAreaCodes('33|7', '7')).toEqual(['7', '33']);
    expect(deriveAreaCodes('204|226', '1')).toEqual(['204', '226']);
  });
});

describe('country filters', () => {
  const list = listDialCodes(() => undefined);

  it('applies the allow-list and the block-list', () => {
    expect(isCountryAllowed('us', { onlyCountries: ['US', 'GB'] })).toBe(true);
    expect(isCountryAllowed('DE', { onlyCountries: ['US', 'GB'] })).toBe(false);
    expect(isCountryAllowed('CN', { ignoredCountries: ['cn'] })).toBe(false);
  });

  it('puts preferred countries first, in their order, without repeating them', () => {
    const arranged = arrangeDialCodes(list, { preferredCountries: ['RU', 'CN'], ignoredCountries: ['US'] });
    expect(arranged.slice(0, 2).map((entry) => entry.iso2)).toEqual(['RU', 'CN']);
    expect(arranged.filter((entry) => entry.iso2 === 'RU')).toHaveLength(1);
    expect(arranged.some((entry) => entry.iso2 === 'US')).toBe(false);
  });
});
