import { useMemo } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { usageChartOption } from '../overview/chart-options';
import { useChartTheme } from '../overview/chart-theme';
import { EChart } from '../overview/e-chart';
import { toUsageSeries, type UsagePoint } from '../overview/traffic-series';
import { useUnitLabel } from '../overview/use-unit-label';

/**
 * Daily traffic of the traffic proxies over 30 days. A module of its own, loaded when the usage
 * tab opens, so the proxy pages do not carry ECharts until then.
 */
const PackageUsageChart = ({ days, height }: { days: readonly UsagePoint[]; height: number }) => {
  const { t } = useTranslation();
  const chartTheme = useChartTheme();
  const unitLabel = useUnitLabel();
  const option = useMemo(
    () =>
      usageChartOption(
        toUsageSeries(days, 'day', unitLabel),
        {
          download: t('trafficPackage.usage.download'),
          upload: t('trafficPackage.usage.upload'),
          total: t('trafficPackage.usage.total'),
        },
        chartTheme.colors,
      ),
    [days, t, unitLabel, chartTheme.colors],
  );
  return (
    <EChart
      option={option}
      theme={chartTheme.theme}
      height={height}
      aria-label={t('trafficPackage.usage.chart')}
      data-testid="traffic-package-usage-chart"
    />
  );
};

export default PackageUsageChart;
