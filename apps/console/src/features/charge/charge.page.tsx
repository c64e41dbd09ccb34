import { Alert, Col, Flex, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useIsMobile } from '../../shared/ui/use-is-mobile';
import { AutoTopUpCard } from './auto-top-up-card';
import { BalanceAlarmCard } from './balance-alarm-card';
import { ChargeRecordsCard } from './charge-records-card';
import { TopUpOrderStatus } from './order-status';
import { TopUpForm } from './top-up-form';
import './wallet-texts';

/** The query parameter of an order to show: providers send the browser back to `/charge?order=…`. */
const ORDER_PARAM = 'order';

/**
 * The charge page (SPEC §2): an order coming back from its provider, the top-up form, auto
 * top-up, the balance alarm and the billing records. Below 992 px the payment parts give way
 * to the notice that recharging is unavailable on mobile devices.
 */
const ChargePage = () => {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const [searchParams, setSearchParams] = useSearchParams();
  const orderNo = searchParams.get(ORDER_PARAM);

  const setOrderParam = (value: string | null) =>
    setSearchParams((previous) => {
      const next = new URLSearchParams(previous);
      if (value) next.set(ORDER_PARAM, value);
      else next.delete(ORDER_PARAM);
      return next;
    });

  const showOrder = (next: string) => {
    setOrderParam(next);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('menu.charge')}
      </Typography.Title>
      {orderNo ? (
        <TopUpOrderStatus
          key={orderNo}
          orderNo={orderNo}
          testIdPrefix="charge"
          onDismiss={() => setOrderParam(null)}
        />
      ) : null}
      {isMobile ? (
        <Alert
          type="warning"
          showIcon
          title={t('charge.mobileUnsupported')}
          data-testid="charge-mobile-unsupported"
        />
      ) : (
        <TopUpForm onShowOrder={showOrder} />
      )}
      <Row gutter={[16, 16]}>
        {isMobile ? null : (
          <Col xs={24} lg={12}>
            <AutoTopUpCard />
          </Col>
        )}
        <Col xs={24} lg={isMobile ? 24 : 12}>
          <BalanceAlarmCard />
        </Col>
      </Row>
      <ChargeRecordsCard />
    </Flex>
  );
};

export default ChargePage;
