import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Empty, Flex, Segmented, Skeleton, Table, type TableColumnsType, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useIsMobile } from '../../shared/ui/use-is-mobile';
import { costChartOption } from './chart-options';
import { useChartTheme } from './chart-theme';
import { CostRangeField, type PickedRange } from './cost-range-field';
import { checkCostRange, DEFAULT_SHORTCUT, shortcutRange, toCostQuery } from './cost-ranges';
import { type CostCategory, type CostRow, isNothingSpent, toCostChart, toCostRows } from './cost-summary';
import { LazyEChart } from './lazy-e-chart';
import { LoadFailed } from './load-failed';
import { type CostPeriod, fetchCostSummary, OVERVIEW_QUERY_KEYS } from './overview.api';
import { RefreshButton } from './refresh-button';

const PERIODS: readonly CostPeriod[] = ['day', 'month'];

const initialRanges = (): Record<CostPeriod, PickedRange> => {
  const today = dayjs();
  return {
    day: shortcutRange(DEFAULT_SHORTCUT.day, 'day', today),
    month: shortcutRange(DEFAULT_SHORTCUT.month, 'month', today),
  };
};

/**
 * PTC cost summaries (SPEC §2): per day over a date range or per month over a month range, a
 * stacked chart of the categories that make up the total and a table of every category with the
 * total. Hooks: `overview-cost`, `overview-cost-table`, `overview-cost-total`.
 */
export const CostSummaryCard = () => {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const chartTheme = useChartTheme();
  const [period, setPeriod] = useState<CostPeriod>('day');
  const [ranges, setRanges] = useState(initialRanges);
  const picked = ranges[period];
  const rangeError = checkCostRange(period, picked);
  const range = !rangeError && picked?.[0] && picked[1] ? toCostQuery(period, [picked[0], picked[1]]) : null;

  const query = useQuery({
    queryKey: OVERVIEW_QUERY_KEYS.cost(period, range?.start ?? '', range?.end ?? ''),
    queryFn: ({ signal }) => fetchCostSummary(period, range ?? { start: '', end: '' }, signal),
    enabled: range !== null,
    placeholderData: keepPreviousData,
    // Fresh on every visit: usage is billed every minute.
    staleTime: 0,
  });
  // A summary of the other picker stays on screen while the new one loads, but not as this one's.
  const summary = query.data?.statistics_type === period ? query.data : undefined;

  const categoryName = useMemo(
    () => (category: CostCategory) => t(`overview.cost.category.${category}`),
    [t],
  );
  const rows = useMemo(() => (summary ? toCostRows(summary.totals) : []), [summary]);
  const option = useMemo(
    () => (summary ? costChartOption(toCostChart(summary), categoryName, chartTheme.colors) : null),
    [summary, categoryName, chartTheme.colors],
  );

  const columns = useMemo<TableColumnsType<CostRow>>(
    () => [
      {
        key: 'category',
        title: t('overview.cost.column.category'),
        render: (_value, row) =>
          row.isTotal ? (
            <Typography.Text strong>{categoryName(row.category)}</Typography.Text>
          ) : (
            <Typography.Text
              type={row.level === 1 ? 'secondary' : undefined}
              style={{ paddingInlineStart: row.level * 20 }}
            >
              {categoryName(row.category)}
            </Typography.Text>
          ),
      },
      {
        key: 'amount',
        title: t('overview.cost.column.amount'),
        align: 'right',
        render: (_value, row) => (
          <Typography.Text
            strong={row.isTotal}
            type={row.level === 1 ? 'secondary' : undefined}
            style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
            data-testid={row.isTotal ? 'overview-cost-total' : `overview-cost-${row.category}`}
          >
            {row.text}
          </Typography.Text>
        ),
      },
    ],
    [t, categoryName],
  );

  const body = () => {
    if (rangeError) return null;
    if (query.isError) return <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
    if (!summary || !option) return <Skeleton active title={false} paragraph={{ rows: 6 }} />;
    if (isNothingSpent(summary)) {
      return (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('overview.cost.empty')}
          data-testid="overview-cost-empty"
        />
      );
    }
    return (
      <Flex vertical gap={16}>
        <LazyEChart
          option={option}
          theme={chartTheme.theme}
          height={isMobile ? 240 : 300}
          aria-label={t('overview.cost.chart')}
          data-testid="overview-cost-chart"
        />
        <Table<CostRow>
          rowKey="category"
          columns={columns}
          dataSource={rows}
          pagination={false}
          size="small"
          loading={query.isFetching}
          data-testid="overview-cost-table"
        />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('overview.cost.note', { tz: Intl.DateTimeFormat().resolvedOptions().timeZone })}
        </Typography.Text>
      </Flex>
    );
  };

  return (
    <Card
      title={t('overview.cost.title')}
      data-testid="overview-cost"
      extra={
        range ? (
          <RefreshButton
            isLoading={query.isFetching}
            onRefresh={() => void query.refetch()}
            testId="overview-cost-refresh"
          />
        ) : null
      }
    >
      <Flex vertical gap={16}>
        <Flex gap={12} wrap align="flex-start">
          <Segmented<CostPeriod>
            value={period}
            onChange={setPeriod}
            options={PERIODS.map((value) => ({
              value,
              label: (
                <span data-testid={`overview-cost-${value}`}>
                  {t(value === 'day' ? 'overview.cost.byDay' : 'overview.cost.byMonth')}
                </span>
              ),
            }))}
          />
          <CostRangeField
            period={period}
            value={picked}
            error={rangeError}
            isMobile={isMobile}
            onChange={(next) => setRanges((previous) => ({ ...previous, [period]: next }))}
          />
        </Flex>
        {body()}
      </Flex>
    </Card>
  );
};
