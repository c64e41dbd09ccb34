import { theme } from 'antd';
import { useMemo } from 'react';
import { useStore } from '../../shared/store/create-store';
import { settingsStore } from '../settings/settings.store';
import type { ChartColors } from './chart-options';
import type { ChartTheme } from './e-chart';

/** The chart theme and colours of the current antd theme (settings drawer: dark mode, theme colour). */
export const useChartTheme = (): { theme: ChartTheme; colors: ChartColors } => {
  const { token } = theme.useToken();
  const mode = useStore(settingsStore).theme;
  const colors = useMemo<ChartColors>(
    () => ({
      series: [
        token.colorPrimary,
        token.colorSuccess,
        token.colorWarning,
        token['purple-6'] ?? '#722ed1',
        token['cyan-6'] ?? '#13c2c2',
        token.colorError,
      ],
      text: token.colorText,
      secondaryText: token.colorTextSecondary,
      split: token.colorSplit,
      tooltipBackground: token.colorBgElevated,
    }),
    [token],
  );
  return { theme: mode === 'dark' ? 'dark' : 'light', colors };
};
