import { useQuery } from '@tanstack/react-query';
import { Card, Col, Flex, Row, Skeleton, Tag, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from './load-failed';
import { proxiesSummaryQuery } from './overview.api';
import { type FamilyUsage, toFamilyUsage, USAGE_STATUSES, USAGE_SWITCHES } from './proxy-usage';

/** The theme colour of each status's dot, shown when the status has proxies. */
const STATUS_TOKENS: Readonly<
  Record<
    (typeof USAGE_STATUSES)[number],
    'colorSuccess' | 'colorWarning' | 'colorTextQuaternary' | 'colorError'
  >
> = {
  normal: 'colorSuccess',
  unhealthy: 'colorWarning',
  expired: 'colorTextQuaternary',
  invalid: 'colorError',
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
          // Neutral text with a coloured dot: antd's green and orange tag texts read at 2.2–3.3:1.
          <Tag key={status} style={{ margin: 0 }}>
            {usage[status] > 0 ? (
              <span
                aria-hidden
                style={{
                  display: 'inline-block',
                  width: 6,
                  height: 6,
                  borderRadius: 3,
                  marginInlineEnd: 6,
                  verticalAlign: 'middle',
                  background: token[STATUS_TOKENS[status]],
                }}
              />
            ) : null}
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
  const query = useQuery(proxiesSummaryQuery);

  const body = () => {
    if (query.isError) return <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
    if (query.isPending) return <Skeleton active title={false} paragraph={{ rows: 3 }} />;
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
