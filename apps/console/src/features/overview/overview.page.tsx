import { Col, Flex, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { BalanceCard } from './balance-card';
import { CostSummaryCard } from './cost-summary-card';
import './overview-texts';
import { ProxyUsageCard } from './proxy-usage-card';
import { TrafficUsageCard } from './traffic-usage-card';

/**
 * The dashboard overview (SPEC §2): balance, proxy usage, 24-hour and 30-day traffic and the PTC
 * cost summaries. Loaded lazily from the route table, with ECharts in its own chunk.
 */
const OverviewPage = () => {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={16} data-testid="overview" style={{ minWidth: 0 }}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('menu.dashboard.overview')}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8}>
          <BalanceCard />
        </Col>
        <Col xs={24} lg={16}>
          <ProxyUsageCard />
        </Col>
      </Row>
      <TrafficUsageCard />
      <CostSummaryCard />
    </Flex>
  );
};

export default OverviewPage;
