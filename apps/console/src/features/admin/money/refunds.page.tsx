import { SearchOutlined } from '@ant-design/icons';
import type { AdminCharge, AdminRefund } from '@ptc/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Flex,
  Form,
  Input,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { CUSTOMERS_PATH, formatInstant } from '../customers/customer-display';
import { useOperator } from '../customers/use-operator';
import { searchCharges } from './money.api';
import { canOperatorHandleMoney, isZeroAmount } from './money-display';
import { RefundDialog } from './refund-dialog';
import '../admin-texts';

/** Charges per page (the server answers no total: a full page means there may be another). */
export const CHARGES_PAGE_SIZE = 20;

/**
 * `/admin/refunds` (owner, finance): a customer's charges (purchases, renewals, usage) found by
 * uid or email (kept in `?customer=`), with what of each was refunded; each can be refunded to the
 * balance once, whole or in part, with a reason.
 */
const RefundsPage = () => {
  const { t } = useTranslation();
  const role = useOperator()?.role;
  const [searchParams, setSearchParams] = useSearchParams();
  const customer = searchParams.get('customer')?.trim() ?? '';
  const [page, setPage] = useState(1);
  const [refunding, setRefunding] = useState<AdminCharge | null>(null);
  const [refunded, setRefunded] = useState<AdminRefund | null>(null);
  const charges = useQuery({
    queryKey: ['admin', 'charges', customer, page],
    queryFn: ({ signal }) => searchCharges(customer, { page, pageSize: CHARGES_PAGE_SIZE }, signal),
    enabled: customer !== '',
    placeholderData: keepPreviousData,
  });
  const canRefund = canOperatorHandleMoney(role, 'refund');
  const records = charges.data?.records ?? [];
  const hasNextPage = records.length === CHARGES_PAGE_SIZE;

  const find = (values: { customer?: string }) => {
    const text = values.customer?.trim() ?? '';
    setPage(1);
    setRefunded(null);
    setSearchParams(text ? { customer: text } : {});
  };

  const columns: TableColumnsType<AdminCharge> = [
    { key: 'at', title: t('admin.money.charges.at'), dataIndex: 'at', render: formatInstant },
    { key: 'entry_id', title: t('admin.money.charges.entryId'), dataIndex: 'entry_id' },
    {
      key: 'kind',
      title: t('admin.money.charges.kind'),
      dataIndex: 'kind',
      render: (kind: string) => <Tag>{t(`admin.customers.ledgerKind.${kind}`, { defaultValue: kind })}</Tag>,
    },
    {
      key: 'product',
      title: t('admin.money.charges.product'),
      dataIndex: 'product',
      render: (product: string) => t(`admin.money.product.${product}`, { defaultValue: product }),
    },
    { key: 'amount', title: t('admin.money.charges.amount'), dataIndex: 'amount', align: 'right' },
    { key: 'refunded', title: t('admin.money.charges.refunded'), dataIndex: 'refunded', align: 'right' },
    {
      key: 'refundable',
      title: t('admin.money.charges.refundable'),
      dataIndex: 'refundable',
      align: 'right',
    },
    {
      key: 'note',
      title: t('admin.money.charges.note'),
      render: (_value, charge) =>
        charge.note ??
        (charge.reference_type ? `${charge.reference_type} ${charge.reference_id ?? ''}` : '—'),
    },
    ...(canRefund
      ? [
          {
            key: 'refund',
            title: '',
            render: (_value: unknown, charge: AdminCharge) =>
              isZeroAmount(charge.refundable) ? (
                <Typography.Text type="secondary">{t('admin.money.charges.fullyRefunded')}</Typography.Text>
              ) : (
                <Button
                  size="small"
                  danger
                  onClick={() => setRefunding(charge)}
                  data-testid={`admin-refund-open-${charge.entry_id}`}
                >
                  {t('admin.money.charges.refund')}
                </Button>
              ),
          },
        ]
      : []),
  ];

  return (
    <Flex vertical gap={16} style={{ minWidth: 0 }}>
      <Card title={t('admin.menu.refunds')}>
        <Typography.Paragraph type="secondary">{t('admin.money.refunds.hint')}</Typography.Paragraph>
        <Form
          key={customer}
          layout="inline"
          initialValues={{ customer }}
          onFinish={find}
          style={{ rowGap: 8 }}
        >
          <Form.Item
            name="customer"
            style={{ flex: '1 1 260px', maxWidth: 480, marginInlineEnd: 8 }}
            rules={[{ required: true, whitespace: true, message: t('admin.money.refunds.customerRequired') }]}
          >
            <Input
              allowClear
              placeholder={t('admin.money.refunds.customerPlaceholder')}
              data-testid="admin-refunds-customer"
            />
          </Form.Item>
          <Form.Item style={{ marginInlineEnd: 0 }}>
            <Button
              type="primary"
              htmlType="submit"
              icon={<SearchOutlined />}
              data-testid="admin-refunds-search"
            >
              {t('admin.money.refunds.search')}
            </Button>
          </Form.Item>
        </Form>
      </Card>
      {refunded ? (
        <Alert
          type="success"
          showIcon
          closable={{ onClose: () => setRefunded(null) }}
          data-testid="admin-refund-result"
          title={t('admin.money.refund.done', {
            amount: refunded.refund.amount,
            customer,
            balance: refunded.customer.balance,
          })}
        />
      ) : null}
      {customer === '' ? null : (
        <Card
          title={t('admin.money.refunds.chargesOf', { customer })}
          extra={
            charges.data && records.length > 0 ? (
              <Link to={`${CUSTOMERS_PATH}?q=${encodeURIComponent(customer)}`}>
                {t('admin.money.refunds.findCustomer')}
              </Link>
            ) : null
          }
        >
          {charges.isError ? (
            <LoadFailed
              title={t('admin.money.refunds.loadFailed')}
              error={charges.error}
              onRetry={() => void charges.refetch()}
            />
          ) : (
            <>
              <Table<AdminCharge>
                rowKey="entry_id"
                size="small"
                columns={columns}
                dataSource={records}
                loading={charges.isFetching}
                pagination={false}
                scroll={{ x: 'max-content' }}
                locale={{ emptyText: t('admin.money.refunds.empty') }}
                data-testid="admin-charges"
              />
              {page > 1 || hasNextPage ? (
                <Space style={{ marginTop: 16 }}>
                  <Button disabled={page === 1} onClick={() => setPage((current) => current - 1)}>
                    {t('admin.money.previous')}
                  </Button>
                  <Typography.Text>{t('admin.money.page', { page })}</Typography.Text>
                  <Button disabled={!hasNextPage} onClick={() => setPage((current) => current + 1)}>
                    {t('admin.money.next')}
                  </Button>
                </Space>
              ) : null}
            </>
          )}
        </Card>
      )}
      {refunding ? (
        <RefundDialog
          charge={refunding}
          customerLabel={customer}
          onRefunded={(answer) => {
            setRefunded(answer);
            setRefunding(null);
          }}
          onClose={() => setRefunding(null)}
        />
      ) : null}
    </Flex>
  );
};

export default RefundsPage;
