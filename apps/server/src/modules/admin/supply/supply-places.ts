import { cityKey } from '@ptc/db';
import { cityNameOf, loadPlaceCatalogue } from '../../areas/place-names';

/** A place as an operator writes it: country code, and optionally a state code and a city. */
export interface PlaceInput {
  country: string;
  state?: string | null;
  city?: string | null;
}

/** A place as exits store it: codes as the catalogue spells them, the city as its key, a label. */
export interface Place {
  country: string;
  state: string | null;
  city: string | null;
  label: string;
}

/**
 * Checks a place against the country-state-city catalogue (the one customers pick areas from) and
 * normalises it; answers why not in one sentence when it is not there. Load the catalogue first
 * ({@link loadPlaceCatalogue}); lookups are then synchronous and cached.
 */
export const normalisePlace = async (input: PlaceInput): Promise<Place | string> => {
  const { Country, State } = await loadPlaceCatalogue();
  const countryCode = input.country.trim().toUpperCase();
  const country = Country.getCountryByCode(countryCode);
  if (!country) return `unknown country code "${input.country}"`;
  const stateText = input.state?.trim() ?? '';
  const state = stateText ? State.getStateByCodeAndCountry(stateText.toUpperCase(), countryCode) : undefined;
  if (stateText && !state) return `unknown state code "${stateText}" in ${countryCode}`;
  const cityText = input.city?.trim() ?? '';
  if (!cityText) {
    return {
      country: countryCode,
      state: state?.isoCode ?? null,
      city: null,
      label: state ? `${state.name}, ${country.name}` : country.name,
    };
  }
  const key = cityKey(cityText);
  const name = cityNameOf(countryCode, state?.isoCode ?? null, key);
  if (!key || !name)
    return `unknown city "${cityText}" in ${state ? `${state.isoCode}, ` : ''}${countryCode}`;
  return {
    country: countryCode,
    state: state?.isoCode ?? null,
    city: key,
    label: [name, state?.name, country.name].filter(Boolean).join(', '),
  };
};
