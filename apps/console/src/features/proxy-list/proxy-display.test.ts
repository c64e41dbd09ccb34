import { describe, expect, it } from 'vitest';
import { locationOf } from './proxy-display';

const area = (overrides: Partial<Parameters<typeof locationOf>[0]>) => ({
  precision: 'city' as const,
  country: 'US',
  state: 'NY',
  city: 'newyork',
  label: null,
  city_name: null,
  ...overrides,
});

describe('where a proxy exits', () => {
  it("names the place in the interface language rather than the exit's own (English) label", () => {
    const labelled = area({ city_name: 'New York', label: 'New York, New York, United States' });
    expect(locationOf(labelled, 'ru-RU')).toBe('New York, NY, Соединенные Штаты');
  });

  it("shows the exit's own label when its area names no place", () => {
    expect(locationOf(area({ country: null, state: null, city: null, label: 'Office exit' }), 'en-US')).toBe(
      'Office exit',
    );
  });

  it('names the city as the server names it, with the state and the country in the interface language', () => {
    expect(locationOf(area({ city_name: 'New York' }), 'en-US')).toBe('New York, NY, United States');
    expect(locationOf(area({ city_name: 'New York' }), 'ru-RU')).toBe('New York, NY, Соединенные Штаты');
  });

  it('falls back to the city key when the server knows no name, and to the country alone', () => {
    expect(locationOf(area({}), 'en-US')).toBe('Newyork, NY, United States');
    expect(locationOf(area({ state: null, city: null, precision: 'country' }), 'en-US')).toBe(
      'United States',
    );
  });
});
