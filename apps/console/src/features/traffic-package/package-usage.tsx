import { useQuery } from '@tanstack/react-query';
import { Col, Empty, Flex, Progress, Row, Skeleton, Spin, Statistic, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useIsMobile } from '../../shared/ui/use-is-mobile';
import { readBytes } from '../overview/traffic-series';
import { LoadFailed } from './load-failed';
import { fetchTrafficPoolSummary, TRAFFIC_QUERY_KEYS } from './traffic-package.api';
import { usedPercent } from './used-percent';

const PackageUsageChart = lazy(() => import('./package-usage-chart'));

/**
 * Traffic package usage (SPEC §2): bought, used and remaining traffic, the share used, and what
 * the traffic proxies carried per day over the last 30 days. Hook: `traffic-package-usage`.
 */
export const PackageUsage = () => {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const query = useQuery({
    queryKey: TRAFFIC_QUERY_KEYS.summary,
    queryFn: ({ signal }) => fetchTrafficPoolSummary(signal),
  });
  if (query.isError) return <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  if (query.isPending) return <Skeleton active paragraph={{ rows: 5 }} />;
  const summary = query.data;
  const hasBought = readBytes(summary.bought.bytes) > 0n;
  const figures = [
    { key: 'bought', value: summary.bought.gb },
    { key: 'used', value: summary.used.gb },
    { key: 'remaining', value: summary.remaining.gb },
  ] as const;

  return (
    <Flex vertical gap={16} data-testid="traffic-package-usage">
      {hasBought ? (
        <>
          <Row gutter={[12, 12]}>
            {figures.map((figure) => (
              <Col key={figure.key} xs={8}>
                <Statistic
                  title={t(`trafficPackage.usage.${figure.key}`)}
                  value={figure.value}
                  suffix={t('trafficPackage.unit.gb')}
                  styles={{ content: { fontSize: isMobile ? 18 : 24 } }}
                  data-testid={`traffic-package-usage-${figure.key}`}
                />
              </Col>
            ))}
          </Row>
          <Flex vertical gap={4}>
            <Typography.Text type="secondary">{t('trafficPackage.usage.progress')}</Typography.Text>
            <Progress percent={usedPercent(summary.used.bytes, summary.bought.bytes)} />
          </Flex>
        </>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('trafficPackage.usage.none')} />
      )}
      <Typography.Text strong>{t('trafficPackage.usage.chart')}</Typography.Text>
      <Suspense fallback={<Spin style={{ display: 'block', margin: '48px auto' }} />}>
        <PackageUsageChart days={summary.days} height={isMobile ? 220 : 260} />
      </Suspense>
    </Flex>
  );
};
