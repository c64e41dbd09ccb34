import { Card, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { formatBytes } from '../../proxy-list/proxy-display';
import type { CustomerLedgerEntry, CustomerOrder, CustomerProxies } from '../admin.types';
import { formatInstant, signedAmount } from './customer-display';

const ORDER_STATUS_COLOURS: Readonly<Record<string, string>> = {
  paid: 'green',
  pending: 'gold',
  expired: 'default',
  failed: 'red',
};

/** The menu title of each proxy family, which names it in the customer console too. */
const FAMILY_TITLES: Readonly<Record<string, string>> = {
  'dynamic-traffic': 'menu.proxy.dynamicTraffic',
  'dynamic-ip': 'menu.proxy.dynamicIp',
  'static-traffic': 'menu.proxy.staticTraffic',
  'static-ip': 'menu.proxy.staticIp',
};

/** The money trail: every balance change, newest first, with the balance it left. */
export const LedgerTable = ({ entries }: { entries: CustomerLedgerEntry[] }) => {
  const { t } = useTranslation();
  const columns: TableColumnsType<CustomerLedgerEntry> = [
    { key: 'at', title: t('admin.customers.at'), dataIndex: 'at', render: formatInstant },
    {
      key: 'kind',
      title: t('admin.customers.kind'),
      dataIndex: 'kind',
      render: (kind: string) => (
        <Tag color={kind === 'adjustment' ? 'blue' : undefined}>
          {t(`admin.customers.ledgerKind.${kind}`, { defaultValue: kind })}
        </Tag>
      ),
    },
    {
      key: 'amount',
      title: t('admin.customers.amount'),
      dataIndex: 'amount',
      align: 'right',
      render: (amount: string) => (
        <Typography.Text type={amount.startsWith('-') ? 'danger' : 'success'}>
          {signedAmount(amount)}
        </Typography.Text>
      ),
    },
    {
      key: 'balance_after',
      title: t('admin.customers.balanceAfter'),
      dataIndex: 'balance_after',
      align: 'right',
    },
    {
      key: 'note',
      title: t('admin.customers.note'),
      dataIndex: 'note',
      render: (note: string | null) => note ?? '—',
    },
  ];
  return (
    <Card title={t('admin.customers.ledger')} extra={t('admin.customers.ledgerHint')}>
      <Table<CustomerLedgerEntry>
        rowKey={(entry) => `${entry.at}|${entry.kind}|${entry.amount}|${entry.balance_after}`}
        size="small"
        columns={columns}
        dataSource={entries}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('admin.customers.noLedger') }}
        data-testid="admin-customer-ledger"
      />
    </Card>
  );
};

/** The newest top-up orders, with their provider and the provider's reference. */
export const OrdersTable = ({ orders }: { orders: CustomerOrder[] }) => {
  const { t } = useTranslation();
  const columns: TableColumnsType<CustomerOrder> = [
    { key: 'created_at', title: t('admin.customers.at'), dataIndex: 'created_at', render: formatInstant },
    {
      key: 'order_no',
      title: t('admin.customers.orderNo'),
      dataIndex: 'order_no',
      render: (orderNo: string) => <Typography.Text code>{orderNo}</Typography.Text>,
    },
    {
      key: 'provider',
      title: t('admin.customers.provider'),
      render: (_value, order) => `${order.provider} / ${order.method}`,
    },
    {
      key: 'status',
      title: t('admin.customers.status'),
      dataIndex: 'status',
      render: (status: string) => (
        <Tag color={ORDER_STATUS_COLOURS[status]}>
          {t(`admin.customers.orderStatus.${status}`, { defaultValue: status })}
        </Tag>
      ),
    },
    {
      key: 'amount',
      title: t('admin.customers.amount'),
      dataIndex: 'amount',
      align: 'right',
    },
    {
      key: 'provider_ref',
      title: t('admin.customers.providerRef'),
      dataIndex: 'provider_ref',
      render: (ref: string | null) => ref ?? '—',
    },
  ];
  return (
    <Card title={t('admin.customers.orders')}>
      <Table<CustomerOrder>
        rowKey="order_no"
        size="small"
        columns={columns}
        dataSource={orders}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('admin.customers.noOrders') }}
        data-testid="admin-customer-orders"
      />
    </Card>
  );
};

/** Live proxies per family and the traffic they carried (their usage). */
export const ProxiesTable = ({ proxies }: { proxies: CustomerProxies[] }) => {
  const { t } = useTranslation();
  const columns: TableColumnsType<CustomerProxies> = [
    {
      key: 'family',
      title: t('admin.customers.family'),
      dataIndex: 'family',
      render: (family: string) => {
        const titleKey = FAMILY_TITLES[family];
        return titleKey ? t(titleKey) : family;
      },
    },
    { key: 'live', title: t('admin.customers.liveProxies'), dataIndex: 'live', align: 'right' },
    {
      key: 'bytes',
      title: t('admin.customers.traffic'),
      dataIndex: 'bytes',
      align: 'right',
      render: (bytes: string) => formatBytes(bytes),
    },
  ];
  return (
    <Card title={t('admin.customers.proxies')}>
      <Table<CustomerProxies>
        rowKey="family"
        size="small"
        columns={columns}
        dataSource={proxies}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('admin.customers.noProxies') }}
        data-testid="admin-customer-proxies"
      />
    </Card>
  );
};
