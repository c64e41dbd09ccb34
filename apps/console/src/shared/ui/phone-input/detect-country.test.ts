import { describe, expect, it, vi } from 'vitest';
import { detectCountry, regionOfLanguage } from './detect-country';

const AVAILABLE = ['US', 'GB', 'DE', 'RU', 'CN'];

describe('detectCountry', () => {
  it('takes the region of the browser language', () => {
    expect(
      detectCountry({ languages: ['de-DE', 'en-US'], timeZone: 'Asia/Shanghai', available: AVAILABLE }),
    ).toEqual({
      country: 'DE',
      source: 'language',
    });
  });

  it('falls back to the time zone when the language names no offered region', () => {
    expect(
      detectCountry({ languages: ['ru', 'fr-FR'], timeZone: 'Europe/London', available: AVAILABLE }),
    ).toEqual({
      country: 'GB',
      source: 'timeZone',
    });
  });

  it('warns and uses the first preferred country when nothing is detected', () => {
    const warn = vi.fn();
    const result = detectCountry(
      { languages: ['en'], timeZone: 'Etc/UTC', available: AVAILABLE, preferred: ['ru', 'CN'] },
      warn,
    );
    expect(result).toEqual({ country: 'RU', source: 'fallback' });
    expect(warn).toHaveBeenCalledOnce();
  });

  it('uses the first listed country without preferred ones', () => {
    expect(detectCountry({ languages: [], timeZone: undefined, available: AVAILABLE }, () => {})).toEqual({
      country: 'US',
      source: 'fallback',
    });
  });
});

describe('regionOfLanguage', () => {
  it('reads the region subtag', () => {
    expect(regionOfLanguage('zh-Hans-CN')).toBe('CN');
    expect(regionOfLanguage('en')).toBeUndefined();
    expect(regionOfLanguage('es-419')).toBeUndefined();
    expect(regionOfLanguage('not a tag')).toBeUndefined();
  });
});
