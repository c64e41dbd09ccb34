import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Flex, Row, Skeleton, Typography } from 'antd';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useIsMobile } from '../../shared/ui/use-is-mobile';
import { pagePath } from '../proxy-list/page-path';
import { usageChartOption } from './chart-options';
import { useChartTheme } from './chart-theme';
import { FAMILY_PAGES, hasAnyTraffic, hasUsage } from './first-run';
import { LazyEChart } from './lazy-e-chart';
import { LoadFailed } from './load-failed';
import { trafficSummaryQuery } from './overview.api';
import { RefreshButton } from './refresh-button';
import { formatBytes, toUsageSeries, type UsageGrain, type UsagePoint } from './traffic-series';
import { useUnitLabel } from './use-unit-label';

/** One traffic chart with its title and total. */
const UsageChart = ({
  title,
  label,
  points,
  grain,
  testId,
}: {
  title: string;
  label: string;
  points: readonly UsagePoint[];
  grain: UsageGrain;
  testId: string;
}) => {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const height = isMobile ? 220 : 260;
  const chartTheme = useChartTheme();
  const unitLabel = useUnitLabel();
  const series = useMemo(() => toUsageSeries(points, grain, unitLabel), [points, grain, unitLabel]);
  const option = useMemo(
    () =>
      usageChartOption(
        series,
        {
          download: t('overview.traffic.download'),
          upload: t('overview.traffic.upload'),
          total: t('overview.traffic.totalLabel'),
        },
        chartTheme.colors,
      ),
    [series, t, chartTheme.colors],
  );
  return (
    <Flex vertical gap={8} data-testid={testId}>
      <Flex justify="space-between" align="baseline" gap={8} wrap>
        <Typography.Text strong>{title}</Typography.Text>
        <Typography.Text type="secondary" data-testid={`${testId}-total`}>
          {t('overview.traffic.total', { value: formatBytes(series.sum, unitLabel) })}
        </Typography.Text>
      </Flex>
      {hasUsage(points) ? (
        <LazyEChart option={option} theme={chartTheme.theme} height={height} aria-label={label} />
      ) : (
        <Flex vertical justify="center" style={{ height }} data-testid={`${testId}-empty`}>
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('overview.traffic.emptyPeriod')} />
        </Flex>
      )}
    </Flex>
  );
};

/** Traffic of all the user's proxies: the last 24 hours by hour and the last 30 days by day. */
export const TrafficUsageCard = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Fresh on every visit (OVERVIEW_FRESH_MS): the gateway flushes usage every 2 s.
  const query = useQuery(trafficSummaryQuery);

  const body = () => {
    if (query.isError) return <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
    if (query.isPending) return <Skeleton active title={false} paragraph={{ rows: 6 }} />;
    // No traffic yet: what to do for some, rather than two charts of zeros on axes of "1 B".
    if (!hasAnyTraffic(query.data)) {
      return (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('overview.traffic.empty')}
          data-testid="overview-traffic-empty"
        >
          <Button type="primary" onClick={() => void navigate(pagePath(FAMILY_PAGES['dynamic-traffic']))}>
            {t('overview.traffic.emptyAction')}
          </Button>
        </Empty>
      );
    }
    return (
      <Row gutter={[24, 24]}>
        <Col xs={24} xl={12}>
          <UsageChart
            title={t('overview.traffic.last24h')}
            label={t('overview.traffic.chart24h')}
            points={query.data.hours}
            grain="hour"
            testId="overview-traffic-24h"
          />
        </Col>
        <Col xs={24} xl={12}>
          <UsageChart
            title={t('overview.traffic.last30d')}
            label={t('overview.traffic.chart30d')}
            points={query.data.days}
            grain="day"
            testId="overview-traffic-30d"
          />
        </Col>
      </Row>
    );
  };

  return (
    <Card
      title={t('overview.traffic.title')}
      data-testid="overview-traffic"
      extra={<RefreshButton isLoading={query.isFetching} onRefresh={() => void query.refetch()} />}
    >
      {body()}
    </Card>
  );
};
