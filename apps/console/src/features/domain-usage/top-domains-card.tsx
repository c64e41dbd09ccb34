import {
  DOMAIN_USAGE_OTHER,
  DOMAIN_USAGE_RANGES,
  type DomainUsage,
  type DomainUsageRange,
} from '@ptc/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Empty, Flex, Segmented, Skeleton, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { formatBytes } from '../sub-users/sub-users';
import { DOMAIN_USAGE_KEYS, type TopDomainsQuery, topDomains } from './domain-usage.api';
import './domain-usage-texts';

/** How many domains the card lists. */
const TOP = 10;

/** The list of one answer: a row per domain, its share of the leader drawn as a bar. */
const DomainRows = ({ usage }: { usage: DomainUsage }) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const lead = usage.domains[0];
  const leadValue = lead ? (usage.sort === 'bytes' ? lead.bytes : lead.requests) : 0;
  return (
    <Flex vertical gap={10}>
      {usage.domains.map((row) => {
        const value = usage.sort === 'bytes' ? row.bytes : row.requests;
        const share = leadValue > 0 ? Math.max(2, Math.round((value / leadValue) * 100)) : 0;
        const name = row.domain === DOMAIN_USAGE_OTHER ? t('domainUsage.other') : row.domain;
        return (
          <div key={row.domain} data-testid="top-domain-row" data-domain={row.domain} style={{ minWidth: 0 }}>
            <Flex justify="space-between" gap={8} style={{ minWidth: 0 }}>
              <Typography.Text
                strong
                ellipsis={{ tooltip: name }}
                style={{ minWidth: 0, flex: '1 1 auto' }}
                data-testid="top-domain-name"
              >
                {name}
              </Typography.Text>
              <Typography.Text style={{ flex: 'none' }} data-testid="top-domain-bytes">
                {formatBytes(row.bytes)}
              </Typography.Text>
            </Flex>
            <Flex align="center" gap={8}>
              <div
                aria-hidden
                style={{ flex: '1 1 auto', height: 6, borderRadius: 3, background: token.colorFillSecondary }}
              >
                <div
                  style={{ width: `${share}%`, height: 6, borderRadius: 3, background: token.colorPrimary }}
                />
              </div>
              <Typography.Text
                type="secondary"
                style={{ flex: 'none', fontSize: 12 }}
                data-testid="top-domain-requests"
              >
                {t('domainUsage.requests', { count: row.requests })}
              </Typography.Text>
            </Flex>
          </div>
        );
      })}
    </Flex>
  );
};

/**
 * The top target domains (issue #21 item 4) of every proxy of the customer (`proxyId` null: on the
 * overview) or of one proxy (in its dialog), by traffic or by requests, over 24 hours, 7 or 30 days.
 * Says so when the customer switched collection off.
 */
export const TopDomainsCard = ({
  proxyId = null,
  bordered = true,
}: {
  proxyId?: string | null;
  bordered?: boolean;
}) => {
  const { t } = useTranslation();
  const [range, setRange] = useState<DomainUsageRange>('7d');
  const [sort, setSort] = useState<TopDomainsQuery['sort']>('bytes');
  const query: TopDomainsQuery = { range, sort, limit: TOP };
  const usage = useQuery({
    queryKey: DOMAIN_USAGE_KEYS.top(proxyId, query),
    queryFn: ({ signal }) => topDomains(proxyId, query, signal),
  });
  const controls = (
    <Flex gap={8} wrap>
      <Segmented<DomainUsageRange>
        size="small"
        value={range}
        onChange={setRange}
        options={DOMAIN_USAGE_RANGES.map((value) => ({ value, label: t(`domainUsage.range.${value}`) }))}
        data-testid="top-domains-range"
      />
      <Segmented<TopDomainsQuery['sort']>
        size="small"
        value={sort}
        onChange={setSort}
        options={[
          { value: 'bytes', label: t('domainUsage.sort.bytes') },
          { value: 'requests', label: t('domainUsage.sort.requests') },
        ]}
        data-testid="top-domains-sort"
      />
    </Flex>
  );
  let body: React.ReactNode;
  if (usage.isPending) body = <Skeleton active title={false} paragraph={{ rows: 4 }} />;
  else if (usage.isError) body = <Alert type="error" showIcon message={t('domainUsage.loadFailed')} />;
  else {
    const data = usage.data;
    body = (
      <Flex vertical gap={12}>
        {data.enabled ? null : (
          <Alert type="info" showIcon message={t('domainUsage.off')} data-testid="top-domains-off" />
        )}
        {data.domains.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('domainUsage.empty')} />
        ) : (
          <>
            <DomainRows usage={data} />
            <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="top-domains-total">
              {t('domainUsage.total', {
                domains: data.domain_count,
                bytes: formatBytes(data.total_bytes),
                requests: data.total_requests,
              })}
            </Typography.Text>
          </>
        )}
      </Flex>
    );
  }
  return (
    <Card
      title={bordered ? t('domainUsage.title') : undefined}
      variant={bordered ? 'outlined' : 'borderless'}
      data-testid="top-domains"
      styles={bordered ? undefined : { body: { padding: 0 } }}
    >
      <Flex vertical gap={12} style={{ minWidth: 0 }}>
        {controls}
        {body}
      </Flex>
    </Card>
  );
};

export default TopDomainsCard;
