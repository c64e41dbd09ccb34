import { LoadingOutlined } from '@ant-design/icons';
import type { TopUpOrder } from '@ptc/contracts';
import { Alert, Button, Card, Descriptions, Flex, QRCode, Result, Spin, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../shared/i18n/use-translation';
import { fetchTopUpOrder, WALLET_QUERY_KEYS } from './charge.api';
import { formatCredited, OrderDetails } from './order-details';
import { useOrderPolling } from './use-order-polling';
import { useWalletPaths } from './wallet-paths';

type Checkout = NonNullable<TopUpOrder['checkout']>;

/** USDT (TRC20): the address (also as a QR code) and the exact amount, both copyable. */
const CryptoCheckout = ({
  checkout,
  testIdPrefix,
}: {
  checkout: Extract<Checkout, { kind: 'crypto' }>;
  testIdPrefix: string;
}) => {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={12}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('charge.crypto.title', { network: checkout.network })}
      </Typography.Title>
      <Flex gap={16} wrap align="start">
        <div data-testid={`${testIdPrefix}-crypto-qr`}>
          <QRCode value={checkout.address} size={160} bordered={false} />
        </div>
        <Descriptions
          column={1}
          size="small"
          style={{ flex: '1 1 280px' }}
          items={[
            { key: 'network', label: t('charge.crypto.network'), children: checkout.network },
            {
              key: 'address',
              label: t('charge.crypto.address'),
              children: (
                <Typography.Text
                  copyable
                  code
                  style={{ wordBreak: 'break-all' }}
                  data-testid={`${testIdPrefix}-crypto-address`}
                >
                  {checkout.address}
                </Typography.Text>
              ),
            },
            {
              key: 'amount',
              label: t('charge.crypto.amount'),
              children: (
                <span>
                  {/* The exact string of the order: the chain payment is matched on it. */}
                  <Typography.Text copyable strong data-testid={`${testIdPrefix}-crypto-amount`}>
                    {checkout.amount}
                  </Typography.Text>{' '}
                  USDT
                </span>
              ),
            },
          ]}
        />
      </Flex>
      <Alert
        type="warning"
        showIcon
        title={t('charge.crypto.exactNote', { network: checkout.network })}
        description={t('charge.crypto.delayNote')}
      />
    </Flex>
  );
};

/** Wire transfer: the bank details and the reference to quote; an operator confirms later. */
const WireCheckout = ({
  checkout,
  testIdPrefix,
}: {
  checkout: Extract<Checkout, { kind: 'wire' }>;
  testIdPrefix: string;
}) => {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={12}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('charge.wire.title')}
      </Typography.Title>
      <Descriptions
        column={1}
        size="small"
        bordered
        items={[
          {
            key: 'instructions',
            label: t('charge.wire.instructions'),
            children: (
              <Typography.Paragraph
                copyable
                style={{ whiteSpace: 'pre-wrap', margin: 0 }}
                data-testid={`${testIdPrefix}-wire-instructions`}
              >
                {checkout.instructions}
              </Typography.Paragraph>
            ),
          },
          {
            key: 'reference',
            label: t('charge.wire.reference'),
            children: (
              <Typography.Text copyable strong data-testid={`${testIdPrefix}-wire-reference`}>
                {checkout.reference}
              </Typography.Text>
            ),
          },
        ]}
      />
      <Alert type="info" showIcon title={t('charge.wire.note')} />
    </Flex>
  );
};

/** Props of {@link TopUpOrderStatus}. */
export interface TopUpOrderStatusProps {
  orderNo: string;
  /** Prefix of the E2E hooks: `charge` on the charge page, `stripe` on the card page. */
  testIdPrefix: 'charge' | 'stripe';
  /** Leaves the order for a new top-up; without it the button goes back to the charge page. */
  onDismiss?: () => void;
}

/**
 * The state of one top-up order, asked for every 3 s while pending: how to finish paying
 * (provider page, WeChat QR page, USDT address, wire instructions), then success, failure,
 * expiry or the system error. Hooks: `<prefix>-order` (with `data-state`), `charge-result` when
 * paid (on both pages), `<prefix>-continue`, `<prefix>-order-dismiss`.
 */
export const TopUpOrderStatus = ({ orderNo, testIdPrefix, onDismiss }: TopUpOrderStatusProps) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const paths = useWalletPaths();
  const { order, view, refetch } = useOrderPolling(orderNo, WALLET_QUERY_KEYS.order(orderNo), (signal) =>
    fetchTopUpOrder(orderNo, signal),
  );
  const dismiss = onDismiss ?? (() => void navigate(paths.charge));
  const dismissButton = (
    <Button key="dismiss" onClick={dismiss} data-testid={`${testIdPrefix}-order-dismiss`}>
      {onDismiss ? t('charge.order.newTopUp') : t('stripe.back')}
    </Button>
  );

  const renderPending = (pending: TopUpOrder): ReactNode => {
    const { checkout } = pending;
    return (
      <Flex vertical gap={16}>
        <Alert
          type="info"
          showIcon
          icon={<LoadingOutlined />}
          title={t('charge.order.pending')}
          description={t('charge.order.pendingHint')}
        />
        {checkout?.kind === 'crypto' ? (
          <CryptoCheckout checkout={checkout} testIdPrefix={testIdPrefix} />
        ) : null}
        {checkout?.kind === 'wire' ? <WireCheckout checkout={checkout} testIdPrefix={testIdPrefix} /> : null}
        <OrderDetails order={pending} testIdPrefix={testIdPrefix} />
        <Flex gap={8} wrap>
          {checkout?.kind === 'redirect' ? (
            <Button
              type="primary"
              onClick={() => window.location.assign(checkout.url)}
              data-testid={`${testIdPrefix}-continue`}
            >
              {t('charge.order.continue')}
            </Button>
          ) : null}
          {checkout?.kind === 'qr' ? (
            <Button
              type="primary"
              onClick={() => void navigate(paths.wechatPay(pending.order_no))}
              data-testid={`${testIdPrefix}-open-wechat`}
            >
              {t('charge.order.openWechat')}
            </Button>
          ) : null}
          {dismissButton}
        </Flex>
      </Flex>
    );
  };

  const renderBody = (): ReactNode => {
    if (view === 'error') {
      return (
        <Result
          status="error"
          title={t('charge.order.error')}
          extra={[
            <Button
              key="refresh"
              type="primary"
              onClick={refetch}
              data-testid={`${testIdPrefix}-order-refresh`}
            >
              {t('charge.order.refresh')}
            </Button>,
            dismissButton,
          ]}
        />
      );
    }
    if (view === 'loading' || !order) {
      return (
        <Flex justify="center" align="center" gap={12} style={{ padding: 24 }}>
          <Spin />
          <Typography.Text type="secondary">{t('charge.order.loading')}</Typography.Text>
        </Flex>
      );
    }
    if (view === 'paid') {
      return (
        <Result
          status="success"
          title={t('charge.order.paid')}
          subTitle={t('charge.order.paidDetail', { credited: formatCredited(order) })}
          extra={[dismissButton]}
          // One hook for "the returned order is paid", on whichever page the provider returned to.
          data-testid="charge-result"
        />
      );
    }
    if (view === 'failed') {
      return (
        <Result
          status="error"
          title={t('charge.order.failed')}
          subTitle={t('charge.order.failedDetail')}
          extra={[dismissButton]}
        />
      );
    }
    if (view === 'expired') {
      return (
        <Result
          status="warning"
          title={t('charge.order.expired')}
          subTitle={t('charge.order.expiredDetail')}
          extra={[dismissButton]}
        />
      );
    }
    return renderPending(order);
  };

  return (
    <Card
      title={t('charge.order.title', { orderNo })}
      extra={order?.sandbox ? <Tag color="orange">{t('charge.method.sandbox')}</Tag> : null}
      data-testid={`${testIdPrefix}-order`}
      data-state={view}
    >
      {renderBody()}
    </Card>
  );
};
