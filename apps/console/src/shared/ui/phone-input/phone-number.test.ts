import { describe, expect, it, vi } from 'vitest';
import {
  acceptPhoneText,
  detectTypedCountry,
  effectiveMode,
  formatPhoneText,
  parsePhoneText,
  resolveMode,
  restrictPhoneCharacters,
  switchCountryText,
  toPhoneValue,
  validatePhoneValue,
} from './phone-number';

describe('resolveMode', () => {
  it('defaults to auto', () => {
    expect(resolveMode(undefined)).toBe('auto');
  });

  it('logs "Invalid value of prop mode" for an unknown mode and uses international', () => {
    const log = vi.fn();
    expect(resolveMode('sideways', log)).toBe('international');
    expect(log).toHaveBeenCalledWith('Invalid value of prop mode');
  });

  it('keeps a known mode without logging', () => {
    const log = vi.fn();
    expect(resolveMode('national', log)).toBe('national');
    expect(log).not.toHaveBeenCalled();
  });
});

describe('effectiveMode', () => {
  it('reads text starting with + as international in auto mode, anything else as national', () => {
    expect(effectiveMode('auto', '+44 20')).toBe('international');
    expect(effectiveMode('auto', '020 7946')).toBe('national');
    expect(effectiveMode('national', '+44')).toBe('national');
  });
});

describe('parsePhoneText', () => {
  it('parses a national US number into the parse result of SPEC §3', () => {
    expect(parsePhoneText('(415) 555-0123', { mode: 'auto', country: 'US' })).toEqual({
      countryCode: 'US',
      valid: true,
      country: 'US',
      formatted: '(415) 555-0123',
      nationalNumber: '4155550123',
      countryCallingCode: '1',
      number: '+14155550123',
      ext: undefined,
      error: undefined,
    });
  });

  it('formats an international entry internationally', () => {
    const result = parsePhoneText('+14155550123', { mode: 'auto', country: 'DE' });
    expect(result.valid).toBe(true);
    expect(result.formatted).toBe('+1 415 555 0123');
    expect(result.countryCode).toBe('US');
  });

  it('reports NOT_A_NUMBER for text without a number', () => {
    expect(parsePhoneText('call me', { mode: 'auto', country: 'US' }).error).toBe('NOT_A_NUMBER');
  });

  it('reports INVALID_COUNTRY for an unknown calling code or a national number without a country', () => {
    expect(parsePhoneText('+999123456', { mode: 'auto', country: undefined }).error).toBe('INVALID_COUNTRY');
    expect(parsePhoneText('4155550123', { mode: 'auto', country: undefined }).error).toBe('INVALID_COUNTRY');
  });

  it('reports TOO_SHORT below 2 national digits and for numbers shorter than the country uses', () => {
    expect(parsePhoneText('5', { mode: 'auto', country: 'US' }).error).toBe('TOO_SHORT');
    expect(parsePhoneText('+1415555', { mode: 'auto', country: undefined }).error).toBe('TOO_SHORT');
  });

  it('reports TOO_LONG beyond 17 national digits, and for raw input over 250 characters', () => {
    expect(parsePhoneText('+1415555012345678901', { mode: 'auto', country: undefined }).error).toBe(
      'TOO_LONG',
    );
    expect(parsePhoneText(`+1${'5'.repeat(250)}`, { mode: 'auto', country: undefined }).error).toBe(
      'TOO_LONG',
    );
  });

  it('refuses a number of the right length that the country does not use', () => {
    const result = parsePhoneText('+11115550123', { mode: 'auto', country: undefined });
    expect(result.valid).toBe(false);
    expect(result.error).toBe('INVALID');
  });
});

describe('formatPhoneText', () => {
  it('formats national digits as the user types', () => {
    expect(formatPhoneText('4155550', { mode: 'auto', country: 'US' })).toBe('(415) 555-0');
    expect(formatPhoneText('4155550123', { mode: 'national', country: 'US' })).toBe('(415) 555-0123');
  });

  it('formats international entries with spaces', () => {
    expect(formatPhoneText('+442079460000', { mode: 'auto', country: 'US' })).toBe('+44 20 7946 0000');
  });

  it('shows a national entry with the calling code in the international mode', () => {
    expect(formatPhoneText('4155550123', { mode: 'international', country: 'US' })).toBe('+1 415 555 0123');
  });

  it('leaves empty text alone', () => {
    expect(formatPhoneText('', { mode: 'auto', country: 'US' })).toBe('');
  });
});

describe('restrictPhoneCharacters and acceptPhoneText', () => {
  it('keeps only digits, spaces, +, - and parentheses', () => {
    expect(restrictPhoneCharacters('+1 (415) 555-01a2b3.')).toBe('+1 (415) 555-0123');
  });

  it('drops restricted characters only when the restriction is on', () => {
    expect(acceptPhoneText('', '415x', { validCharactersOnly: true })).toBe('415');
    expect(acceptPhoneText('', '415x', { validCharactersOnly: false })).toBe('415x');
  });

  it('cuts raw input at 250 characters', () => {
    expect(acceptPhoneText('', '1'.repeat(300), { validCharactersOnly: true })).toHaveLength(250);
  });

  it('keeps the previous text when a custom pattern refuses the new one', () => {
    const pattern = /^[\d ]*$/;
    expect(acceptPhoneText('415', '415-', { validCharactersOnly: true, pattern })).toBe('415');
    expect(acceptPhoneText('415', '415 5', { validCharactersOnly: true, pattern })).toBe('415 5');
  });
});

describe('toPhoneValue', () => {
  it('hands the form E.164 for a national entry', () => {
    expect(toPhoneValue('(415) 555-0123', { mode: 'auto', country: 'US' })).toBe('+14155550123');
  });

  it('hands the form E.164 for an international entry', () => {
    expect(toPhoneValue('+44 20 7946 0000', { mode: 'auto', country: 'US' })).toBe('+442079460000');
  });

  it('keeps an incomplete number under its calling code so that validation can tell why', () => {
    expect(toPhoneValue('5', { mode: 'auto', country: 'US' })).toBe('+15');
    expect(validatePhoneValue('+15')).toBe('TOO_SHORT');
  });

  it('hands over text that is not a number as typed, and nothing for empty text', () => {
    expect(toPhoneValue('abc', { mode: 'auto', country: 'US' })).toBe('abc');
    expect(toPhoneValue('  ', { mode: 'auto', country: 'US' })).toBe('');
  });
});

describe('validatePhoneValue', () => {
  it('accepts a valid E.164 number', () => {
    expect(validatePhoneValue('+14155550123')).toBeUndefined();
    expect(validatePhoneValue('+8613800138000')).toBeUndefined();
  });

  it('reports each parse error', () => {
    expect(validatePhoneValue('abc')).toBe('NOT_A_NUMBER');
    expect(validatePhoneValue('+999123456')).toBe('INVALID_COUNTRY');
    expect(validatePhoneValue('+1415')).toBe('TOO_SHORT');
    expect(validatePhoneValue('+14155550123456789')).toBe('TOO_LONG');
  });

  it('refuses countries outside the allow-list or on the block-list', () => {
    expect(validatePhoneValue('+14155550123', { onlyCountries: ['GB'] })).toBe('INVALID_COUNTRY');
    expect(validatePhoneValue('+14155550123', { ignoredCountries: ['us'] })).toBe('INVALID_COUNTRY');
    expect(validatePhoneValue('+442079460000', { onlyCountries: ['GB'] })).toBeUndefined();
  });
});

describe('country switching', () => {
  it('detects the country of an international entry', () => {
    expect(detectTypedCountry('+44 20 7946')).toBe('GB');
    expect(detectTypedCountry('+49')).toBe('DE');
    expect(detectTypedCountry('020 7946')).toBeUndefined();
  });

  it('keeps the chosen country while the number fits it, else takes the calling code’s main country', () => {
    expect(detectTypedCountry('+1 20', 'CA')).toBe('CA');
    expect(detectTypedCountry('+1 20', 'GB')).toBe('US');
  });

  it('moves an international entry to the calling code of the picked country', () => {
    expect(switchCountryText('+1 415 555 0123', 'GB', 'auto')).toBe('+44 4155550123');
  });

  it('starts an empty international field with the calling code, and keeps national text', () => {
    expect(switchCountryText('', 'DE', 'international')).toBe('+49');
    expect(switchCountryText('', 'DE', 'auto')).toBe('');
    expect(switchCountryText('030 1234', 'DE', 'auto')).toBe('030 1234');
  });
});
