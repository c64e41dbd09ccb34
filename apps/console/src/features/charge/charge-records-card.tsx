import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, DatePicker, Table, type TableColumnsType, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { findRoute } from '../../app/navigation/route-tree';
import { useTranslation } from '../../shared/i18n/use-translation';
import { fetchChargeRecords, WALLET_QUERY_KEYS } from './charge.api';
import {
  type ChargeRecord,
  lastDays,
  RECORDS_PAGE_SIZE,
  type RecordsFilter,
  toRecordsQuery,
} from './charge-records';
import { formatAmount, parseWireAmount } from './wallet-money';

const STATUS_COLORS: Readonly<Record<ChargeRecord['status'], string>> = {
  pending: 'processing',
  paid: 'success',
  expired: 'default',
  failed: 'error',
};

const alignEnd = { align: 'right' } as const;

/**
 * Billing records (SPEC §3): order ID, bill, note, time, price, value, bonus, total and status,
 * paged on the server, with a date range (shortcuts: last 7 and 30 days). Hook: `charge-records`.
 */
export const ChargeRecordsCard = () => {
  const { t, i18n } = useTranslation();
  const [filter, setFilter] = useState<RecordsFilter>({ page: 1, pageSize: RECORDS_PAGE_SIZE, range: null });
  const query = toRecordsQuery(filter);
  const records = useQuery({
    queryKey: [...WALLET_QUERY_KEYS.records, query],
    queryFn: ({ signal }) => fetchChargeRecords(query, signal),
    placeholderData: keepPreviousData,
  });

  const columns = useMemo<TableColumnsType<ChargeRecord>>(() => {
    const billName = (bill: string) => {
      const key = `charge.bill.${bill}`;
      return i18n.exists(key) ? t(key) : bill;
    };
    return [
      {
        key: 'order_id',
        dataIndex: 'order_id',
        title: t('charge.records.orderId'),
        render: (value: string) => (
          <Typography.Text copyable style={{ whiteSpace: 'nowrap' }}>
            {value}
          </Typography.Text>
        ),
      },
      { key: 'bill', dataIndex: 'bill', title: t('charge.records.bill'), render: billName },
      {
        key: 'note',
        dataIndex: 'note',
        title: t('charge.records.note'),
        render: (value: ChargeRecord['note']) => t(`charge.note.${value}`),
      },
      {
        key: 'time',
        dataIndex: 'time',
        title: t('charge.records.time'),
        render: (value: string) => (
          <span style={{ whiteSpace: 'nowrap' }}>{dayjs(value).format('YYYY-MM-DD HH:mm:ss')}</span>
        ),
      },
      {
        key: 'price',
        dataIndex: 'price',
        title: t('charge.records.price'),
        ...alignEnd,
        render: (value: string) => `$${formatAmount(value)}`,
      },
      {
        key: 'value',
        dataIndex: 'value',
        title: t('charge.records.value'),
        ...alignEnd,
        render: (value: string) => formatAmount(value),
      },
      {
        key: 'free',
        dataIndex: 'free',
        title: t('charge.records.free'),
        ...alignEnd,
        render: (value: string) =>
          (parseWireAmount(value) ?? 0n) > 0n ? (
            <Typography.Text type="success">+{formatAmount(value)}</Typography.Text>
          ) : (
            formatAmount(value)
          ),
      },
      {
        key: 'total',
        dataIndex: 'total',
        title: t('charge.records.total'),
        ...alignEnd,
        render: (value: string) => <Typography.Text strong>{formatAmount(value)}</Typography.Text>,
      },
      {
        key: 'status',
        dataIndex: 'status',
        title: t('charge.records.status'),
        render: (value: ChargeRecord['status']) => (
          <Tag color={STATUS_COLORS[value]}>{t(`charge.status.${value}`)}</Tag>
        ),
      },
    ];
  }, [t, i18n]);

  const today = dayjs();
  const onRangeChange = (values: [Dayjs | null, Dayjs | null] | null) => {
    const [start, end] = values ?? [null, null];
    setFilter((previous) => ({ ...previous, page: 1, range: start && end ? [start, end] : null }));
  };

  return (
    <Card
      title={t('charge.records')}
      extra={
        <Link
          to={findRoute('moneyTrail')?.fullPath ?? '/charge/history'}
          data-testid="charge-money-trail-link"
        >
          {t('charge.records.allMovements')}
        </Link>
      }
    >
      <div data-testid="charge-records-range" style={{ marginBottom: 16 }}>
        <DatePicker.RangePicker
          value={filter.range ? [filter.range[0], filter.range[1]] : null}
          onChange={onRangeChange}
          presets={[
            { label: t('charge.records.last7'), value: [...lastDays(7, today)] as [Dayjs, Dayjs] },
            { label: t('charge.records.last30'), value: [...lastDays(30, today)] as [Dayjs, Dayjs] },
          ]}
          disabledDate={(date) => date.isAfter(today, 'day')}
        />
      </div>
      {records.isError ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('charge.records.failed')}
          action={
            <Button size="small" onClick={() => void records.refetch()}>
              {t('wallet.retry')}
            </Button>
          }
        />
      ) : null}
      <div data-testid="charge-records">
        <Table<ChargeRecord>
          rowKey={(record) => `${record.order_id}|${record.time}|${record.bill}`}
          columns={columns}
          dataSource={records.data?.data ?? []}
          loading={records.isFetching}
          size="middle"
          scroll={{ x: 960 }}
          pagination={{
            current: filter.page,
            pageSize: filter.pageSize,
            total: records.data?.total ?? 0,
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
      </div>
    </Card>
  );
};
