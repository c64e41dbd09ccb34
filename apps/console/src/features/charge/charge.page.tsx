import { Col, Flex, Row, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../shared/i18n/use-translation';
import { AutoTopUpCard } from './auto-top-up-card';
import { BalanceAlarmCard } from './balance-alarm-card';
import { ChargeRecordsCard } from './charge-records-card';
import { TopUpOrderStatus } from './order-status';
import { isThisMobileDevice } from './top-up-device';
import { TopUpElsewhere } from './top-up-elsewhere';
import { TopUpForm } from './top-up-form';
import './wallet-texts';

/** The query parameter of an order to show: providers send the browser back to `/charge?order=…`. */
const ORDER_PARAM = 'order';

/**
 * The charge page (SPEC §2): an order coming back from its provider, the top-up form, auto
 * top-up, the balance alarm and the billing records. On a phone or tablet (the device, not the
 * window's width: a narrow desktop window tops up) the payment parts give way to where to top up.
 */
const ChargePage = () => {
  const { t } = useTranslation();
  const [isMobileDevice] = useState(isThisMobileDevice);
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
      {isMobileDevice ? <TopUpElsewhere /> : <TopUpForm onShowOrder={showOrder} />}
      <Row gutter={[16, 16]}>
        {isMobileDevice ? null : (
          <Col xs={24} lg={12}>
            <AutoTopUpCard />
          </Col>
        )}
        <Col xs={24} lg={isMobileDevice ? 24 : 12}>
          <BalanceAlarmCard />
        </Col>
      </Row>
      <ChargeRecordsCard />
    </Flex>
  );
};

export default ChargePage;
