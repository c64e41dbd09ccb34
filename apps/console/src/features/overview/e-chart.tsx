import { BarChart, type BarSeriesOption } from 'echarts/charts';
import {
  GridComponent,
  type GridComponentOption,
  LegendComponent,
  type LegendComponentOption,
  TooltipComponent,
  type TooltipComponentOption,
} from 'echarts/components';
import { type ComposeOption, type EChartsType, init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { type CSSProperties, useEffect, useRef } from 'react';

// Only the parts the console draws (bar charts, axes, legend, tooltip, canvas): ECharts' core is
// most of the chunk, every chart type or component more adds to it.
use([BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** The options the console's charts may use. */
export type ChartOption = ComposeOption<
  BarSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption
>;

/** Colour scheme of the chart, following the settings drawer. */
export type ChartTheme = 'light' | 'dark';

/** Props of {@link EChart}. */
export interface EChartProps {
  option: ChartOption;
  theme?: ChartTheme;
  /** Height of the drawing area (px or any CSS length); the width follows the container. */
  height?: CSSProperties['height'];
  /** What the chart shows, for screen readers (the canvas itself says nothing). */
  'aria-label': string;
  'data-testid'?: string;
}

/**
 * A small React wrapper of ECharts: one instance per mounted element and theme, resized whenever
 * its box changes (a ResizeObserver, so menu collapse and rotation count, not only the window),
 * and disposed on unmount. Options replace the previous ones entirely.
 */
export const EChart = ({ option, theme = 'light', height = 280, ...rest }: EChartProps) => {
  const elementRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<EChartsType | null>(null);
  const optionRef = useRef(option);
  optionRef.current = option;
  /** The option the instance shows, so a new instance does not get the same one twice. */
  const appliedRef = useRef<ChartOption | null>(null);

  useEffect(() => {
    const element = elementRef.current;
    if (!element) return;
    // A theme is fixed at creation, so a theme switch builds a new instance.
    const chart = init(element, theme === 'dark' ? 'dark' : undefined, { renderer: 'canvas' });
    chart.setOption(optionRef.current, { notMerge: true });
    appliedRef.current = optionRef.current;
    chartRef.current = chart;
    const observer = new ResizeObserver(() => {
      if (!chart.isDisposed()) chart.resize();
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.dispose();
      chartRef.current = null;
    };
  }, [theme]);

  useEffect(() => {
    const chart = chartRef.current;
    if (!chart || chart.isDisposed() || appliedRef.current === option) return;
    chart.setOption(option, { notMerge: true });
    appliedRef.current = option;
  }, [option]);

  return (
    <div
      ref={elementRef}
      role="img"
      aria-label={rest['aria-label']}
      data-testid={rest['data-testid']}
      style={{ width: '100%', height, minWidth: 0 }}
    />
  );
};
