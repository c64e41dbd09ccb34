import { type GetRef, Input, type InputRef, Select, Space } from 'antd';
import type { CountryCode } from 'libphonenumber-js/min';
import {
  type ChangeEvent,
  type CSSProperties,
  type KeyboardEvent,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { choosePopupPlacement, createTypeToFind, findCountryIndex } from './country-list';
import { detectCountry } from './detect-country';
import { arrangeDialCodes, countryFlag, createRegionNamer, type DialCode, listDialCodes } from './dial-codes';
import {
  acceptPhoneText,
  detectTypedCountry,
  formatPhoneText,
  PHONE_INPUT_DEFAULTS,
  type PhoneInputMode,
  resolveMode,
  switchCountryText,
  toCountryCode,
  toPhoneValue,
} from './phone-number';

/** Props of {@link PhoneInput}; the defaults are those of SPEC §9. */
export interface PhoneInputProps {
  /** E.164 value from the form. */
  value?: string;
  /** Receives E.164 (`+14155550123`), or the raw text when it is not a number. */
  onChange?: (value: string) => void;
  onBlur?: () => void;
  /** `auto` (default), `international` or `national`; anything else logs and means international. */
  mode?: PhoneInputMode | string;
  /** Country chosen at first; otherwise detected from the browser (`autoDefaultCountry`). */
  defaultCountry?: string;
  autoDefaultCountry?: boolean;
  /** Allow-list of countries (ISO codes). */
  onlyCountries?: readonly string[];
  /** Block-list of countries. */
  ignoredCountries?: readonly string[];
  /** Countries at the top of the list, in this order. */
  preferredCountries?: readonly string[];
  /** Keep only digits, spaces, `+ - ( )` (on by default). */
  validCharactersOnly?: boolean;
  /** A pattern the whole text must match; other text is refused as it is typed. */
  pattern?: RegExp;
  /** Format as the user types (on by default). */
  autoFormat?: boolean;
  showFlags?: boolean;
  showDialCodeInList?: boolean;
  placeholder?: string;
  maxLength?: number;
  disabled?: boolean;
  id?: string;
  status?: '' | 'error' | 'warning';
  /** E2E hook of the text field; the country list gets `${testId}-country`. */
  'data-testid'?: string;
  style?: CSSProperties;
}

const browserLanguages = (): readonly string[] =>
  typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);

const browserTimeZone = (): string | undefined => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
};

const COUNTRY_SELECT_WIDTH = 118;

type SelectRef = GetRef<typeof Select>;

/**
 * Phone number field with a country list (flags and dial codes), built on libphonenumber-js:
 * SPEC §5 and §9 behaviour (modes, auto-format, character restriction, country filters,
 * type-to-find, browser-detected default country). Hands the form an E.164 number.
 */
export const PhoneInput = ({
  value,
  onChange,
  onBlur,
  mode: modeProp,
  defaultCountry,
  autoDefaultCountry = true,
  onlyCountries,
  ignoredCountries,
  preferredCountries,
  validCharactersOnly = true,
  pattern,
  autoFormat = true,
  showFlags = true,
  showDialCodeInList = true,
  placeholder,
  maxLength = PHONE_INPUT_DEFAULTS.maxLength,
  disabled,
  id,
  status,
  'data-testid': testId,
  style,
}: PhoneInputProps) => {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const mode = useMemo(() => resolveMode(modeProp), [modeProp]);

  const allCountries = useMemo(() => listDialCodes(createRegionNamer(locale), locale), [locale]);
  const filterKey = JSON.stringify([onlyCountries, ignoredCountries, preferredCountries]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filter arrays are compared by content (filterKey)
  const countries = useMemo(
    () => arrangeDialCodes(allCountries, { onlyCountries, ignoredCountries, preferredCountries }),
    [allCountries, filterKey],
  );

  const [country, setCountry] = useState<CountryCode | undefined>(() => {
    const available = countries.map((entry) => entry.iso2);
    const given = toCountryCode(defaultCountry);
    if (given && available.includes(given)) return given;
    if (!autoDefaultCountry) return toCountryCode(preferredCountries?.[0]) ?? available[0];
    const detected = detectCountry({
      languages: browserLanguages(),
      timeZone: browserTimeZone(),
      available,
      preferred: preferredCountries ?? [],
    });
    return toCountryCode(detected.country);
  });
  const [text, setText] = useState(() => (value ? formatPhoneText(value, { mode, country }) : ''));
  const lastEmitted = useRef(value ?? '');
  const [placement, setPlacement] = useState<'bottomLeft' | 'topLeft'>('bottomLeft');
  const inputRef = useRef<InputRef>(null);
  const selectRef = useRef<SelectRef>(null);
  const typeToFind = useMemo(() => createTypeToFind(), []);

  // A value set from outside (form reset, initial values) replaces the text.
  useEffect(() => {
    const next = value ?? '';
    if (next === lastEmitted.current) return;
    lastEmitted.current = next;
    setText(next ? formatPhoneText(next, { mode, country }) : '');
    const typed = detectTypedCountry(next, country);
    if (typed && countries.some((entry) => entry.iso2 === typed)) setCountry(typed);
  }, [value, mode, country, countries]);

  const emit = (nextText: string, nextCountry: CountryCode | undefined) => {
    const nextValue = toPhoneValue(nextText, { mode, country: nextCountry });
    lastEmitted.current = nextValue;
    onChange?.(nextValue);
  };

  const onTextChange = (event: ChangeEvent<HTMLInputElement>) => {
    const accepted = acceptPhoneText(text, event.target.value, { validCharactersOnly, pattern });
    const typed = detectTypedCountry(accepted, country);
    const nextCountry = typed && countries.some((entry) => entry.iso2 === typed) ? typed : country;
    const inputType = (event.nativeEvent as InputEvent).inputType ?? '';
    const caretAtEnd = event.target.selectionStart === event.target.value.length;
    // Deleting, or editing in the middle, keeps the text as typed so the caret does not jump.
    const shouldFormat = autoFormat && caretAtEnd && !inputType.startsWith('delete');
    const shown = shouldFormat ? formatPhoneText(accepted, { mode, country: nextCountry }) : accepted;
    setText(shown);
    if (nextCountry !== country) setCountry(nextCountry);
    emit(shown, nextCountry);
  };

  const onCountryChange = (next: CountryCode) => {
    const nextText = switchCountryText(text, next, mode);
    setCountry(next);
    setText(nextText);
    if (text !== '' || nextText !== '') emit(nextText, next);
    inputRef.current?.focus();
  };

  const onSelectKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key.length !== 1 || !/\p{L}/u.test(event.key) || event.ctrlKey || event.metaKey) return;
    const prefix = typeToFind.type(event.key, Date.now());
    const current = countries.findIndex((entry) => entry.iso2 === country);
    const index = findCountryIndex(prefix, countries, current);
    const found = countries[index];
    if (!found) return;
    setCountry(found.iso2);
    if (text) emit(switchCountryText(text, found.iso2, mode), found.iso2);
    selectRef.current?.scrollTo({ index, align: 'top' });
  };

  const onOpenChange = (open: boolean) => {
    typeToFind.reset();
    if (!open) return;
    const rect = selectRef.current?.nativeElement?.getBoundingClientRect();
    if (rect) setPlacement(choosePopupPlacement(window.innerHeight - rect.bottom));
  };

  const options = countries.map((entry: DialCode) => ({
    value: entry.iso2,
    label: entry.name,
    title: entry.name,
    entry,
  }));

  return (
    <Space.Compact block style={style}>
      <Select<CountryCode, (typeof options)[number]>
        ref={selectRef}
        value={country}
        options={options}
        onChange={onCountryChange}
        onKeyDown={onSelectKeyDown}
        onOpenChange={onOpenChange}
        placement={placement}
        disabled={disabled}
        showSearch={false}
        popupMatchSelectWidth={300}
        style={{ width: COUNTRY_SELECT_WIDTH, flex: 'none' }}
        aria-label={t('phone.country')}
        data-testid={testId ? `${testId}-country` : undefined}
        labelRender={({ value: selected }) => {
          const code = String(selected ?? '');
          const found = countries.find((entry) => entry.iso2 === code);
          return (
            <span title={found?.name}>
              {showFlags ? `${countryFlag(code)} ` : ''}
              {found ? `+${found.dialCode}` : code}
            </span>
          );
        }}
        optionRender={({ data }) => (
          <span>
            {showFlags ? `${countryFlag(data.entry.iso2)} ` : ''}
            {data.entry.name}
            {showDialCodeInList ? <span style={{ opacity: 0.6 }}>{` +${data.entry.dialCode}`}</span> : null}
          </span>
        )}
      />
      <Input
        ref={inputRef}
        id={id}
        type={PHONE_INPUT_DEFAULTS.type}
        name={PHONE_INPUT_DEFAULTS.name}
        autoComplete="tel"
        inputMode="tel"
        value={text}
        maxLength={maxLength}
        placeholder={placeholder ?? t('phone.placeholder')}
        disabled={disabled}
        status={status}
        onChange={onTextChange}
        onBlur={onBlur}
        data-testid={testId}
      />
    </Space.Compact>
  );
};
