import type { AdminLedgerEntry, AdminOrder, AdminPaymentNotification } from '@ptc/contracts';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Flex, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { PageSpinner } from '../../../shared/ui/page-spinner';
import { useIsMobile } from '../../../shared/ui/use-is-mobile';
import type { OperatorRole } from '../admin.types';
import { customerPath, formatInstant, signedAmount } from '../customers/customer-display';
import { ConfirmTransfer } from './confirm-transfer';
import { getOrder } from './money.api';
import { canOperatorHandleMoney, isAwaitingTransfer } from './money-display';
import { OrderStatusTag } from './order-tags';

/** The drawer's width on wide screens; narrow screens give it the whole width. */
const DRAWER_WIDTH = 760;

/** What the order is, who placed it, what it costs and where it stands. */
const OrderSummary = ({ order }: { order: AdminOrder }) => {
  const { t } = useTranslation();
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 2 }}
      data-testid="admin-order-summary"
      items={[
        {
          key: 'status',
          label: t('admin.money.orders.status'),
          children: <OrderStatusTag status={order.status} />,
        },
        {
          key: 'customer',
          label: t('admin.money.orders.customer'),
          children: (
            <Link to={customerPath(order.customer.uid)}>{order.customer.email ?? order.customer.uid}</Link>
          ),
        },
        {
          key: 'kind',
          label: t('admin.money.orders.kind'),
          children: t(`admin.money.orders.kind.${order.kind}`, { defaultValue: order.kind }),
        },
        {
          key: 'provider',
          label: t('admin.money.orders.providerMethod'),
          children: `${order.provider} / ${order.method}`,
        },
        {
          key: 'provider_ref',
          label: t('admin.money.orders.providerRef'),
          children: order.provider_ref ? (
            <Typography.Text copyable>{order.provider_ref}</Typography.Text>
          ) : (
            '—'
          ),
        },
        { key: 'amount', label: t('admin.money.orders.amount'), children: order.amount },
        { key: 'bonus', label: t('admin.money.orders.bonus'), children: order.bonus },
        { key: 'fee', label: t('admin.money.orders.fee'), children: order.fee },
        {
          key: 'pay_amount',
          label: t('admin.money.orders.payAmount'),
          children: `${order.pay_amount} ${order.pay_currency}`,
        },
        {
          key: 'created_at',
          label: t('admin.money.orders.createdAt'),
          children: formatInstant(order.created_at),
        },
        {
          key: 'expires_at',
          label: t('admin.money.orders.expiresAt'),
          children: formatInstant(order.expires_at),
        },
        { key: 'paid_at', label: t('admin.money.orders.paidAt'), children: formatInstant(order.paid_at) },
        ...(order.failure_reason
          ? [{ key: 'failure', label: t('admin.money.orders.failureReason'), children: order.failure_reason }]
          : []),
      ]}
    />
  );
};

/** The ledger entries the order credited (the top-up and its bonus). */
const OrderLedger = ({ entries }: { entries: AdminLedgerEntry[] }) => {
  const { t } = useTranslation();
  const columns: TableColumnsType<AdminLedgerEntry> = [
    { key: 'at', title: t('admin.customers.at'), dataIndex: 'at', render: formatInstant },
    { key: 'id', title: t('admin.money.order.entryId'), dataIndex: 'id' },
    {
      key: 'kind',
      title: t('admin.customers.kind'),
      dataIndex: 'kind',
      render: (kind: string) => <Tag>{t(`admin.customers.ledgerKind.${kind}`, { defaultValue: kind })}</Tag>,
    },
    {
      key: 'amount',
      title: t('admin.customers.amount'),
      dataIndex: 'amount',
      align: 'right',
      render: (amount: string) => signedAmount(amount),
    },
    {
      key: 'balance_after',
      title: t('admin.customers.balanceAfter'),
      dataIndex: 'balance_after',
      align: 'right',
    },
    { key: 'note', title: t('admin.customers.note'), dataIndex: 'note', render: (note) => note ?? '—' },
  ];
  return (
    <Table<AdminLedgerEntry>
      title={() => <Typography.Text strong>{t('admin.money.order.ledger')}</Typography.Text>}
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={entries}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('admin.money.order.noLedger') }}
      data-testid="admin-order-ledger"
    />
  );
};

/** What the provider told us about the order, verified or not. */
const OrderNotifications = ({ notifications }: { notifications: AdminPaymentNotification[] }) => {
  const { t } = useTranslation();
  const columns: TableColumnsType<AdminPaymentNotification> = [
    {
      key: 'received_at',
      title: t('admin.money.order.receivedAt'),
      dataIndex: 'received_at',
      render: formatInstant,
    },
    { key: 'provider', title: t('admin.money.orders.provider'), dataIndex: 'provider' },
    {
      key: 'provider_ref',
      title: t('admin.money.orders.providerRef'),
      dataIndex: 'provider_ref',
      render: (ref: string | null) => ref ?? '—',
    },
    {
      key: 'outcome',
      title: t('admin.money.order.outcome'),
      dataIndex: 'outcome',
      render: (outcome: string) => (
        <Tag color={outcome === 'credited' ? 'green' : outcome === 'rejected' ? 'red' : undefined}>
          {t(`admin.money.order.outcome.${outcome}`, { defaultValue: outcome })}
        </Tag>
      ),
    },
    {
      key: 'reason',
      title: t('admin.money.order.reason'),
      dataIndex: 'reason',
      render: (reason: string | null) => reason ?? '—',
    },
  ];
  return (
    <Table<AdminPaymentNotification>
      title={() => <Typography.Text strong>{t('admin.money.order.notifications')}</Typography.Text>}
      rowKey={(row) => `${row.received_at}|${row.provider_ref ?? ''}|${row.outcome}`}
      size="small"
      columns={columns}
      dataSource={notifications}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('admin.money.order.noNotifications') }}
      data-testid="admin-order-notifications"
    />
  );
};

/** The order's details, loaded when it opens. */
const OrderDetails = ({ orderNo, role }: { orderNo: string; role: OperatorRole | undefined }) => {
  const { t } = useTranslation();
  const detail = useQuery({
    queryKey: ['admin', 'order', orderNo],
    queryFn: ({ signal }) => getOrder(orderNo, signal),
  });
  if (detail.isError) {
    return (
      <LoadFailed
        title={t('admin.money.order.loadFailed')}
        error={detail.error}
        onRetry={() => void detail.refetch()}
      />
    );
  }
  if (!detail.data) return <PageSpinner />;
  const { order, ledger, notifications } = detail.data;
  const canConfirm = isAwaitingTransfer(order) && canOperatorHandleMoney(role, 'confirmTransfer');
  return (
    <Flex vertical gap={16} style={{ minWidth: 0 }}>
      <OrderSummary order={order} />
      {canConfirm ? <ConfirmTransfer order={order} /> : null}
      <OrderLedger entries={ledger} />
      <OrderNotifications notifications={notifications} />
    </Flex>
  );
};

/** `GET /admin/orders/:order_no` in a drawer beside the orders table. */
export const OrderDrawer = ({
  orderNo,
  role,
  onClose,
}: {
  orderNo: string | null;
  role: OperatorRole | undefined;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  return (
    <Drawer
      open={orderNo !== null}
      onClose={onClose}
      size={isMobile ? '100%' : DRAWER_WIDTH}
      title={orderNo ? t('admin.money.order.title', { orderNo }) : null}
      destroyOnHidden
      data-testid="admin-order-drawer"
    >
      {orderNo ? <OrderDetails orderNo={orderNo} role={role} /> : null}
    </Drawer>
  );
};
