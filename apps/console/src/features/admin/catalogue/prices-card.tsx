import type { AdminPriceTable } from '@ptc/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Table, type TableColumnsType, Typography } from 'antd';
import { Link } from 'react-router';
import { OPERATOR_BASE_PATH } from '../../../routes.paths';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { CATALOGUE_QUERY_KEYS, getPriceTable } from './catalogue.api';

type PriceRow = AdminPriceTable['records'][number];

/** The price table in force at list price, with its defaults; owner and finance change it on the prices page. */
export const PricesCard = ({ canEdit }: { canEdit: boolean }) => {
  const { t } = useTranslation();
  const prices = useQuery({
    queryKey: CATALOGUE_QUERY_KEYS.prices,
    queryFn: ({ signal }) => getPriceTable(signal),
  });

  const columns: TableColumnsType<PriceRow> = [
    {
      key: 'key',
      title: t('admin.prices.key'),
      dataIndex: 'key',
      render: (key: string) => <Typography.Text code>{key}</Typography.Text>,
    },
    { key: 'price', title: t('admin.catalogue.prices.price'), dataIndex: 'price', align: 'right' },
    { key: 'default', title: t('admin.prices.default'), dataIndex: 'default_price', align: 'right' },
    {
      key: 'unit',
      title: t('admin.prices.unit'),
      dataIndex: 'unit',
      render: (unit: string) => t(`admin.prices.unit.${unit}`),
    },
  ];

  return (
    <Card
      title={t('admin.catalogue.prices.title')}
      extra={
        canEdit ? (
          <Link to={`${OPERATOR_BASE_PATH}/prices`} data-testid="admin-catalogue-prices-link">
            {t('admin.catalogue.prices.change')}
          </Link>
        ) : null
      }
    >
      {prices.isError ? (
        <Alert type="error" showIcon title={t('admin.catalogue.loadFailed')} />
      ) : (
        <Table<PriceRow>
          rowKey="key"
          size="small"
          loading={prices.isPending}
          columns={columns}
          dataSource={prices.data?.records ?? []}
          pagination={false}
          data-testid="admin-catalogue-prices"
        />
      )}
    </Card>
  );
};
