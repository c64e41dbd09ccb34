import type { AdminOrder, OrderStatus } from '@ptc/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  DatePicker,
  Flex,
  Form,
  Input,
  Select,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { useIsMobile } from '../../../shared/ui/use-is-mobile';
import { customerPath, formatInstant } from '../customers/customer-display';
import { useOperator } from '../customers/use-operator';
import { type OrderFilters, searchOrders } from './money.api';
import { ORDER_PROVIDERS, ORDER_STATUSES } from './money-display';
import { OrderDrawer } from './order-drawer';
import { OrderStatusTag } from './order-tags';
import '../admin-texts';

/** Rows per page of the orders table unless the operator picks another size. */
export const ORDERS_PAGE_SIZE = 20;

/** The filter form's values; the dates are the UTC days the orders were created on. */
interface FilterValues {
  status?: OrderStatus;
  provider?: string;
  customer?: string;
  created?: [Dayjs | null, Dayjs | null] | null;
}

/** The query of the form's values: empty fields left out, dates as `YYYY-MM-DD`. */
const toFilters = (values: FilterValues): OrderFilters => {
  const [from, to] = values.created ?? [];
  const filters: OrderFilters = {};
  if (values.status) filters.status = values.status;
  if (values.provider) filters.provider = values.provider;
  if (values.customer?.trim()) filters.customer = values.customer.trim();
  if (from) filters.from = from.format('YYYY-MM-DD');
  if (to) filters.to = to.format('YYYY-MM-DD');
  return filters;
};

/** The amount an order costs the customer, in the currency the provider collects. */
const payAmount = (order: AdminOrder) => `${order.pay_amount} ${order.pay_currency}`;

/**
 * `/admin/orders` (owner, finance, support): the payment orders of every provider, newest first,
 * filtered by state, provider, customer (uid or email, also from `?customer=`) and creation day.
 * An order opens in a drawer with what it credited and what the provider told us; a pending wire
 * transfer can be confirmed there (owner, finance).
 */
const OrdersPage = () => {
  const { t } = useTranslation();
  const role = useOperator()?.role;
  const isMobile = useIsMobile();
  const [searchParams] = useSearchParams();
  const [form] = Form.useForm<FilterValues>();
  const initialCustomer = searchParams.get('customer')?.trim() ?? '';
  const [filters, setFilters] = useState<OrderFilters>(() =>
    initialCustomer ? { customer: initialCustomer } : {},
  );
  const [paging, setPaging] = useState({ page: 1, pageSize: ORDERS_PAGE_SIZE });
  const [openOrderNo, setOpenOrderNo] = useState<string | null>(null);
  const orders = useQuery({
    queryKey: ['admin', 'orders', filters, paging],
    queryFn: ({ signal }) => searchOrders(filters, paging, signal),
    placeholderData: keepPreviousData,
  });

  const search = (values: FilterValues) => {
    setFilters(toFilters(values));
    setPaging((current) => ({ ...current, page: 1 }));
  };
  const reset = () => {
    form.resetFields();
    form.setFieldValue('customer', undefined);
    search({});
  };

  const columns: TableColumnsType<AdminOrder> = [
    {
      key: 'created_at',
      title: t('admin.money.orders.createdAt'),
      dataIndex: 'created_at',
      render: formatInstant,
    },
    {
      key: 'order_no',
      title: t('admin.money.orders.orderNo'),
      dataIndex: 'order_no',
      render: (orderNo: string) => (
        <Button
          type="link"
          size="small"
          style={{ paddingInline: 0 }}
          onClick={() => setOpenOrderNo(orderNo)}
          data-testid={`admin-order-open-${orderNo}`}
        >
          <Typography.Text code>{orderNo}</Typography.Text>
        </Button>
      ),
    },
    {
      key: 'customer',
      title: t('admin.money.orders.customer'),
      render: (_value, order) => (
        <Link to={customerPath(order.customer.uid)}>{order.customer.email ?? order.customer.uid}</Link>
      ),
    },
    {
      key: 'provider',
      title: t('admin.money.orders.providerMethod'),
      render: (_value, order) => (
        <Flex gap={4} align="center">
          <span>{`${order.provider} / ${order.method}`}</span>
          {order.kind === 'auto_topup' ? <Tag>{t('admin.money.orders.kind.auto_topup')}</Tag> : null}
        </Flex>
      ),
    },
    {
      key: 'provider_ref',
      title: t('admin.money.orders.providerRef'),
      dataIndex: 'provider_ref',
      render: (ref: string | null) => ref ?? '—',
    },
    { key: 'amount', title: t('admin.money.orders.amount'), dataIndex: 'amount', align: 'right' },
    { key: 'bonus', title: t('admin.money.orders.bonus'), dataIndex: 'bonus', align: 'right' },
    { key: 'fee', title: t('admin.money.orders.fee'), dataIndex: 'fee', align: 'right' },
    {
      key: 'pay_amount',
      title: t('admin.money.orders.payAmount'),
      align: 'right',
      render: (_value, order) => payAmount(order),
    },
    {
      key: 'status',
      title: t('admin.money.orders.status'),
      dataIndex: 'status',
      render: (status: OrderStatus, order) => (
        <OrderStatusTag status={status} failureReason={order.failure_reason} />
      ),
    },
    { key: 'paid_at', title: t('admin.money.orders.paidAt'), dataIndex: 'paid_at', render: formatInstant },
  ];

  return (
    <Card title={t('admin.menu.orders')} styles={{ body: { minWidth: 0 } }}>
      <Form<FilterValues>
        form={form}
        // One field a line on phones: the date range alone is wider than an inline row there.
        layout={isMobile ? 'vertical' : 'inline'}
        onFinish={search}
        initialValues={{ customer: initialCustomer || undefined }}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item name="status" label={t('admin.money.orders.status')}>
          <Select<OrderStatus>
            allowClear
            placeholder={t('admin.money.orders.anyStatus')}
            style={{ minWidth: 140 }}
            options={ORDER_STATUSES.map((status) => ({
              value: status,
              label: t(`admin.customers.orderStatus.${status}`),
            }))}
            data-testid="admin-orders-filter-status"
          />
        </Form.Item>
        <Form.Item name="provider" label={t('admin.money.orders.provider')}>
          <Select<string>
            allowClear
            placeholder={t('admin.money.orders.anyProvider')}
            style={{ minWidth: 140 }}
            options={ORDER_PROVIDERS.map((provider) => ({ value: provider, label: provider }))}
            data-testid="admin-orders-filter-provider"
          />
        </Form.Item>
        <Form.Item name="customer" label={t('admin.money.orders.customer')}>
          <Input
            allowClear
            placeholder={t('admin.money.orders.customerPlaceholder')}
            data-testid="admin-orders-filter-customer"
          />
        </Form.Item>
        <Form.Item name="created" label={t('admin.money.orders.created')}>
          <DatePicker.RangePicker
            allowEmpty={[true, true]}
            className="admin-orders-filter-created"
            style={{ maxWidth: '100%' }}
          />
        </Form.Item>
        <Form.Item style={{ marginInlineEnd: 0 }}>
          <Flex gap={8}>
            <Button type="primary" htmlType="submit" data-testid="admin-orders-search">
              {t('admin.money.search')}
            </Button>
            <Button onClick={reset}>{t('admin.money.reset')}</Button>
          </Flex>
        </Form.Item>
      </Form>
      {orders.isError ? (
        <LoadFailed
          title={t('admin.money.orders.loadFailed')}
          error={orders.error}
          onRetry={() => void orders.refetch()}
        />
      ) : (
        <Table<AdminOrder>
          rowKey="order_no"
          size="small"
          columns={columns}
          dataSource={orders.data?.records ?? []}
          loading={orders.isFetching}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('admin.money.orders.empty') }}
          pagination={{
            current: paging.page,
            pageSize: paging.pageSize,
            total: orders.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [20, 50, 100, 200],
            showTotal: (total) => t('admin.money.orders.total', { total }),
            onChange: (page, pageSize) =>
              setPaging({ page: pageSize === paging.pageSize ? page : 1, pageSize }),
          }}
          data-testid="admin-orders"
        />
      )}
      <OrderDrawer orderNo={openOrderNo} role={role} onClose={() => setOpenOrderNo(null)} />
    </Card>
  );
};

export default OrdersPage;
