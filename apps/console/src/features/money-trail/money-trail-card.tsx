import { DownloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  DatePicker,
  Empty,
  Flex,
  Pagination,
  Select,
  Spin,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { usePlaceNames } from '../../shared/i18n/place-names';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useFeedback } from '../../shared/ui/feedback';
import { saveCsv } from '../../shared/ui/save-file';
import { useIsMobile } from '../../shared/ui/use-is-mobile';
import { lastDays } from '../charge/charge-records';
import {
  describeEntry,
  formatTrailAmount,
  LEDGER_KINDS,
  type LedgerEntry,
  type LedgerKind,
  TRAIL_PAGE_SIZE,
  type TrailFilter,
  toLedgerQuery,
  toTrailCsv,
  trailCsvName,
} from './money-trail';
import { fetchAllLedger, fetchLedger, MONEY_TRAIL_QUERY_KEY } from './money-trail.api';

const KIND_COLORS: Readonly<Record<LedgerKind, string>> = {
  topup: 'green',
  bonus: 'lime',
  purchase: 'blue',
  usage: 'geekblue',
  renewal: 'purple',
  refund: 'cyan',
  reward: 'gold',
  referral: 'gold',
  adjustment: 'default',
  replacement: 'orange',
};

/** One movement as a phone shows it (below 992 px): what, when, the amount and the balance after. */
const MovementItem = ({ entry }: { entry: LedgerEntry }) => {
  const { t, i18n } = useTranslation();
  return (
    <Flex
      vertical
      gap={4}
      style={{ padding: '12px 0', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' }}
      data-testid={`money-trail-row-${entry.kind}`}
    >
      <Flex justify="space-between" align="center" gap={8}>
        <Tag color={KIND_COLORS[entry.kind]}>{t(`moneyTrail.kind.${entry.kind}`)}</Tag>
        <Typography.Text
          strong
          type={entry.amount.startsWith('-') ? undefined : 'success'}
          data-testid="money-trail-amount"
        >
          {formatTrailAmount(entry.amount, true)}
        </Typography.Text>
      </Flex>
      <span style={{ overflowWrap: 'anywhere' }} data-testid="money-trail-description">
        {describeEntry(entry, t, i18n.language)}
      </span>
      <Flex justify="space-between" gap={8} wrap>
        <Typography.Text type="secondary">{dayjs(entry.time).format('YYYY-MM-DD HH:mm')}</Typography.Text>
        <Typography.Text type="secondary">
          {t('moneyTrail.balanceAfter')}{' '}
          <span data-testid="money-trail-balance">{formatTrailAmount(entry.balance_after)}</span>
        </Typography.Text>
      </Flex>
    </Flex>
  );
};

/**
 * The money trail (issue #16): every balance movement of the account, newest first, with what it
 * was for, its signed amount and the balance after it; filtered by days and kinds, paged on the
 * server, and downloadable as CSV with exact amounts. Hooks: `money-trail`, `money-trail-row-<kind>`,
 * `money-trail-csv`.
 */
export const MoneyTrailCard = ({ title }: { title?: string }) => {
  const { t, i18n } = useTranslation();
  // Renders again once the language's city names are loaded (the descriptions name places).
  usePlaceNames();
  const { message } = useFeedback();
  const [filter, setFilter] = useState<TrailFilter>({
    page: 1,
    pageSize: TRAIL_PAGE_SIZE,
    range: null,
    kinds: [],
  });
  const [isExporting, setIsExporting] = useState(false);
  const isNarrow = useIsMobile();
  const query = toLedgerQuery(filter);
  const trail = useQuery({
    queryKey: [...MONEY_TRAIL_QUERY_KEY, query],
    queryFn: ({ signal }) => fetchLedger(query, signal),
    placeholderData: keepPreviousData,
  });

  const columns = useMemo<TableColumnsType<LedgerEntry>>(
    () => [
      {
        key: 'time',
        dataIndex: 'time',
        title: t('moneyTrail.column.time'),
        render: (value: string) => (
          <span style={{ whiteSpace: 'nowrap' }}>{dayjs(value).format('YYYY-MM-DD HH:mm:ss')}</span>
        ),
      },
      {
        key: 'kind',
        dataIndex: 'kind',
        title: t('moneyTrail.column.kind'),
        render: (value: LedgerKind) => <Tag color={KIND_COLORS[value]}>{t(`moneyTrail.kind.${value}`)}</Tag>,
      },
      {
        key: 'description',
        title: t('moneyTrail.column.description'),
        // The details wrap, so amount and balance stay in view in every language.
        width: '100%',
        render: (_: unknown, entry: LedgerEntry) => (
          <span data-testid="money-trail-description">{describeEntry(entry, t, i18n.language)}</span>
        ),
      },
      {
        key: 'amount',
        dataIndex: 'amount',
        title: t('moneyTrail.column.amount'),
        align: 'right',
        render: (value: string) => (
          <Typography.Text
            type={value.startsWith('-') ? undefined : 'success'}
            style={{ whiteSpace: 'nowrap' }}
            data-testid="money-trail-amount"
          >
            {formatTrailAmount(value, true)}
          </Typography.Text>
        ),
      },
      {
        key: 'balance_after',
        dataIndex: 'balance_after',
        title: t('moneyTrail.column.balanceAfter'),
        align: 'right',
        render: (value: string) => (
          <Typography.Text strong style={{ whiteSpace: 'nowrap' }} data-testid="money-trail-balance">
            {formatTrailAmount(value)}
          </Typography.Text>
        ),
      },
    ],
    [t, i18n.language],
  );

  const today = dayjs();
  const onRangeChange = (values: [Dayjs | null, Dayjs | null] | null) => {
    const [start, end] = values ?? [null, null];
    setFilter((previous) => ({ ...previous, page: 1, range: start && end ? [start, end] : null }));
  };

  const downloadCsv = async () => {
    setIsExporting(true);
    try {
      const { page: _page, page_size: _size, ...rest } = query;
      const entries = await fetchAllLedger(rest);
      saveCsv(toTrailCsv(entries, t, i18n.language), trailCsvName());
    } catch {
      void message.error(t('moneyTrail.csvFailed'));
    } finally {
      setIsExporting(false);
    }
  };

  return (
    <Card
      title={title ?? t('moneyTrail.title')}
      extra={
        <Button
          icon={<DownloadOutlined />}
          loading={isExporting}
          disabled={(trail.data?.total ?? 0) === 0}
          onClick={() => void downloadCsv()}
          data-testid="money-trail-csv"
        >
          {t('moneyTrail.csv')}
        </Button>
      }
    >
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <DatePicker.RangePicker
          value={filter.range ? [filter.range[0], filter.range[1]] : null}
          onChange={onRangeChange}
          presets={[
            { label: t('charge.records.last7'), value: [...lastDays(7, today)] as [Dayjs, Dayjs] },
            { label: t('charge.records.last30'), value: [...lastDays(30, today)] as [Dayjs, Dayjs] },
          ]}
          disabledDate={(date) => date.isAfter(today, 'day')}
        />
        <Select<LedgerKind[]>
          mode="multiple"
          allowClear
          placeholder={t('moneyTrail.kinds.all')}
          aria-label={t('moneyTrail.kinds')}
          style={{ minWidth: 220, maxWidth: '100%' }}
          value={[...filter.kinds]}
          onChange={(kinds) => setFilter((previous) => ({ ...previous, page: 1, kinds }))}
          options={LEDGER_KINDS.map((kind) => ({ value: kind, label: t(`moneyTrail.kind.${kind}`) }))}
          data-testid="money-trail-kinds"
        />
      </Flex>
      {trail.isError ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('moneyTrail.failed')}
          action={
            <Button size="small" onClick={() => void trail.refetch()}>
              {t('wallet.retry')}
            </Button>
          }
        />
      ) : null}
      <div data-testid="money-trail">
        {isNarrow ? (
          <Spin spinning={trail.isFetching}>
            {(trail.data?.data ?? []).map((entry) => (
              <MovementItem key={entry.id} entry={entry} />
            ))}
            {trail.data && trail.data.total === 0 ? <Empty description={t('moneyTrail.empty')} /> : null}
            <Pagination
              simple
              align="end"
              style={{ marginTop: 12 }}
              current={filter.page}
              pageSize={filter.pageSize}
              total={trail.data?.total ?? 0}
              hideOnSinglePage
              onChange={(page) => setFilter((previous) => ({ ...previous, page }))}
            />
          </Spin>
        ) : (
          <Table<LedgerEntry>
            rowKey="id"
            columns={columns}
            dataSource={trail.data?.data ?? []}
            loading={trail.isFetching}
            size="middle"
            tableLayout="auto"
            onRow={(entry) => ({ 'data-testid': `money-trail-row-${entry.kind}` }) as object}
            locale={{ emptyText: t('moneyTrail.empty') }}
            pagination={{
              current: filter.page,
              pageSize: filter.pageSize,
              total: trail.data?.total ?? 0,
              showSizeChanger: true,
              showTotal: (total) => t('charge.records.count', { total }),
            }}
            onChange={(pagination) =>
              setFilter((previous) => ({
                ...previous,
                page: pagination.current ?? 1,
                pageSize: pagination.pageSize ?? previous.pageSize,
              }))
            }
          />
        )}
      </div>
    </Card>
  );
};
