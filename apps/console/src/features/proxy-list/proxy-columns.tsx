import { EditOutlined } from '@ant-design/icons';
import type { ProxyFamily, ProxyRow } from '@ptc/contracts';
import { Button, Flex, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import type { TFunction } from '../../shared/i18n/translator';
import { AsyncSwitch } from './async-switch';
import type { ColumnKey } from './column-choice';
import { formatBytes, formatTime, locationOf } from './proxy-display';
import { canRotate, FAMILY_TRAITS, PROXY_STATUS_NAMES, SWITCH_ON } from './proxy-family';
import type { ListView, SortField } from './proxy-filters';
import { RowActions, type RowHandlers } from './row-actions';

/** Tag colours of the lifecycle statuses (SPEC §4). */
const STATUS_COLORS: Readonly<Record<string, string>> = {
  normal: 'success',
  invalid: 'error',
  expired: 'default',
  unhealthy: 'warning',
};

/** The lifecycle status of a proxy as a tag; deleted proxies say so. */
export const StatusTag = ({ row, t }: { row: ProxyRow; t: TFunction }) => {
  if (row.deleted) return <Tag data-testid="proxy-status">{t('proxies.status.deleted')}</Tag>;
  const name = PROXY_STATUS_NAMES[row.status];
  return (
    <Tag color={name ? STATUS_COLORS[name] : 'default'} data-testid="proxy-status" data-status={row.status}>
      {name ? t(`proxies.status.${name}`) : String(row.status)}
    </Tag>
  );
};

/** A proxy's on/off switch, in its column and on its card. */
export const ProxySwitch = ({
  row,
  t,
  setSwitch,
}: {
  row: ProxyRow;
  t: TFunction;
  setSwitch: RowHandlers['setSwitch'];
}) => (
  <AsyncSwitch
    checked={row.switch === SWITCH_ON}
    disabled={row.deleted}
    onChange={(isOn) => setSwitch(row, isOn)}
    checkedText={t('proxies.switch.on')}
    uncheckedText={t('proxies.switch.off')}
    label={t('proxies.column.switch')}
    testId="proxy-switch"
  />
);

/** What the columns need. */
export interface ColumnContext {
  family: ProxyFamily;
  t: TFunction;
  locale: string;
  isMobile: boolean;
  view: ListView;
  handlers: RowHandlers;
  /** The columns to show, in this order (essential ones and those chosen). */
  shown: readonly ColumnKey[];
}

const nowrap = { whiteSpace: 'nowrap' } as const;
/** Read by screen readers, not shown (the narrow actions column of phones). */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
const mono = { fontFamily: 'monospace', whiteSpace: 'nowrap' } as const;
/** Widths the flexible columns count for when extra columns make the table scroll sideways. */
const FLEXIBLE_WIDTHS: Readonly<Partial<Record<ColumnKey, number>>> = {
  username: 130,
  host: 160,
  location: 160,
};

const sortOrderOf = (view: ListView, field: SortField): SortOrder =>
  view.sort === field ? (view.order === 'asc' ? 'ascend' : 'descend') : null;

/**
 * What the type column says: the exit type of static proxies, how a rotating one was generated
 * and on which line and route type.
 */
const typeText = (row: ProxyRow, t: TFunction): string => {
  if (row.type !== 'rotating') return t(`proxies.type.${row.type}`);
  const how = t(`proxies.generateType.${row.generate_type}`);
  if (!row.line) return how;
  const line = t('proxies.line', { line: row.line });
  return row.route ? `${how} · ${line} · ${t(`proxies.route.${row.route}`)}` : `${how} · ${line}`;
};

/**
 * The columns of a family's list that are shown, in the order of `shown`. Username, address and
 * location take the width left by the others (cut with an ellipsis, whole on hover), so the
 * essential columns fit a 1280 px window in every language. Sortable: creation, expiry, traffic used.
 */
export const buildColumns = ({
  family,
  t,
  locale,
  isMobile,
  view,
  handlers,
  shown,
}: ColumnContext): TableColumnsType<ProxyRow> => {
  const traits = FAMILY_TRAITS[family];
  const columns: TableColumnsType<ProxyRow> = [
    {
      key: 'username',
      title: t('proxies.column.username'),
      ellipsis: { showTitle: false },
      render: (_value, row) => (
        <Typography.Text style={mono} ellipsis={{ tooltip: row.username }} data-testid="proxy-username">
          {row.username}
        </Typography.Text>
      ),
    },
    {
      key: 'password',
      title: t('proxies.column.password'),
      width: 150,
      render: (_value, row) => <span style={mono}>{row.password}</span>,
    },
    {
      key: 'host',
      title: t('proxies.column.host'),
      ellipsis: { showTitle: false },
      render: (_value, row) => (
        <Typography.Text style={mono} ellipsis={{ tooltip: `${row.address}:${row.port}` }}>
          {`${row.address}:${row.port}`}
        </Typography.Text>
      ),
    },
    {
      key: 'ip',
      title: t('proxies.column.ip'),
      width: 140,
      render: (_value, row) => <span style={mono}>{row.ip ?? '—'}</span>,
    },
    {
      key: 'location',
      title: t('proxies.column.location'),
      ellipsis: { showTitle: false },
      // The exit's address under its place: what a customer matches against their target's logs.
      render: (_value, row) => {
        const place = locationOf(row.area, locale) || '—';
        return (
          <Flex vertical style={{ minWidth: 0 }}>
            <Typography.Text ellipsis={{ tooltip: place }}>{place}</Typography.Text>
            {row.ip ? (
              <Typography.Text type="secondary" style={{ fontSize: 12, ...mono }}>
                {row.ip}
              </Typography.Text>
            ) : null}
          </Flex>
        );
      },
    },
    {
      key: 'type',
      title: t('proxies.column.type'),
      width: 150,
      // Wraps rather than running into the next column.
      render: (_value, row) => typeText(row, t),
    },
    {
      key: 'protocol',
      title: t('proxies.column.protocol'),
      width: 96,
      render: (_value, row) => row.protocol.toUpperCase(),
    },
    {
      key: 'status',
      title: t('proxies.column.status'),
      width: 124,
      render: (_value, row) => <StatusTag row={row} t={t} />,
    },
    {
      key: 'switch',
      title: t('proxies.column.switch'),
      width: 88,
      render: (_value, row) => <ProxySwitch row={row} t={t} setSwitch={handlers.setSwitch} />,
    },
  ];
  if (traits.isTraffic) {
    columns.push(
      {
        key: 'rotation',
        title: t('proxies.column.rotation'),
        width: 110,
        render: (_value, row) => (
          <AsyncSwitch
            checked={row.rotation}
            // Turning it off is always allowed; on only where rotation is offered.
            disabled={row.deleted || (!row.rotation && !canRotate(row))}
            reason={t('proxies.rotation.unavailable')}
            onChange={(isOn) => handlers.setRotation(row, isOn)}
            label={t('proxies.column.rotation')}
            testId="proxy-rotation"
          />
        ),
      },
      {
        key: 'traffic_used',
        dataIndex: 'traffic_used',
        title: t('proxies.column.trafficUsed'),
        width: 120,
        sorter: true,
        sortOrder: sortOrderOf(view, 'traffic_used'),
        render: (_value, row) => (
          <Flex vertical>
            <span style={nowrap}>{formatBytes(row.traffic_used)}</span>
            <Typography.Text type="secondary" style={{ fontSize: 12, ...nowrap }}>
              {t('proxies.ptc', { amount: row.traffic_cost })}
            </Typography.Text>
          </Flex>
        ),
      },
    );
  } else {
    columns.push({
      key: 'ip_cost',
      title: t('proxies.column.cost'),
      width: 110,
      render: (_value, row) => <span style={nowrap}>{t('proxies.ptc', { amount: row.ip_cost })}</span>,
    });
  }
  if (traits.isRenewable) {
    columns.push({
      key: 'auto_renew',
      title: t('proxies.column.autoRenew'),
      width: 110,
      render: (_value, row) => (
        <AsyncSwitch
          checked={row.auto_renew}
          disabled={row.deleted || (!row.auto_renew && row.status === 3)}
          reason={t('errors.ERR_PROXY_TOKEN_EXPIRED')}
          onChange={(isOn) => handlers.setAutoRenew(row, isOn)}
          label={t('proxies.column.autoRenew')}
          testId="proxy-auto-renew"
        />
      ),
    });
  }
  if (traits.expires) {
    columns.push({
      key: 'expire_time',
      dataIndex: 'expire_time',
      title: t('proxies.column.expireTime'),
      width: 150,
      sorter: true,
      sortOrder: sortOrderOf(view, 'expire_time'),
      render: (_value, row) => (
        <Flex vertical>
          <span style={nowrap}>{formatTime(row.expire_time) || '—'}</span>
          {row.remaining_days !== null && row.status !== 3 ? (
            <Typography.Text type="secondary" style={{ fontSize: 12, ...nowrap }}>
              {t('proxies.remainingDays', { n: row.remaining_days })}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    });
  }
  columns.push(
    {
      key: 'remark',
      title: t('proxies.column.remark'),
      width: 180,
      render: (_value, row) => (
        <Flex align="center" gap={4} style={{ minWidth: 0 }}>
          <Typography.Text
            ellipsis={{ tooltip: row.remark }}
            style={{ maxWidth: 130 }}
            data-testid="proxy-remark"
          >
            {row.remark ?? ''}
          </Typography.Text>
          {row.deleted ? null : (
            <Tooltip title={t('proxies.action.remark')}>
              <Button
                type="text"
                size="small"
                icon={<EditOutlined />}
                aria-label={t('proxies.action.remark')}
                onClick={() => handlers.open('remark', row)}
              />
            </Tooltip>
          )}
        </Flex>
      ),
    },
    {
      key: 'create_time',
      dataIndex: 'create_time',
      title: t('proxies.column.createTime'),
      width: 150,
      sorter: true,
      sortOrder: sortOrderOf(view, 'create_time'),
      render: (_value, row) => <span style={nowrap}>{formatTime(row.create_time)}</span>,
    },
    {
      key: 'actions',
      title: isMobile ? (
        <span style={visuallyHidden}>{t('proxies.column.actions')}</span>
      ) : (
        t('proxies.column.actions')
      ),
      width: isMobile ? 56 : 136,
      // Stays in view when chosen columns make the table scroll sideways.
      fixed: 'right',
      render: (_value, row) => (
        <RowActions
          row={row}
          handlers={handlers}
          isRenewable={traits.isRenewable}
          isMobile={isMobile}
          t={t}
        />
      ),
    },
  );
  const byKey = new Map(columns.map((column) => [column.key, column]));
  return shown.flatMap((key) => {
    const column = byKey.get(key);
    return column ? [column] : [];
  });
};

/** The width of the columns together (the table's horizontal scroll extent when it scrolls). */
export const columnsWidth = (columns: TableColumnsType<ProxyRow>): number =>
  columns.reduce((sum, column) => {
    if (typeof column.width === 'number') return sum + column.width;
    return sum + (FLEXIBLE_WIDTHS[column.key as ColumnKey] ?? 120);
  }, 0);
