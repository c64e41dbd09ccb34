import { useQuery } from '@tanstack/react-query';
import { Card, Skeleton } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { LoadFailed } from './load-failed';
import { proxiesSummaryQuery } from './overview.api';
import { type FamilyUsage, toFamilyUsage, USAGE_STATUSES, USAGE_SWITCHES } from './proxy-usage';

/** The theme colour of each status's dot, shown when the status has proxies. */
const STATUS_COLORS: Readonly<Record<(typeof USAGE_STATUSES)[number], string>> = {
  normal: 'var(--ant-color-success)',
  unhealthy: 'var(--ant-color-warning)',
  expired: 'var(--ant-color-text-quaternary)',
  invalid: 'var(--ant-color-error)',
};

// Plain elements drawn with the theme's variables rather than antd's Tag, Typography and grid:
// sixteen badges and their tiles are most of the overview's first render on a phone.

/** The tiles: two columns where the card has room for them, one on a phone. */
const GRID_STYLE: CSSProperties = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(max(220px, calc(50% - 6px)), 1fr))',
  gap: 12,
};

const TILE_STYLE: CSSProperties = {
  display: 'flex',
  flexDirection: 'column',
  gap: 8,
  height: '100%',
  padding: 12,
  borderRadius: 'var(--ant-border-radius-lg)',
  background: 'var(--ant-color-fill-quaternary)',
};

const SECONDARY_STYLE: CSSProperties = { color: 'var(--ant-color-text-description)' };

/** A count badge, as antd's default tag looks. */
const BADGE_STYLE: CSSProperties = {
  display: 'inline-block',
  paddingInline: 7,
  fontSize: 'var(--ant-font-size-sm)',
  lineHeight: '20px',
  whiteSpace: 'nowrap',
  borderRadius: 'var(--ant-border-radius-sm)',
  border: 'var(--ant-line-width) solid var(--ant-color-border)',
  background: 'var(--ant-color-fill-quaternary)',
};

/** The switch counts' badges, as antd's filled tag looks. */
const FILLED_BADGE_STYLE: CSSProperties = {
  ...BADGE_STYLE,
  borderColor: 'transparent',
  background: 'var(--ant-color-fill-tertiary)',
};

const dotStyle = (color: string): CSSProperties => ({
  display: 'inline-block',
  width: 6,
  height: 6,
  borderRadius: 3,
  marginInlineEnd: 6,
  verticalAlign: 'middle',
  background: color,
});

/** One family: its proxy count, then counts per status and switch. */
const FamilyTile = ({ usage }: { usage: FamilyUsage }) => {
  const { t } = useTranslation();
  return (
    <div data-testid={`overview-proxies-${usage.family}`} style={TILE_STYLE}>
      <span style={SECONDARY_STYLE}>{t(`overview.proxies.family.${usage.family}`)}</span>
      <strong style={{ fontSize: 24, lineHeight: 1.2 }} data-testid="total">
        {usage.total}
      </strong>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}>
        {USAGE_STATUSES.map((status) => (
          // Neutral text with a coloured dot: antd's green and orange tag texts read at 2.2–3.3:1.
          <span key={status} style={BADGE_STYLE}>
            {usage[status] > 0 ? <span aria-hidden style={dotStyle(STATUS_COLORS[status])} /> : null}
            {t(`overview.proxies.status.${status}`)} {usage[status]}
          </span>
        ))}
        {USAGE_SWITCHES.map((state) => (
          <span key={state} style={FILLED_BADGE_STYLE}>
            {t(`overview.proxies.status.${state}`)} {usage[state]}
          </span>
        ))}
      </div>
    </div>
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
      <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
        <span style={SECONDARY_STYLE} data-testid="overview-proxies-total">
          {t('overview.proxies.total', { total: query.data.total })}
        </span>
        <div style={GRID_STYLE}>
          {toFamilyUsage(query.data).map((usage) => (
            <FamilyTile key={usage.family} usage={usage} />
          ))}
        </div>
      </div>
    );
  };

  return (
    <Card title={t('overview.proxies.title')} style={{ height: '100%' }} data-testid="overview-proxies">
      {body()}
    </Card>
  );
};
