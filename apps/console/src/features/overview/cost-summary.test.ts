import { COST_CATEGORIES } from '@ptc/contracts';
import { describe, expect, it } from 'vitest';
import { formatCents, isNothingSpent, STACKED_CATEGORIES, toCostChart, toCostRows } from './cost-summary';
import type { CostSummary } from './overview.api';

type Costs = CostSummary['totals'];

const costs = (values: Partial<Costs>): Costs =>
  Object.fromEntries(COST_CATEGORIES.map((category) => [category, values[category] ?? '0.000000'])) as Costs;

const summary: CostSummary = {
  statistics_type: 'day',
  start: '2026-03-14',
  end: '2026-03-15',
  records: [
    {
      time: '2026-03-14',
      costs: costs({
        dynamic_traffic: '1.250000',
        dynamic_traffic_line4: '0.250000',
        vm: '3.000000',
        total: '4.250000',
      }),
    },
    {
      time: '2026-03-15',
      costs: costs({
        dynamic_ip: '0.150000',
        static_ip: '7.990000',
        static_ip_residential: '7.990000',
        static_traffic: '0.004999',
        static_traffic_datacenter: '0.004999',
        total: '8.144999',
      }),
    },
  ],
  totals: costs({
    dynamic_ip: '0.150000',
    dynamic_traffic: '1.250000',
    dynamic_traffic_line4: '0.250000',
    static_ip: '7.990000',
    static_ip_residential: '7.990000',
    static_traffic: '0.004999',
    static_traffic_datacenter: '0.004999',
    vm: '3.000000',
    total: '12.394999',
  }),
};

describe('cost categories to the table', () => {
  it('lists every category once, each family followed by its split, the total last', () => {
    const rows = toCostRows(summary.totals);
    expect(rows.map((row) => row.category).sort()).toEqual([...COST_CATEGORIES].sort());
    expect(rows.map((row) => [row.category, row.level, row.text])).toEqual([
      ['dynamic_ip', 0, '0.15'],
      ['dynamic_traffic', 0, '1.25'],
      ['dynamic_traffic_line3', 1, '0.00'],
      ['dynamic_traffic_line4', 1, '0.25'],
      ['static_ip', 0, '7.99'],
      ['static_ip_datacenter', 1, '0.00'],
      ['static_ip_residential', 1, '7.99'],
      ['static_traffic', 0, '0.00'],
      ['static_traffic_datacenter', 1, '0.00'],
      ['static_traffic_residential', 1, '0.00'],
      ['vm', 0, '3.00'],
      ['total', 0, '12.39'],
    ]);
    expect(rows.at(-1)).toMatchObject({ isTotal: true, amount: 12_394_999n });
  });

  it('keeps amounts exact in micro-PTC and counts a malformed one as nothing', () => {
    const rows = toCostRows({ ...summary.totals, dynamic_ip: 'oops' });
    expect(rows.find((row) => row.category === 'static_traffic')?.amount).toBe(4_999n);
    expect(rows.find((row) => row.category === 'dynamic_ip')?.amount).toBe(0n);
  });

  it('leaves out the row of a product the console does not sell (remote PCs) while it cost nothing', () => {
    const rows = toCostRows({ ...summary.totals, vm: '0.000000' });
    expect(rows.map((row) => row.category)).not.toContain('vm');
    expect(rows.map((row) => row.category)).toContain('static_traffic');
    expect(toCostRows({ ...summary.totals, vm: 'oops' }).map((row) => row.category)).not.toContain('vm');
  });
});

describe('cost summary to the chart', () => {
  it('stacks only the categories that add up to the total, per period in order', () => {
    const chart = toCostChart(summary);
    expect(chart.periods).toEqual(['2026-03-14', '2026-03-15']);
    expect(chart.labels).toEqual(['03-14', '03-15']);
    expect(chart.series.map((series) => series.category)).toEqual(STACKED_CATEGORIES);
    expect(Object.fromEntries(chart.series.map((series) => [series.category, series.cents]))).toEqual({
      dynamic_ip: [0, 15],
      dynamic_traffic: [125, 0],
      static_ip: [0, 799],
      static_traffic: [0, 0],
      vm: [300, 0],
    });
    expect(chart.texts.total).toEqual(['4.25', '8.14']);
    expect(chart.texts.static_ip_residential).toEqual(['0.00', '7.99']);
  });

  it('sums the stacked categories to the total of each period', () => {
    const chart = toCostChart(summary);
    const stacked = chart.periods.map((_, index) =>
      chart.series.reduce((sum, series) => sum + (series.cents[index] ?? 0), 0),
    );
    expect(stacked).toEqual([425, 814]);
  });

  it('draws no bars for an unsold product that cost nothing in the range', () => {
    const records = summary.records.map((record) => ({
      ...record,
      costs: { ...record.costs, vm: '0.000000' },
    }));
    const chart = toCostChart({ ...summary, records });
    expect(chart.series.map((series) => series.category)).toEqual(
      STACKED_CATEGORIES.filter((category) => category !== 'vm'),
    );
  });

  it('tells a range where nothing was spent', () => {
    expect(isNothingSpent(summary)).toBe(false);
    const empty = costs({});
    expect(
      isNothingSpent({
        ...summary,
        records: summary.records.map((r) => ({ ...r, costs: empty })),
        totals: empty,
      }),
    ).toBe(true);
  });

  it('labels months in full', () => {
    const chart = toCostChart({
      ...summary,
      statistics_type: 'month',
      records: [{ time: '2026-03', costs: summary.totals }],
    });
    expect(chart.labels).toEqual(['2026-03']);
  });

  it('formats axis ticks given in cents', () => {
    expect(formatCents(0)).toBe('0.00');
    expect(formatCents(1234)).toBe('12.34');
    expect(formatCents(0.5)).toBe('');
  });
});
