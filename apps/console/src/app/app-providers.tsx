import { DEFAULT_LOCALE, type Locale } from '@ptc/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider, theme } from 'antd';
import enUS from 'antd/locale/en_US';
import ruRU from 'antd/locale/ru_RU';
import zhCN from 'antd/locale/zh_CN';
import { type ReactNode, useEffect, useMemo } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { settingsStore } from '../features/settings/settings.store';
import { queryClient } from '../shared/api/query-client';
import { isLocale } from '../shared/i18n/detect-locale';
import { i18n } from '../shared/i18n/i18n';
import { useStore } from '../shared/store/create-store';
import { FeedbackBridge } from './feedback-bridge';

/** antd's own texts (dialog buttons, pickers, empty states) per interface language. */
const ANTD_LOCALES = { 'en-US': enUS, 'zh-CN': zhCN, 'ru-RU': ruRU } satisfies Record<Locale, unknown>;

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

  const themeConfig = useMemo(
    () => ({
      algorithm: isDark ? theme.darkAlgorithm : theme.defaultAlgorithm,
      token: { colorPrimary: settings.colorPrimary },
    }),
    [isDark, settings.colorPrimary],
  );

  return (
    <ConfigProvider locale={ANTD_LOCALES[locale]} theme={themeConfig}>
      <App>
        <FeedbackBridge />
        {children}
      </App>
    </ConfigProvider>
  );
};

/** Every context the console needs: data cache, translations, antd theme and locale. */
export const AppProviders = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>
    <I18nextProvider i18n={i18n}>
      <ThemedApp>{children}</ThemedApp>
    </I18nextProvider>
  </QueryClientProvider>
);
