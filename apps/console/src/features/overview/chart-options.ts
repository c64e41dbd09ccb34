import { type CostCategory, type CostChart, formatCents } from './cost-summary';
import type { ChartOption } from './e-chart';
import type { UsageSeries } from './traffic-series';

/** Colours of a chart, taken from the antd theme so charts follow the theme colour and dark mode. */
export interface ChartColors {
  series: readonly string[];
  text: string;
  secondaryText: string;
  split: string;
  tooltipBackground: string;
}

/** Minimal HTML escaping for tooltip text (labels are ours, but period names come from the wire). */
const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const tooltipRow = (marker: string, name: string, value: string) =>
  `<div style="display:flex;gap:12px;justify-content:space-between">` +
  `<span>${marker}${escapeHtml(name)}</span><strong>${escapeHtml(value)}</strong></div>`;

/** The `dataIndex` and colour markers of an axis tooltip's entries. */
interface AxisParam {
  dataIndex: number;
  seriesIndex?: number;
  seriesName?: string;
  marker?: unknown;
}

const asParams = (params: unknown): AxisParam[] => (Array.isArray(params) ? params : [params]) as AxisParam[];

const baseOption = (colors: ChartColors) =>
  ({
    backgroundColor: 'transparent',
    color: [...colors.series],
    textStyle: { color: colors.text },
    // The unit sits above the value axis and the legend below the chart, so neither covers the other.
    grid: {
      left: 4,
      right: 12,
      top: 28,
      bottom: 32,
      outerBoundsMode: 'same',
      outerBoundsContain: 'axisLabel',
    },
    tooltip: {
      trigger: 'axis',
      confine: true,
      backgroundColor: colors.tooltipBackground,
      borderWidth: 0,
      textStyle: { color: colors.text },
      axisPointer: { type: 'shadow' },
    },
    legend: {
      type: 'scroll',
      bottom: 0,
      left: 0,
      right: 0,
      textStyle: { color: colors.secondaryText },
      pageTextStyle: { color: colors.secondaryText },
    },
  }) satisfies ChartOption;

const categoryAxis = (labels: readonly string[], colors: ChartColors) => ({
  type: 'category' as const,
  data: [...labels],
  axisLabel: { color: colors.secondaryText, hideOverlap: true },
  axisTick: { alignWithLabel: true },
});

const valueAxis = (colors: ChartColors, name?: string) => ({
  type: 'value' as const,
  ...(name ? { name, nameTextStyle: { color: colors.secondaryText, align: 'left' as const } } : {}),
  axisLabel: { color: colors.secondaryText },
  splitLine: { lineStyle: { color: colors.split } },
});

/** Names of the traffic series and of the tooltip's total row. */
export interface UsageChartTexts {
  download: string;
  upload: string;
  total: string;
}

/** A stacked bar chart of download and upload per hour or day, the exact total in the tooltip. */
export const usageChartOption = (
  series: UsageSeries,
  texts: UsageChartTexts,
  colors: ChartColors,
): ChartOption => ({
  ...baseOption(colors),
  tooltip: {
    ...baseOption(colors).tooltip,
    formatter: (params: unknown) => {
      const entries = asParams(params);
      const index = entries[0]?.dataIndex ?? 0;
      const rows = entries.map((entry) => {
        const values = entry.seriesIndex === 1 ? series.upload : series.download;
        return tooltipRow(
          typeof entry.marker === 'string' ? entry.marker : '',
          entry.seriesName ?? '',
          `${values[index] ?? 0} ${series.unitText}`,
        );
      });
      return [
        `<div>${escapeHtml(series.titles[index] ?? '')}</div>`,
        ...rows,
        tooltipRow('', texts.total, series.totals[index] ?? ''),
      ].join('');
    },
  },
  xAxis: categoryAxis(series.labels, colors),
  yAxis: valueAxis(colors, series.unitText),
  series: [
    { name: texts.download, type: 'bar', stack: 'traffic', data: series.download, barMaxWidth: 16 },
    { name: texts.upload, type: 'bar', stack: 'traffic', data: series.upload, barMaxWidth: 16 },
  ],
});

/** A stacked bar chart of PTC spent per period and category, the exact amounts in the tooltip. */
export const costChartOption = (
  chart: CostChart,
  categoryName: (category: CostCategory) => string,
  colors: ChartColors,
): ChartOption => ({
  ...baseOption(colors),
  tooltip: {
    ...baseOption(colors).tooltip,
    formatter: (params: unknown) => {
      const entries = asParams(params);
      const index = entries[0]?.dataIndex ?? 0;
      const rows = entries.map((entry) => {
        const category = chart.series[entry.seriesIndex ?? 0]?.category ?? 'total';
        return tooltipRow(
          typeof entry.marker === 'string' ? entry.marker : '',
          entry.seriesName ?? '',
          chart.texts[category][index] ?? '',
        );
      });
      return [
        `<div>${escapeHtml(chart.periods[index] ?? '')}</div>`,
        ...rows,
        tooltipRow('', categoryName('total'), chart.texts.total[index] ?? ''),
      ].join('');
    },
  },
  xAxis: categoryAxis(chart.labels, colors),
  yAxis: {
    ...valueAxis(colors, 'PTC'),
    // Heights are whole cents; ticks stay whole cents so they print exactly.
    minInterval: 1,
    axisLabel: { color: colors.secondaryText, formatter: (value: number) => formatCents(value) },
  },
  series: chart.series.map((series) => ({
    name: categoryName(series.category),
    type: 'bar' as const,
    stack: 'cost',
    data: series.cents,
    barMaxWidth: 24,
  })),
});
