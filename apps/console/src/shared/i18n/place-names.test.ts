import english from 'cldr-dates-full/main/en/timeZoneNames.json';
import russian from 'cldr-dates-full/main/ru/timeZoneNames.json';
import chinese from 'cldr-dates-full/main/zh/timeZoneNames.json';
import { describe, expect, it } from 'vitest';
import {
  buildCityNames,
  type CityNames,
  cityName,
  countryName,
  createPlaceNamer,
  placeKey,
} from './place-names';

type Files = Parameters<typeof buildCityNames>[0];
const ruCities = buildCityNames(english as unknown as Files, russian as unknown as Files);
const zhCities = buildCityNames(english as unknown as Files, chinese as unknown as Files);

/** Cities of the demo supply (`packages/db/src/seed/demo-supply.ts`) as the supply keys them. */
const DEMO_CITY_KEYS = [
  'newyorkcity',
  'losangeles',
  'chicago',
  'taipei',
  'london',
  'berlin',
  'paris',
  'tokyo',
];

describe('place names in the customer’s language', () => {
  it('names the cities of the supply from CLDR’s exemplar cities', () => {
    expect(cityName('losangeles', 'Los Angeles', ruCities)).toBe('Лос-Анджелес');
    expect(cityName('losangeles', 'Los Angeles', zhCities)).toBe('洛杉矶');
    expect(cityName('saopaulo', 'São Paulo', ruCities)).toBe('Сан-Паулу');
    // The catalogue's "New York City" is CLDR's "New York".
    expect(cityName('newyorkcity', 'New York City', ruCities)).toBe('Нью-Йорк');
    for (const key of DEMO_CITY_KEYS) expect(ruCities.has(key.replace(/city$/, '')), key).toBe(true);
  });

  it('finds a city by its English exemplar where the zone keeps an old name (Asia/Calcutta is Kolkata)', () => {
    expect(cityName('kolkata', 'Kolkata', ruCities)).toBe('Калькутта');
  });

  it('falls back to the English name, else the key made readable, where CLDR has no city', () => {
    expect(cityName('houston', 'Houston', ruCities)).toBe('Houston');
    expect(cityName('houston', null, ruCities)).toBe('Houston');
    expect(cityName('losangeles', 'Los Angeles', undefined)).toBe('Los Angeles');
  });

  it('leaves out zones that are no city', () => {
    expect([...ruCities.values()]).not.toContain('Неизвестный город');
  });

  it('names countries through the browser’s CLDR, the code when unknown', () => {
    expect(countryName('us', 'ru-RU')).toBe('Соединенные Штаты');
    expect(countryName('US', 'zh-CN')).toBe('美国');
    expect(countryName('US', 'en-US')).toBe('United States');
    expect(countryName('XZ', 'ru-RU')).toBe('XZ');
  });

  it('names a whole place most specific first, in Chinese from the country down', () => {
    const area = {
      country: 'US',
      state: 'CA',
      city: 'losangeles',
      city_name: 'Los Angeles',
      label: 'Los Angeles, California, United States',
    };
    expect(createPlaceNamer('ru-RU', ruCities).place(area)).toBe('Лос-Анджелес, CA, Соединенные Штаты');
    expect(createPlaceNamer('zh-CN', zhCities).place(area)).toBe('美国 CA 洛杉矶');
    expect(createPlaceNamer('en-US').place(area)).toBe('Los Angeles, CA, United States');
    expect(createPlaceNamer('en-US').place({ country: null, label: 'Office exit' })).toBe('Office exit');
  });

  it('keys a name as the supply does', () => {
    expect(placeKey('São Paulo')).toBe('saopaulo');
    expect(placeKey('New York City')).toBe('newyorkcity');
  });

  it('keeps the tables small: one name per city, a few hundred cities', () => {
    const table: CityNames = ruCities;
    expect(table.size).toBeGreaterThan(300);
    expect(table.size).toBeLessThan(1200);
  });
});
