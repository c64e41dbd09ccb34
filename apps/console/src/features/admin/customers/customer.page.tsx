import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Descriptions, Flex, Row, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { PageSpinner } from '../../../shared/ui/page-spinner';
import { getCustomer } from '../admin.api';
import type { Customer } from '../admin.types';
import { operatorErrorText } from '../operator-errors';
import { AccountAccess } from './account-access';
import { BalanceAdjustmentForm } from './balance-adjustment-form';
import { CUSTOMERS_PATH, canOperatorDo, customerName, formatInstant } from './customer-display';
import { LedgerTable, OrdersTable, ProxiesTable } from './customer-tables';
import { AccessTag, PlanTag } from './customer-tags';
import { PlanForm } from './plan-form';
import { useOperator } from './use-operator';
import '../admin-texts';

/** Who the customer is and where their account stands. */
const CustomerSummary = ({ customer }: { customer: Customer }) => {
  const { t } = useTranslation();
  return (
    <Card title={customerName(customer)} extra={<AccessTag isLocked={customer.locked} />}>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, xl: 3 }}
        data-testid="admin-customer-summary"
        items={[
          {
            key: 'uid',
            label: t('admin.customers.uid'),
            children: <Typography.Text copyable>{customer.uid}</Typography.Text>,
          },
          { key: 'email', label: t('admin.customers.email'), children: customer.email ?? '—' },
          { key: 'phone', label: t('admin.customers.phone'), children: customer.phone ?? '—' },
          { key: 'username', label: t('admin.customers.username'), children: customer.username ?? '—' },
          {
            key: 'balance',
            label: t('admin.customers.balance'),
            children: (
              <Typography.Text strong data-testid="admin-customer-balance">
                {customer.balance} PTC
              </Typography.Text>
            ),
          },
          { key: 'held', label: t('admin.customers.held'), children: `${customer.held} PTC` },
          { key: 'plan', label: t('admin.customers.plan'), children: <PlanTag customer={customer} /> },
          {
            key: 'locked',
            label: t('admin.customers.locked'),
            children: customer.locked
              ? t('admin.customers.lockedSince', { at: formatInstant(customer.locked_at) })
              : t('admin.customers.lockedNo'),
          },
          {
            key: 'created',
            label: t('admin.customers.created'),
            children: formatInstant(customer.created_at),
          },
        ]}
      />
    </Card>
  );
};

/**
 * `/admin/customers/:uid` (owner, finance, support): the customer's balance, plan and state, their
 * money trail, orders and proxies, and the actions the operator's role may take on the account.
 */
const CustomerPage = () => {
  const { t } = useTranslation();
  const uid = useParams().uid ?? '';
  const role = useOperator()?.role;
  const details = useQuery({
    queryKey: ['admin', 'customer', uid],
    queryFn: ({ signal }) => getCustomer(uid, signal),
  });

  const back = (
    <Link to={CUSTOMERS_PATH}>
      <ArrowLeftOutlined /> {t('admin.customers.back')}
    </Link>
  );
  if (details.isError) {
    return (
      <Flex vertical gap={16}>
        {back}
        <Alert
          type="error"
          showIcon
          title={t('admin.customers.loadFailed')}
          description={operatorErrorText(details.error, t)}
          action={
            <Button size="small" onClick={() => void details.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      </Flex>
    );
  }
  if (!details.data) return <PageSpinner />;

  const { customer, ledger, orders, proxies } = details.data;
  const actions = [
    {
      key: 'balance',
      isShown: canOperatorDo(role, 'adjustBalance'),
      node: <BalanceAdjustmentForm customer={customer} />,
    },
    { key: 'plan', isShown: canOperatorDo(role, 'setPlan'), node: <PlanForm customer={customer} /> },
    {
      key: 'access',
      isShown: canOperatorDo(role, 'lock') || canOperatorDo(role, 'signOut'),
      node: <AccountAccess customer={customer} role={role} />,
    },
  ].filter((action) => action.isShown);

  return (
    <Flex vertical gap={16} style={{ minWidth: 0 }} data-testid="admin-customer-page">
      {back}
      <CustomerSummary customer={customer} />
      <Row gutter={[16, 16]}>
        {actions.map((action) => (
          <Col key={action.key} xs={24} lg={12} xxl={8}>
            {action.node}
          </Col>
        ))}
      </Row>
      <LedgerTable entries={ledger} />
      <OrdersTable orders={orders} />
      <ProxiesTable proxies={proxies} />
    </Flex>
  );
};

export default CustomerPage;
