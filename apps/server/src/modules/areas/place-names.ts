import { cityKey } from '@ptc/db';

type Catalogue = typeof import('country-state-city');

let loading: Promise<Catalogue> | null = null;
let catalogue: Catalogue | null = null;
/** City names per country and state (`US/NY`, or `US/` for a whole country), by city key. */
const citiesByScope = new Map<string, Map<string, string>>();

/**
 * The country-state-city catalogue, imported on first use only (it is large): the area lists and
 * the proxy lists load it when they have a place to name.
 */
export const loadPlaceCatalogue = (): Promise<Catalogue> => {
  loading ??= import('country-state-city').then((module) => {
    catalogue = module;
    return module;
  });
  return loading;
};

/**
 * The English name of a city key ("newyork" → "New York") in a country and, when known, a state;
 * undefined when the catalogue has no such city or is not loaded yet (await
 * {@link loadPlaceCatalogue} first).
 */
export const cityNameOf = (country: string, state: string | null, key: string): string | undefined => {
  if (!catalogue) return undefined;
  const scope = `${country.toUpperCase()}/${state?.toUpperCase() ?? ''}`;
  let names = citiesByScope.get(scope);
  if (!names) {
    const cities =
      (state
        ? catalogue.City.getCitiesOfState(country.toUpperCase(), state.toUpperCase())
        : catalogue.City.getCitiesOfCountry(country.toUpperCase())) ?? [];
    names = new Map(cities.map((city) => [cityKey(city.name), city.name]));
    citiesByScope.set(scope, names);
  }
  return names.get(key);
};
