import type { ProxyFamily, ProxyRow } from '@ptc/contracts';
import { Card, Checkbox, Empty, Flex, Pagination, Spin, Typography } from 'antd';
import type { TFunction } from '../../shared/i18n/translator';
import { ProxySwitch, StatusTag } from './proxy-columns';
import { formatBytes, formatTime, locationOf } from './proxy-display';
import { FAMILY_TRAITS } from './proxy-family';
import { RowActions, type RowHandlers } from './row-actions';

const mono = { fontFamily: 'monospace', overflowWrap: 'anywhere' } as const;

/** What one card shows of its use: traffic used and its cost, or the expiry and days left. */
const UsageLine = ({ family, row, t }: { family: ProxyFamily; row: ProxyRow; t: TFunction }) => {
  if (FAMILY_TRAITS[family].isTraffic) {
    return (
      <Typography.Text data-testid="proxy-card-usage">
        {t('proxies.card.used', { bytes: formatBytes(row.traffic_used) })}
        <Typography.Text type="secondary">
          {' · '}
          {t('proxies.ptc', { amount: row.traffic_cost })}
        </Typography.Text>
      </Typography.Text>
    );
  }
  return (
    <Typography.Text data-testid="proxy-card-usage">
      {t('proxies.card.expires', { time: formatTime(row.expire_time) || '—' })}
      {row.remaining_days !== null && row.status !== 3 ? (
        <Typography.Text type="secondary">
          {' · '}
          {t('proxies.remainingDays', { n: row.remaining_days })}
        </Typography.Text>
      ) : null}
    </Typography.Text>
  );
};

/** Props of {@link ProxyCards}. */
export interface ProxyCardsProps {
  family: ProxyFamily;
  rows: readonly ProxyRow[];
  t: TFunction;
  locale: string;
  handlers: RowHandlers;
  isLoading: boolean;
  emptyText: string;
  /** The selected ids, or null when nothing can be selected (the deleted proxies). */
  selected: ReadonlySet<string> | null;
  onToggle: (row: ProxyRow, isSelected: boolean) => void;
  pagination: { current: number; pageSize: number; total: number; onChange: (page: number) => void };
}

/**
 * The list below 992 px: one card per proxy with its status, on/off, usage or expiry, address and
 * main actions, nothing wider than the screen. E2E hooks: `proxy-card` with `data-row-key`.
 */
export const ProxyCards = ({
  family,
  rows,
  t,
  locale,
  handlers,
  isLoading,
  emptyText,
  selected,
  onToggle,
  pagination,
}: ProxyCardsProps) => (
  <Spin spinning={isLoading}>
    <Flex vertical gap={12}>
      {rows.length === 0 && !isLoading ? <Empty description={emptyText} /> : null}
      {rows.map((row) => (
        <Card key={row.id} size="small" data-testid="proxy-card" data-row-key={row.id}>
          <Flex vertical gap={8} style={{ minWidth: 0 }}>
            <Flex align="center" gap={8} justify="space-between">
              <Flex align="center" gap={8} style={{ minWidth: 0 }}>
                {selected ? (
                  <Checkbox
                    checked={selected.has(row.id)}
                    onChange={(event) => onToggle(row, event.target.checked)}
                    aria-label={t('proxies.card.select', { username: row.username })}
                  />
                ) : null}
                <Typography.Text strong style={mono} data-testid="proxy-username">
                  {row.username}
                </Typography.Text>
              </Flex>
              <Flex align="center" gap={8} style={{ flexShrink: 0 }}>
                <StatusTag row={row} t={t} />
                <ProxySwitch row={row} t={t} setSwitch={handlers.setSwitch} />
              </Flex>
            </Flex>
            <UsageLine family={family} row={row} t={t} />
            <Typography.Text style={mono}>
              {`${row.address}:${row.port}`}
              <Typography.Text type="secondary"> · {row.protocol.toUpperCase()}</Typography.Text>
            </Typography.Text>
            <Typography.Text type="secondary">
              {[locationOf(row.area, locale), row.ip].filter(Boolean).join(' · ') || '—'}
            </Typography.Text>
            {row.remark ? <Typography.Text type="secondary">{row.remark}</Typography.Text> : null}
            <RowActions
              row={row}
              handlers={handlers}
              isRenewable={FAMILY_TRAITS[family].isRenewable}
              isMobile
              t={t}
            />
          </Flex>
        </Card>
      ))}
      {pagination.total > pagination.pageSize ? (
        <Pagination
          size="small"
          simple
          align="center"
          current={pagination.current}
          pageSize={pagination.pageSize}
          total={pagination.total}
          onChange={pagination.onChange}
        />
      ) : null}
    </Flex>
  </Spin>
);
