import { describe, expect, it } from 'vitest';
import { choosePopupPlacement, createTypeToFind, findCountryIndex } from './country-list';

const COUNTRIES = [
  { name: 'Belarus', iso2: 'BY' },
  { name: 'Belgium', iso2: 'BE' },
  { name: 'Brazil', iso2: 'BR' },
  { name: 'Österreich', iso2: 'AT' },
];

describe('type-to-find', () => {
  it('builds a prefix from letters typed within 700 ms', () => {
    const find = createTypeToFind();
    expect(find.type('b', 0)).toBe('b');
    expect(find.type('e', 300)).toBe('be');
    expect(find.type('l', 900)).toBe('bel');
  });

  it('starts over after a pause longer than 700 ms', () => {
    const find = createTypeToFind();
    find.type('b', 0);
    expect(find.type('r', 701)).toBe('r');
  });

  it('starts over after a reset', () => {
    const find = createTypeToFind();
    find.type('b', 0);
    find.reset();
    expect(find.type('r', 10)).toBe('r');
  });

  it('finds the first country starting with the prefix, ignoring case and accents', () => {
    expect(findCountryIndex('belg', COUNTRIES)).toBe(1);
    expect(findCountryIndex('O', COUNTRIES)).toBe(3);
    expect(findCountryIndex('x', COUNTRIES)).toBe(-1);
  });

  it('cycles through the countries of a repeated letter', () => {
    expect(findCountryIndex('bb', COUNTRIES, 0)).toBe(1);
    expect(findCountryIndex('bb', COUNTRIES, 2)).toBe(0);
  });
});

describe('choosePopupPlacement', () => {
  it('opens below when more than 200 px is free below, else above', () => {
    expect(choosePopupPlacement(201)).toBe('bottomLeft');
    expect(choosePopupPlacement(200)).toBe('topLeft');
  });
});
