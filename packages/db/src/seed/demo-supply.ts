import { and, count, eq, isNull, sql } from 'drizzle-orm';
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

/** Serialises the demo seeding of processes starting together. */
const SEED_LOCK_KEY = 7_407_015;

/** Static addresses per place and exit type in the demo inventory. */
const STATIC_PER_PLACE = 8;

/**
 * Nominal addresses of the demo static inventory, from the documentation ranges (RFC 5737):
 * residential in 198.51.100.0/24, data center in 203.0.113.0/24. Traffic leaves directly.
 */
const STATIC_RANGES = { residential: '198.51.100', datacenter: '203.0.113' } as const;

/**
 * Nominal addresses of the demo rotating exits, from the benchmarking range 198.18.0.0/15
 * (RFC 2544: never routed): one /24 per place (198.18.<place>.0/24), residential lines 1–4 at .1–.4,
 * data center at .101–.104. Generating by IP (`198.18.0.*`) finds them; traffic leaves directly.
 */
const rotatingIp = (placeIndex: number, type: 'residential' | 'datacenter', line: number) =>
  `198.18.${placeIndex}.${type === 'residential' ? line : 100 + line}`;

/**
 * Demo exits: direct egress from this host, tagged with real places from the catalogue. Every
 * place has rotating exits on every line and type, and a small static inventory per type (leased
 * one proxy at a time), so every product can be tried in the demo.
 */
export const demoExits = async (): Promise<(typeof exits.$inferInsert)[]> => {
  // The catalogue is large; it is loaded only when the demo supply is built.
  const { City, Country, State } = await import('country-state-city');
  return DEMO_PLACES.flatMap(([countryCode, stateCode, cityName], placeIndex) => {
    const country = Country.getCountryByCode(countryCode);
    const state = State.getStateByCodeAndCountry(stateCode, countryCode);
    const city = City.getCitiesOfState(countryCode, stateCode).find(
      (candidate) => candidate.name === cityName,
    );
    if (!country || !state || !city)
      throw new Error(`demo place not in the catalogue: ${cityName}, ${stateCode}, ${countryCode}`);
    const place = {
      kind: 'direct' as const,
      country: countryCode,
      state: stateCode,
      city: cityKey(city.name),
      label: `${city.name}, ${state.name}, ${country.name}`,
      isDemo: true,
    };
    return (['residential', 'datacenter'] as const).flatMap((type) => [
      ...[1, 2, 3, 4].map((line) => ({ ...place, type, line, ip: rotatingIp(placeIndex, type, line) })),
      ...Array.from({ length: STATIC_PER_PLACE }, (_, i) => ({
        ...place,
        type,
        line: 1,
        isStatic: true,
        ip: `${STATIC_RANGES[type]}.${placeIndex * STATIC_PER_PLACE + i + 1}`,
      })),
    ]);
  });
};

/**
 * Gives the demo rotating exits of an installation seeded before they had addresses theirs (by
 * place, type and line); answers how many it updated.
 */
const addressRotatingDemoExits = async (db: Database): Promise<number> => {
  const unaddressed = await db
    .select({ id: exits.id })
    .from(exits)
    .where(and(eq(exits.isDemo, true), eq(exits.isStatic, false), isNull(exits.ip)))
    .limit(1);
  if (unaddressed.length === 0) return 0;
  let updated = 0;
  for (const exit of (await demoExits()).filter((candidate) => !candidate.isStatic)) {
    const rows = await db
      .update(exits)
      .set({ ip: exit.ip })
      .where(
        and(
          eq(exits.isDemo, true),
          eq(exits.isStatic, false),
          isNull(exits.ip),
          eq(exits.country, exit.country ?? ''),
          sql`${exits.state} is not distinct from ${exit.state ?? null}`,
          eq(exits.city, exit.city ?? ''),
          eq(exits.type, exit.type ?? 'residential'),
          eq(exits.line, exit.line ?? 1),
        ),
      )
      .returning({ id: exits.id });
    updated += rows.length;
  }
  return updated;
};

/**
 * Seeds the demo supply when there is no supply at all, and the demo static inventory when the
 * supply is all demo but has no static addresses yet (installations seeded before it existed);
 * gives demo rotating exits seeded without addresses theirs; never touches an operator's own
 * exits. Answers how many exits it added.
 */
export const seedDemoSupply = (db: Database): Promise<number> =>
  // Processes starting together take turns: one seeds, the others find the supply there (the
  // inventory holds each static address once, so a second seed would fail the start).
  db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    await t.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [all] = await t.select({ n: count() }).from(exits);
    if ((all?.n ?? 0) === 0) {
      const values = await demoExits();
      await t.insert(exits).values(values);
      return values.length;
    }
    await addressRotatingDemoExits(t);
    const [own] = await t.select({ n: count() }).from(exits).where(eq(exits.isDemo, false));
    const [statics] = await t.select({ n: count() }).from(exits).where(eq(exits.isStatic, true));
    if ((own?.n ?? 0) > 0 || (statics?.n ?? 0) > 0) return 0;
    // The catalogue is loaded only when something is seeded.
    const inventory = (await demoExits()).filter((exit) => exit.isStatic);
    await t.insert(exits).values(inventory);
    return inventory.length;
  });
