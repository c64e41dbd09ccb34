import { useQuery } from '@tanstack/react-query';
import { Col, Form, type FormInstance, type FormItemProps, Row, Select, Tag, Tooltip } from 'antd';
import { useDeferredValue, useMemo, useState } from 'react';
import { usePlaceNames } from '../../shared/i18n/place-names';
import { useTranslation } from '../../shared/i18n/use-translation';
import {
  type AreaLevel,
  type AreaQuery,
  type AreaUse,
  fetchAreas,
  GENERATOR_QUERY_KEYS,
} from './generators.api';

/** Props of {@link AreaFields}. */
export interface AreaFieldsProps {
  /** The form holding `country`, `state` and `city`. */
  form: FormInstance;
  /** Which supply the lists show (`use_in`). */
  useIn: AreaUse;
  /** The country must be chosen (else "any country"). */
  isCountryRequired: boolean;
  /** Shows the state and city pickers. */
  hasPlaces?: boolean;
  /** The state and city are refused (line 3): shown disabled; the field that refuses them says why. */
  arePlacesDisabled?: boolean;
  /** Checks of the country field instead of "required" (the universal generator's, by precision). */
  countryRules?: FieldRules;
  /** Extra checks of the state field (the universal generator's "state or city"). */
  stateRules?: FieldRules;
  /** E2E hooks: `<prefix>-country`, `<prefix>-state`, `<prefix>-city`. */
  testIdPrefix: string;
}

/** Rules of a form field. */
type FieldRules = NonNullable<FormItemProps['rules']>;

interface Option {
  value: string;
  label: string;
}

/** One level of the cascade, searched on the server by keyword (states and cities come in pages of 100). */
const useAreaOptions = (
  level: AreaLevel,
  query: AreaQuery | null,
  localize?: (code: string, name: string) => string | undefined,
) => {
  const queryKey = GENERATOR_QUERY_KEYS.areas(level, query ?? { use_in: 'dynamic_traffic' });
  const result = useQuery({
    queryKey,
    queryFn: ({ signal }) => fetchAreas(level, query as AreaQuery, signal),
    enabled: query !== null,
    staleTime: 60_000,
    placeholderData: (previous, previousQuery) =>
      // Keep the list while a keyword search of the same level and parent loads.
      previousQuery &&
      JSON.stringify(previousQuery.queryKey.slice(0, 3)) === JSON.stringify(queryKey.slice(0, 3))
        ? previous
        : undefined,
  });
  const options = useMemo<Option[]>(
    () =>
      (result.data?.records ?? []).map((record) => ({
        value: record.code,
        label: localize?.(record.code, record.name) ?? record.name,
      })),
    [result.data, localize],
  );
  return { options, isLoading: result.isFetching, isDemo: result.data?.demo === true };
};

/**
 * The country → state → city cascade of the generators, from `GET /proxy/area/*` with the
 * generator's `use_in`. Choosing a country clears the state and city; choosing a state clears
 * the city. Country names are shown in the interface language.
 */
export const AreaFields = ({
  form,
  useIn,
  isCountryRequired,
  hasPlaces = true,
  arePlacesDisabled = false,
  countryRules,
  stateRules = [],
  testIdPrefix,
}: AreaFieldsProps) => {
  const { t } = useTranslation();
  const country = Form.useWatch<string | undefined>('country', form);
  const state = Form.useWatch<string | undefined>('state', form);
  const [stateKeyword, setStateKeyword] = useState('');
  const [cityKeyword, setCityKeyword] = useState('');
  const deferredStateKeyword = useDeferredValue(stateKeyword.trim());
  const deferredCityKeyword = useDeferredValue(cityKeyword.trim());

  const placeNames = usePlaceNames();
  // Countries and cities in the interface language; the server's English name stands in where
  // there is no localized one (states: CLDR names none).
  const localizeCountry = useMemo(
    () => (code: string, name: string) => {
      const local = placeNames.country(code);
      return local === code.toUpperCase() ? name : local;
    },
    [placeNames],
  );
  const countries = useAreaOptions('countries', { use_in: useIn }, localizeCountry);
  const countryOptions = countries.options;
  const placesOn = hasPlaces && Boolean(country) && !arePlacesDisabled;
  const states = useAreaOptions(
    'states',
    placesOn && country
      ? { use_in: useIn, country, ...(deferredStateKeyword ? { keyword: deferredStateKeyword } : {}) }
      : null,
  );
  // The server searches English names: a keyword in another script ("Лос") filters the
  // localized names here instead.
  const isLocalCityKeyword = /[^\u0020-\u007e]/.test(deferredCityKeyword);
  const cities = useAreaOptions(
    'cities',
    placesOn && country
      ? {
          use_in: useIn,
          country,
          ...(state ? { state } : {}),
          ...(deferredCityKeyword && !isLocalCityKeyword ? { keyword: deferredCityKeyword } : {}),
        }
      : null,
    placeNames.city,
  );
  const cityOptions = isLocalCityKeyword
    ? cities.options.filter((option) =>
        option.label.toLocaleLowerCase().includes(deferredCityKeyword.toLocaleLowerCase()),
      )
    : cities.options;

  const placeHint = !arePlacesDisabled && !country ? t('generators.area.countryFirst') : undefined;

  return (
    <Row gutter={[16, 0]}>
      <Col xs={24} md={hasPlaces ? 8 : 24}>
        <Form.Item
          name="country"
          label={
            <span>
              {t('generators.area.country')}
              {countries.isDemo ? (
                <Tooltip title={t('generators.area.demoHint')}>
                  <Tag color="orange" style={{ marginInlineStart: 8 }}>
                    {t('generators.area.demo')}
                  </Tag>
                </Tooltip>
              ) : null}
            </span>
          }
          rules={
            countryRules ??
            (isCountryRequired ? [{ required: true, message: t('generators.area.countryRequired') }] : [])
          }
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            allowClear
            loading={countries.isLoading}
            placeholder={
              isCountryRequired ? t('generators.area.countryPlaceholder') : t('generators.area.anyCountry')
            }
            options={countryOptions}
            notFoundContent={t('generators.area.none')}
            onChange={() => form.setFieldsValue({ state: undefined, city: undefined })}
            data-testid={`${testIdPrefix}-country`}
            popupMatchSelectWidth={false}
          />
        </Form.Item>
      </Col>
      {hasPlaces ? (
        <>
          <Col xs={24} sm={12} md={8}>
            <Form.Item name="state" label={t('generators.area.state')} extra={placeHint} rules={stateRules}>
              <Select
                showSearch={{ filterOption: false, onSearch: setStateKeyword }}
                allowClear
                disabled={!placesOn}
                loading={states.isLoading}
                placeholder={t('generators.area.anyState')}
                options={states.options}
                notFoundContent={t('generators.area.none')}
                onChange={() => {
                  form.setFieldsValue({ city: undefined });
                  setStateKeyword('');
                }}
                data-testid={`${testIdPrefix}-state`}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} md={8}>
            <Form.Item name="city" label={t('generators.area.city')} dependencies={['state']}>
              <Select
                showSearch={{ filterOption: false, onSearch: setCityKeyword }}
                allowClear
                disabled={!placesOn}
                loading={cities.isLoading}
                placeholder={t('generators.area.anyCity')}
                options={cityOptions}
                notFoundContent={t('generators.area.none')}
                onChange={() => setCityKeyword('')}
                data-testid={`${testIdPrefix}-city`}
              />
            </Form.Item>
          </Col>
        </>
      ) : null}
    </Row>
  );
};
