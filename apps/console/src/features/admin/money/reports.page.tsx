import { DownloadOutlined } from '@ant-design/icons';
import { type AdminDailyReportRow, REPORT_PRODUCTS } from '@ptc/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Flex, Table, type TableColumnsType, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { saveFile } from '../../../shared/ui/save-file';
import { downloadDailyReportCsv, getDailyReport } from './money.api';
import { type DayRange, defaultReportRange, reportFileName } from './money-display';
import '../admin-texts';

/** One figure of a report row: its column and how to read it off the row. */
interface Figure {
  key: string;
  titleKey: string;
  value: (row: AdminDailyReportRow) => string | number;
}

/** The figures under one heading (top-ups, spending by product …). */
interface FigureGroup {
  key: string;
  titleKey: string;
  figures: Figure[];
}

/** The report's columns after the day, in order: each group, then its figures. */
const FIGURE_GROUPS: readonly FigureGroup[] = [
  {
    key: 'topups',
    titleKey: 'admin.money.reports.topups',
    figures: [
      { key: 'topup_count', titleKey: 'admin.money.reports.count', value: (row) => row.topup_count },
      { key: 'topups', titleKey: 'admin.money.reports.ptc', value: (row) => row.topups },
    ],
  },
  {
    key: 'bonuses',
    titleKey: 'admin.money.reports.bonuses',
    figures: [{ key: 'bonuses', titleKey: 'admin.money.reports.ptc', value: (row) => row.bonuses }],
  },
  {
    key: 'spending',
    titleKey: 'admin.money.reports.spending',
    figures: [
      ...REPORT_PRODUCTS.map(
        (product): Figure => ({
          key: `spending_${product}`,
          titleKey: `admin.money.product.${product}`,
          value: (row) => row.spending[product],
        }),
      ),
      {
        key: 'spending_total',
        titleKey: 'admin.money.reports.allProducts',
        value: (row) => row.spending_total,
      },
    ],
  },
  {
    key: 'refunds',
    titleKey: 'admin.money.reports.refunds',
    figures: [
      { key: 'refund_count', titleKey: 'admin.money.reports.count', value: (row) => row.refund_count },
      { key: 'refunds', titleKey: 'admin.money.reports.ptc', value: (row) => row.refunds },
    ],
  },
  {
    key: 'adjustments',
    titleKey: 'admin.money.reports.adjustments',
    figures: [
      {
        key: 'adjustment_count',
        titleKey: 'admin.money.reports.count',
        value: (row) => row.adjustment_count,
      },
      { key: 'adjustments', titleKey: 'admin.money.reports.ptc', value: (row) => row.adjustments },
    ],
  },
  {
    key: 'rewards',
    titleKey: 'admin.money.reports.rewards',
    figures: [{ key: 'rewards', titleKey: 'admin.money.reports.ptc', value: (row) => row.rewards }],
  },
  {
    key: 'revenue',
    titleKey: 'admin.money.reports.revenue',
    figures: [{ key: 'revenue', titleKey: 'admin.money.reports.ptc', value: (row) => row.revenue }],
  },
];

const FIGURES = FIGURE_GROUPS.flatMap((group) => group.figures);

const toRange = (days: [Dayjs, Dayjs]): DayRange => ({
  from: days[0].format('YYYY-MM-DD'),
  to: days[1].format('YYYY-MM-DD'),
});

/**
 * `/admin/reports` (owner, finance): money per UTC day from the ledger over a range (the last 30
 * days at first): top-ups, bonuses, spending by product, refunds, adjustments, rewards and
 * revenue, with a totals row, and the same as a CSV file.
 */
const ReportsPage = () => {
  const { t } = useTranslation();
  const [range, setRange] = useState<DayRange>(() => defaultReportRange());
  const report = useQuery({
    queryKey: ['admin', 'reports', 'daily', range],
    queryFn: ({ signal }) => getDailyReport(range, signal),
    placeholderData: keepPreviousData,
  });
  const download = useMutation({
    mutationFn: (wanted: DayRange) => downloadDailyReportCsv(wanted),
    onSuccess: (file, wanted) => saveFile(file, reportFileName(wanted)),
  });

  const columns: TableColumnsType<AdminDailyReportRow> = [
    {
      key: 'day',
      title: t('admin.money.reports.day'),
      dataIndex: 'day',
      fixed: 'left',
      render: (day: string) => <Typography.Text style={{ whiteSpace: 'nowrap' }}>{day}</Typography.Text>,
    },
    ...FIGURE_GROUPS.map((group) => ({
      key: group.key,
      title: t(group.titleKey),
      children: group.figures.map((figure) => ({
        key: figure.key,
        title: t(figure.titleKey),
        align: 'right' as const,
        render: (_value: unknown, row: AdminDailyReportRow) => figure.value(row),
      })),
    })),
  ];
  const totals = report.data?.totals;

  return (
    <Card
      title={t('admin.menu.reports')}
      extra={
        <Button
          icon={<DownloadOutlined />}
          loading={download.isPending}
          onClick={() => download.mutate(range)}
          data-testid="admin-report-download"
        >
          {t('admin.money.reports.download')}
        </Button>
      }
    >
      <Flex wrap gap={8} align="center" style={{ marginBottom: 16 }}>
        <Typography.Text>{t('admin.money.reports.range')}</Typography.Text>
        <DatePicker.RangePicker
          value={[dayjs(range.from), dayjs(range.to)]}
          allowClear={false}
          onChange={(days) => {
            if (days?.[0] && days[1]) setRange(toRange([days[0], days[1]]));
          }}
          data-testid="admin-report-range"
        />
      </Flex>
      <Typography.Paragraph type="secondary">{t('admin.money.reports.hint')}</Typography.Paragraph>
      {report.isError ? (
        <LoadFailed
          title={t('admin.money.reports.loadFailed')}
          error={report.error}
          onRetry={() => void report.refetch()}
        />
      ) : (
        <Table<AdminDailyReportRow>
          rowKey="day"
          size="small"
          bordered
          columns={columns}
          dataSource={report.data?.days ?? []}
          loading={report.isFetching}
          pagination={false}
          scroll={{ x: 'max-content', y: 560 }}
          data-testid="admin-report"
          summary={() =>
            totals ? (
              <Table.Summary fixed="bottom">
                <Table.Summary.Row data-testid="admin-report-totals">
                  <Table.Summary.Cell index={0}>
                    <Typography.Text strong>{t('admin.money.reports.total')}</Typography.Text>
                  </Table.Summary.Cell>
                  {FIGURES.map((figure, index) => (
                    <Table.Summary.Cell key={figure.key} index={index + 1} align="right">
                      <Typography.Text strong>{figure.value(totals)}</Typography.Text>
                    </Table.Summary.Cell>
                  ))}
                </Table.Summary.Row>
              </Table.Summary>
            ) : null
          }
        />
      )}
    </Card>
  );
};

export default ReportsPage;
