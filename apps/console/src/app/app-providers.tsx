import { DEFAULT_LOCALE } from '@ptc/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, theme } from 'antd';
import { type ReactNode, useEffect, useMemo } from 'react';
import { settingsStore } from '../features/settings/settings.store';
import { queryClient } from '../shared/api/query-client';
import { isLocale } from '../shared/i18n/detect-locale';
import { getAntdLocale } from '../shared/i18n/i18n';
import { useTranslation } from '../shared/i18n/use-translation';
import { useStore } from '../shared/store/create-store';
import { FeedbackRoot } from '../shared/ui/feedback-root';
import { READABLE_SECONDARY_TEXT, toReadableShade } from './accessible-colors';

/** Filter of the colour-weak mode, as in the Arco Design Pro settings it mirrors. */
const COLOR_WEAK_FILTER = 'invert(80%)';

/** antd configured from the page settings (theme, colour) and the interface language. */
const ThemedApp = ({ children }: { children: ReactNode }) => {
  const settings = useStore(settingsStore);
  const { i18n: current } = useTranslation();
  const locale = isLocale(current.language) ? current.language : DEFAULT_LOCALE;
  const isDark = settings.theme === 'dark';

  useEffect(() => {
    document.body.style.filter = settings.colorWeak ? COLOR_WEAK_FILTER : '';
  }, [settings.colorWeak]);

  useEffect(() => {
    document.documentElement.dataset.theme = settings.theme;
    document.documentElement.style.colorScheme = settings.theme;
  }, [settings.theme]);

  const themeConfig = useMemo(() => {
    // antd's styles are compiled at build time (app/antd-styles.ts); the theme only sets variables.
    const zeroRuntime = true;
    if (isDark) {
      return { algorithm: theme.darkAlgorithm, zeroRuntime, token: { colorPrimary: settings.colorPrimary } };
    }
    // Light mode: the chosen colour's readable shade for buttons, links and tabs, and secondary
    // text dark enough to read (WCAG AA; issue #16 measured 3.4:1 and 4.1:1 before).
    const primary = toReadableShade(settings.colorPrimary);
    return {
      algorithm: theme.defaultAlgorithm,
      zeroRuntime,
      token: {
        colorPrimary: primary,
        colorLink: primary,
        colorTextDescription: READABLE_SECONDARY_TEXT,
        colorTextTertiary: READABLE_SECONDARY_TEXT,
      },
    };
  }, [isDark, settings.colorPrimary]);

  // antd's own texts (dialog buttons, pickers, empty states) come with the language's pack.
  return (
    <ConfigProvider locale={getAntdLocale(locale)} theme={themeConfig}>
      <FeedbackRoot>{children}</FeedbackRoot>
    </ConfigProvider>
  );
};

/** Every context the console needs: data cache, translations, antd theme and locale. */
export const AppProviders = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>
    <ThemedApp>{children}</ThemedApp>
  </QueryClientProvider>
);
