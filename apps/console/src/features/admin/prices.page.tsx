import { DEFAULT_PRICES, formatPtc, type PriceKey } from '@ptc/contracts';
import { useMutation } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Flex,
  Form,
  Input,
  Select,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import { useTranslation } from '../../shared/i18n/use-translation';
import { setPrice } from './admin.api';
import type { PriceAnswer } from './admin.types';
import { operatorErrorText } from './operator-errors';
import './admin-texts';
import { useFeedback } from '../../shared/ui/feedback';

/** What `PUT /admin/prices/:key` accepts: PTC with at most 6 decimals. */
const PRICE_PATTERN = /^\d+(\.\d{1,6})?$/;

interface PriceRow {
  key: PriceKey;
  /** The default in PTC, as the installation started with it. */
  defaultPrice: string;
  unit: string;
}

/** The keys of the price table with their defaults, in the table's order. */
export const PRICE_ROWS: readonly PriceRow[] = (Object.keys(DEFAULT_PRICES) as PriceKey[]).map((key) => ({
  key,
  defaultPrice: formatPtc(DEFAULT_PRICES[key].price, 6).replace(/\.?0+$/, ''),
  unit: DEFAULT_PRICES[key].unit,
}));

/** `/admin/prices` (owner, finance): the price keys with their defaults, and a form to set one. */
const PricesPage = () => {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<{ key: PriceKey; price: string }>();
  const save = useMutation({
    mutationFn: (values: { key: PriceKey; price: string }) => setPrice(values.key, values.price.trim()),
    onSuccess: (answer: PriceAnswer) => {
      void message.success(t('admin.prices.saved', { key: answer.key, price: answer.price }));
    },
  });

  const columns: TableColumnsType<PriceRow> = [
    {
      key: 'key',
      title: t('admin.prices.key'),
      dataIndex: 'key',
      render: (key: string) => <Typography.Text code>{key}</Typography.Text>,
    },
    { key: 'default', title: t('admin.prices.default'), dataIndex: 'defaultPrice', align: 'right' },
    {
      key: 'unit',
      title: t('admin.prices.unit'),
      dataIndex: 'unit',
      render: (unit: string) => t(`admin.prices.unit.${unit}`),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Card title={t('admin.menu.prices')}>
        <Typography.Paragraph type="secondary">{t('admin.prices.hint')}</Typography.Paragraph>
        <Form
          form={form}
          layout="inline"
          requiredMark={false}
          onFinish={(values) => save.mutate(values)}
          style={{ rowGap: 8 }}
        >
          <Form.Item
            name="key"
            label={t('admin.prices.key')}
            rules={[{ required: true, message: t('admin.prices.keyRequired') }]}
          >
            <Select
              style={{ minWidth: 260 }}
              data-testid="admin-price-key"
              options={PRICE_ROWS.map((row) => ({
                value: row.key,
                label: `${row.key} (${row.defaultPrice} ${t(`admin.prices.unit.${row.unit}`)})`,
              }))}
            />
          </Form.Item>
          <Form.Item
            name="price"
            label={t('admin.prices.newPrice')}
            rules={[{ required: true, pattern: PRICE_PATTERN, message: t('admin.prices.priceInvalid') }]}
          >
            <Input inputMode="decimal" style={{ width: 140 }} data-testid="admin-price-value" />
          </Form.Item>
          <Form.Item>
            <Button
              type="primary"
              htmlType="submit"
              loading={save.isPending}
              data-testid="admin-price-submit"
            >
              {t('admin.prices.submit')}
            </Button>
          </Form.Item>
        </Form>
        {save.isSuccess ? (
          <Alert
            style={{ marginTop: 16 }}
            type="success"
            showIcon
            data-testid="admin-price-result"
            title={t('admin.prices.saved', { key: save.data.key, price: save.data.price })}
          />
        ) : null}
        {save.isError ? (
          <Alert
            style={{ marginTop: 16 }}
            type="error"
            showIcon
            data-testid="admin-price-result"
            title={t('admin.prices.failed')}
            description={operatorErrorText(save.error, t)}
          />
        ) : null}
      </Card>
      <Card>
        <Table<PriceRow>
          rowKey="key"
          size="small"
          columns={columns}
          dataSource={[...PRICE_ROWS]}
          pagination={false}
        />
      </Card>
    </Flex>
  );
};

export default PricesPage;
