import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Region names in `locale` (`Intl.DisplayNames`), or `undefined` where the browser has none. */
const regionNames = (locale: string): Intl.DisplayNames | undefined => {
  try {
    return new Intl.DisplayNames([locale, 'en'], { type: 'region', fallback: 'none' });
  } catch {
    return undefined;
  }
};

/**
 * A country's name in the interface language from its ISO code, or `undefined` when the
 * browser does not know it (the caller then shows the server's English name or the code).
 */
export const useCountryName = (): ((code: string) => string | undefined) => {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const names = regionNames(i18n.language);
    return (code: string) => {
      const upper = code.toUpperCase();
      const name = names?.of(upper);
      return name && name !== upper ? name : undefined;
    };
  }, [i18n.language]);
};
