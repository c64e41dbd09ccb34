import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Flex, Select, Table, type TableColumnsType, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { LoadFailed } from './load-failed';
import { formatWireExact } from './package-purchase';
import {
  RECORD_STATES,
  RECORDS_PAGE_SIZE,
  type RecordFilterState,
  type RecordState,
  type RecordsFilter,
  recordState,
  toPoolQuery,
} from './purchase-records';
import { fetchTrafficPools, TRAFFIC_QUERY_KEYS, type TrafficPool } from './traffic-package.api';

const STATE_COLORS: Readonly<Record<RecordState, string>> = {
  usable: 'success',
  used_up: 'default',
  expired: 'warning',
};

const alignEnd = { align: 'right' } as const;
const nowrap = { whiteSpace: 'nowrap' } as const;

/**
 * Purchase records of traffic packages (SPEC §2, §3 Traffic pool): time, traffic, price per GB,
 * amount, discount, remaining traffic, validity and state, paged on the server and filtered by
 * state. Hook: `traffic-package-records`.
 */
export const PurchaseRecordsTable = () => {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<RecordsFilter>({ state: 'all', page: 1, pageSize: RECORDS_PAGE_SIZE });
  const query = toPoolQuery(filter);
  const records = useQuery({
    queryKey: [...TRAFFIC_QUERY_KEYS.records, query],
    queryFn: ({ signal }) => fetchTrafficPools(query, signal),
    placeholderData: keepPreviousData,
  });

  const columns = useMemo<TableColumnsType<TrafficPool>>(() => {
    const now = new Date();
    return [
      {
        key: 'time',
        dataIndex: 'time',
        title: t('trafficPackage.records.time'),
        render: (value: string) => <span style={nowrap}>{dayjs(value).format('YYYY-MM-DD HH:mm:ss')}</span>,
      },
      {
        key: 'gb',
        dataIndex: 'gb',
        title: t('trafficPackage.records.size'),
        ...alignEnd,
        render: (value: number) => <span style={nowrap}>{t('trafficPackage.plan.size', { gb: value })}</span>,
      },
      {
        key: 'price_per_gb',
        dataIndex: 'price_per_gb',
        title: t('trafficPackage.records.pricePerGb'),
        ...alignEnd,
        render: (value: string) => <span style={nowrap}>{formatWireExact(value)} PTC</span>,
      },
      {
        key: 'amount',
        dataIndex: 'amount',
        title: t('trafficPackage.records.amount'),
        ...alignEnd,
        render: (value: string) => (
          <Typography.Text strong style={nowrap}>
            {formatWireExact(value)} PTC
          </Typography.Text>
        ),
      },
      {
        key: 'discount_percent',
        dataIndex: 'discount_percent',
        title: t('trafficPackage.records.discount'),
        ...alignEnd,
        render: (value: number) => (value > 0 ? `${value}%` : '—'),
      },
      {
        key: 'remaining_gb',
        dataIndex: 'remaining_gb',
        title: t('trafficPackage.records.remaining'),
        ...alignEnd,
        render: (value: string) => <span style={nowrap}>{t('trafficPackage.plan.size', { gb: value })}</span>,
      },
      {
        key: 'expire_time',
        dataIndex: 'expire_time',
        title: t('trafficPackage.records.validity'),
        render: (value: string | null) =>
          value === null ? (
            t('trafficPackage.records.permanent')
          ) : (
            <span style={nowrap}>{dayjs(value).format('YYYY-MM-DD HH:mm')}</span>
          ),
      },
      {
        key: 'state',
        title: t('trafficPackage.records.state'),
        render: (_value, record) => {
          const state = recordState(record, now);
          return <Tag color={STATE_COLORS[state]}>{t(`trafficPackage.records.state.${state}`)}</Tag>;
        },
      },
    ];
  }, [t]);

  return (
    <Flex vertical gap={12} data-testid="traffic-package-records">
      <Flex gap={8} align="center" wrap>
        <Typography.Text type="secondary">{t('trafficPackage.records.state')}</Typography.Text>
        <Select<RecordFilterState>
          value={filter.state}
          style={{ minWidth: 160 }}
          aria-label={t('trafficPackage.records.state')}
          options={RECORD_STATES.map((state) => ({
            value: state,
            label: t(`trafficPackage.records.state.${state}`),
          }))}
          onChange={(state) => setFilter((previous) => ({ ...previous, state, page: 1 }))}
          data-testid="traffic-package-records-state"
        />
      </Flex>
      {records.isError ? <LoadFailed error={records.error} onRetry={() => void records.refetch()} /> : null}
      <Table<TrafficPool>
        rowKey="id"
        columns={columns}
        dataSource={records.data?.data ?? []}
        loading={records.isFetching}
        size="middle"
        scroll={{ x: 880 }}
        pagination={{
          current: filter.page,
          pageSize: filter.pageSize,
          total: records.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (total) => t('trafficPackage.records.count', { total }),
        }}
        onChange={(pagination) =>
          setFilter((previous) => ({
            ...previous,
            page: pagination.current ?? 1,
            pageSize: pagination.pageSize ?? previous.pageSize,
          }))
        }
      />
    </Flex>
  );
};
