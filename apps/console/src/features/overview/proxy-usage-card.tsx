import { useQuery } from '@tanstack/react-query';
import { Card, Col, Flex, Row, Skeleton, Tag, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from './load-failed';
import { fetchProxiesSummary, OVERVIEW_QUERY_KEYS } from './overview.api';
import { type FamilyUsage, toFamilyUsage, USAGE_STATUSES, USAGE_SWITCHES } from './proxy-usage';

const STATUS_COLORS: Readonly<Record<(typeof USAGE_STATUSES)[number], string>> = {
  normal: 'success',
  unhealthy: 'warning',
  expired: 'default',
  invalid: 'error',
};

/** One family: its proxy count, then counts per status and switch. */
const FamilyTile = ({ usage }: { usage: FamilyUsage }) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Flex
      vertical
      gap={8}
      data-testid={`overview-proxies-${usage.family}`}
      style={{
        height: '100%',
        padding: 12,
        borderRadius: token.borderRadiusLG,
        background: token.colorFillQuaternary,
      }}
    >
      <Typography.Text type="secondary">{t(`overview.proxies.family.${usage.family}`)}</Typography.Text>
      <Typography.Text strong style={{ fontSize: 24, lineHeight: 1.2 }} data-testid="total">
        {usage.total}
      </Typography.Text>
      <Flex gap={4} wrap>
        {USAGE_STATUSES.map((status) => (
          <Tag
            key={status}
            color={usage[status] > 0 ? STATUS_COLORS[status] : 'default'}
            style={{ margin: 0 }}
          >
            {t(`overview.proxies.status.${status}`)} {usage[status]}
          </Tag>
        ))}
        {USAGE_SWITCHES.map((state) => (
          <Tag key={state} variant="filled" style={{ margin: 0 }}>
            {t(`overview.proxies.status.${state}`)} {usage[state]}
          </Tag>
        ))}
      </Flex>
    </Flex>
  );
};

/** Proxy usage (SPEC §2): the user's live proxies per family, by status and on/off. */
export const ProxyUsageCard = () => {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: OVERVIEW_QUERY_KEYS.proxies,
    queryFn: ({ signal }) => fetchProxiesSummary(signal),
    staleTime: 0,
  });

  const body = () => {
    if (query.isError) return <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
    if (query.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
    return (
      <Flex vertical gap={12}>
        <Typography.Text type="secondary" data-testid="overview-proxies-total">
          {t('overview.proxies.total', { total: query.data.total })}
        </Typography.Text>
        <Row gutter={[12, 12]}>
          {toFamilyUsage(query.data).map((usage) => (
            <Col key={usage.family} xs={24} sm={12}>
              <FamilyTile usage={usage} />
            </Col>
          ))}
        </Row>
      </Flex>
    );
  };

  return (
    <Card title={t('overview.proxies.title')} style={{ height: '100%' }} data-testid="overview-proxies">
      {body()}
    </Card>
  );
};
