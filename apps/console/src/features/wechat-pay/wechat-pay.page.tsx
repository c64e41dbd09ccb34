import {
  CheckCircleFilled,
  ClockCircleOutlined,
  CloseCircleFilled,
  ExclamationCircleFilled,
} from '@ant-design/icons';
import { Button, Card, Flex, QRCode, Result, Spin, Tag, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from '../../shared/i18n/use-translation';
import { pollWechatOrder, WALLET_QUERY_KEYS } from '../charge/charge.api';
import { formatCredited, OrderDetails } from '../charge/order-details';
import type { OrderView } from '../charge/top-up-order';
import { useOrderPolling } from '../charge/use-order-polling';
import { useWalletPaths } from '../charge/wallet-paths';
import '../charge/wallet-texts';
import { formatCountdown, getRemainingMs } from './countdown';
import { isMissingOrder } from './missing-order';

/** The text of each state (SPEC §4 WeChat order: pending, expired, system error, success). */
const STATE_TEXT_KEYS: Readonly<Record<OrderView, string>> = {
  loading: 'wechatPay.state.loading',
  pending: 'wechatPay.state.pending',
  paid: 'wechatPay.state.paid',
  failed: 'wechatPay.state.failed',
  expired: 'wechatPay.state.expired',
  error: 'wechatPay.state.error',
};

/**
 * The WeChat Pay page (`/wechat/pay/{order_no}`): the QR code of the order, its details and a
 * minutes-and-seconds countdown to its expiry. The order is asked for every 3 s while pending
 * (`POST /proxy/charges/wechat/pay/{order_no}`), until it is final, a poll fails, or the page is
 * left. Hooks: `wechat-qr`, `wechat-countdown`, `wechat-state` (with `data-state`), `wechat-back`.
 */
const WechatPayPage = () => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const paths = useWalletPaths();
  const orderNo = useParams().path ?? '';
  const { order, view, error, now, refetch } = useOrderPolling(
    orderNo,
    WALLET_QUERY_KEYS.wechatOrder(orderNo),
    (signal) => pollWechatOrder(orderNo, signal),
  );
  const backButton = (
    <Button
      key="back"
      type={view === 'paid' ? 'primary' : 'default'}
      onClick={() => void navigate(paths.charge)}
      data-testid="wechat-back"
    >
      {t('wechatPay.back')}
    </Button>
  );
  const codeUrl = order?.checkout?.kind === 'qr' ? order.checkout.code_url : null;
  // An order this account does not have (a wrong or someone else's link) is not a system error.
  const isMissing = view === 'error' && isMissingOrder(error);

  const stateIcons: Partial<Record<OrderView, ReactNode>> = {
    pending: <Spin size="small" />,
    paid: <CheckCircleFilled style={{ color: token.colorSuccess }} />,
    expired: <ClockCircleOutlined style={{ color: token.colorWarning }} />,
    failed: <CloseCircleFilled style={{ color: token.colorError }} />,
    error: <ExclamationCircleFilled style={{ color: token.colorError }} />,
  };

  const renderOutcome = (): ReactNode => {
    if (view === 'paid' && order) {
      return (
        <Result
          status="success"
          subTitle={t('charge.order.paidDetail', { credited: formatCredited(order) })}
          extra={[backButton]}
          data-testid="wechat-result"
        />
      );
    }
    if (isMissing) {
      return (
        <Result
          status="404"
          title={t('wechatPay.notFound.title')}
          subTitle={t('wechatPay.notFound.description', { orderNo })}
          extra={[
            <Button
              key="back"
              type="primary"
              onClick={() => void navigate(paths.charge)}
              data-testid="wechat-back"
            >
              {t('wechatPay.back')}
            </Button>,
          ]}
          data-testid="wechat-not-found"
        />
      );
    }
    if (view === 'error') {
      return (
        <Result
          status="error"
          extra={[
            <Button key="refresh" type="primary" onClick={refetch} data-testid="wechat-refresh">
              {t('charge.order.refresh')}
            </Button>,
            backButton,
          ]}
        />
      );
    }
    if (view === 'expired' || view === 'failed') {
      return <Result status={view === 'expired' ? 'warning' : 'error'} extra={[backButton]} />;
    }
    return null;
  };

  return (
    <Flex vertical gap={16} style={{ maxWidth: 640, marginInline: 'auto' }}>
      <Flex align="center" gap={8}>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {t('menu.wechatPay')}
        </Typography.Title>
        {order?.sandbox ? <Tag color="orange">{t('charge.method.sandbox')}</Tag> : null}
      </Flex>
      <Card>
        <Flex vertical gap={16} align="center">
          {isMissing ? null : (
            <Flex align="center" gap={8} role="status" data-testid="wechat-state" data-state={view}>
              {stateIcons[view] ?? <Spin size="small" />}
              <Typography.Text strong style={{ fontSize: 16 }}>
                {t(STATE_TEXT_KEYS[view])}
              </Typography.Text>
            </Flex>
          )}
          {view === 'pending' && order ? (
            <>
              <div data-testid="wechat-qr">{codeUrl ? <QRCode value={codeUrl} size={220} /> : <Spin />}</div>
              <Typography.Text type="secondary">{t('wechatPay.scan')}</Typography.Text>
              <Flex vertical align="center" gap={2}>
                <Typography.Text type="secondary">{t('wechatPay.countdown')}</Typography.Text>
                <Typography.Text
                  strong
                  style={{ fontSize: 28, fontVariantNumeric: 'tabular-nums' }}
                  data-testid="wechat-countdown"
                >
                  {formatCountdown(getRemainingMs(order.expires_at, now))}
                </Typography.Text>
              </Flex>
            </>
          ) : null}
          {view === 'loading' ? <Spin size="large" /> : null}
          {renderOutcome()}
        </Flex>
      </Card>
      {order ? (
        <Card>
          <OrderDetails order={order} testIdPrefix="wechat" />
        </Card>
      ) : null}
    </Flex>
  );
};

export default WechatPayPage;
