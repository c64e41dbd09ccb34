import { count } from 'drizzle-orm';
import type { Database } from '../open-database';
import { exits } from '../schema';

/** Places of the demo supply: [country, state code, city name] as the catalogue spells them. */
const DEMO_PLACES: readonly [string, string, string][] = [
  ['US', 'NY', 'New York City'],
  ['US', 'CA', 'Los Angeles'],
  ['US', 'TX', 'Houston'],
  ['US', 'IL', 'Chicago'],
  ['US', 'FL', 'Miami'],
  ['TW', 'TPE', 'Taipei'],
  ['GB', 'ENG', 'London'],
  ['DE', 'BE', 'Berlin'],
  ['FR', 'IDF', 'Paris'],
  ['JP', '13', 'Tokyo'],
  ['SG', '01', 'Singapore'],
  ['BR', 'SP', 'São Paulo'],
  ['IN', 'MH', 'Mumbai'],
  ['CA', 'ON', 'Toronto'],
  ['AU', 'NSW', 'Sydney'],
  ['NL', 'NH', 'Amsterdam'],
  ['KR', '11', 'Seoul'],
  ['ES', 'MD', 'Madrid'],
  ['IT', '62', 'Rome'],
];

/** The catalogue's key for a city: lower-case letters and digits only ("newyorkcity"). */
export const cityKey = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** Demo exits: direct egress from this host, tagged with real places from the catalogue. */
export const demoExits = async (): Promise<(typeof exits.$inferInsert)[]> => {
  // The catalogue is large; it is loaded only when the demo supply is built.
  const { City, Country, State } = await import('country-state-city');
  return DEMO_PLACES.flatMap(([countryCode, stateCode, cityName]) => {
    const country = Country.getCountryByCode(countryCode);
    const state = State.getStateByCodeAndCountry(stateCode, countryCode);
    const city = City.getCitiesOfState(countryCode, stateCode).find(
      (candidate) => candidate.name === cityName,
    );
    if (!country || !state || !city)
      throw new Error(`demo place not in the catalogue: ${cityName}, ${stateCode}, ${countryCode}`);
    const label = `${city.name}, ${state.name}, ${country.name}`;
    // Every line and both exit types, so every product can be tried in the demo.
    return (['residential', 'datacenter'] as const).flatMap((type) =>
      [1, 2, 3, 4].map((line) => ({
        kind: 'direct' as const,
        type,
        line,
        country: countryCode,
        state: stateCode,
        city: cityKey(city.name),
        label,
        isDemo: true,
      })),
    );
  });
};

/** Seeds the demo supply when there is no supply at all; answers how many exits it added. */
export const seedDemoSupply = async (db: Database): Promise<number> => {
  const [row] = await db.select({ n: count() }).from(exits);
  if ((row?.n ?? 0) > 0) return 0;
  const values = await demoExits();
  await db.insert(exits).values(values);
  return values.length;
};
