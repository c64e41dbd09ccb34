import { SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
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
  Typography,
} from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { searchCustomers } from '../admin.api';
import type { Customer } from '../admin.types';
import { operatorErrorText } from '../operator-errors';
import { customerPath, formatInstant } from './customer-display';
import { AccessTag, PlanTag } from './customer-tags';
import '../admin-texts';

/** Email, phone and user name, one under the other, those the customer has. */
const ContactCell = ({ customer }: { customer: Customer }) => {
  const lines = [customer.email, customer.phone, customer.username].filter(Boolean);
  if (!lines.length) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Flex vertical>
      {lines.map((line) => (
        <span key={line}>{line}</span>
      ))}
    </Flex>
  );
};

/**
 * `/admin/customers` (owner, finance, support): finds customers by email, phone, user name, uid,
 * proxy username or exit IP. The text is kept in the address (`?q=`), so going back from a
 * customer's page shows the same results.
 */
const CustomerSearchPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const text = searchParams.get('q')?.trim() ?? '';
  const found = useQuery({
    queryKey: ['admin', 'customers', text],
    queryFn: ({ signal }) => searchCustomers(text, signal),
    enabled: text !== '',
  });

  const columns: TableColumnsType<Customer> = [
    {
      key: 'uid',
      title: t('admin.customers.uid'),
      dataIndex: 'uid',
      render: (uid: string) => (
        <Link to={customerPath(uid)} onClick={(event) => event.stopPropagation()}>
          <Typography.Text code>{uid}</Typography.Text>
        </Link>
      ),
    },
    {
      key: 'contact',
      title: t('admin.customers.contact'),
      render: (_value, customer) => <ContactCell customer={customer} />,
    },
    {
      key: 'balance',
      title: t('admin.customers.balance'),
      dataIndex: 'balance',
      align: 'right',
      render: (balance: string) => `${balance} PTC`,
    },
    {
      key: 'plan',
      title: t('admin.customers.plan'),
      render: (_value, customer) => <PlanTag customer={customer} />,
    },
    {
      key: 'locked',
      title: t('admin.customers.locked'),
      dataIndex: 'locked',
      render: (isLocked: boolean) => <AccessTag isLocked={isLocked} />,
    },
    {
      key: 'created_at',
      title: t('admin.customers.created'),
      dataIndex: 'created_at',
      render: (at: string) => formatInstant(at),
    },
  ];

  return (
    <Card title={t('admin.menu.customers')}>
      <Typography.Paragraph type="secondary">{t('admin.customers.searchHint')}</Typography.Paragraph>
      <Form
        key={text}
        layout="inline"
        initialValues={{ q: text }}
        onFinish={(values: { q?: string }) => {
          const q = values.q?.trim() ?? '';
          setSearchParams(q ? { q } : {});
        }}
        style={{ marginBottom: 16 }}
      >
        <Space.Compact style={{ width: '100%', maxWidth: 560 }}>
          <Form.Item name="q" noStyle>
            <Input
              allowClear
              maxLength={254}
              placeholder={t('admin.customers.searchPlaceholder')}
              aria-label={t('admin.customers.searchPlaceholder')}
              data-testid="admin-customer-search"
            />
          </Form.Item>
          <Button
            type="primary"
            htmlType="submit"
            icon={<SearchOutlined />}
            loading={found.isFetching}
            data-testid="admin-customer-search-submit"
          >
            {t('admin.customers.search')}
          </Button>
        </Space.Compact>
      </Form>
      {found.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('admin.customers.searchFailed')}
          description={operatorErrorText(found.error, t)}
          action={
            <Button size="small" onClick={() => void found.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : text === '' ? null : (
        <Table<Customer>
          rowKey="uid"
          size="small"
          columns={columns}
          dataSource={found.data?.records ?? []}
          loading={found.isFetching}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('admin.customers.noMatch') }}
          onRow={(customer) => ({
            onClick: () => void navigate(customerPath(customer.uid)),
            style: { cursor: 'pointer' },
          })}
          data-testid="admin-customer-results"
        />
      )}
    </Card>
  );
};

export default CustomerSearchPage;
