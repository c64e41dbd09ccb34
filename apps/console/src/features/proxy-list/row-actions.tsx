import {
  ApiOutlined,
  ChromeOutlined,
  CopyOutlined,
  DeleteOutlined,
  EditOutlined,
  EllipsisOutlined,
  HistoryOutlined,
  QrcodeOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import type { ProxyRow } from '@ptc/contracts';
import { Button, Dropdown, Flex, type MenuProps } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { isRenewableRow } from './proxy-family';

/** The dialogs a row opens. */
export type RowDialog = 'copy' | 'qr' | 'speed' | 'renew' | 'remark' | 'connect';

/** What the row actions do; the list provides them. */
export interface RowHandlers {
  open: (dialog: RowDialog, row: ProxyRow) => void;
  /** Asks, then deletes the proxy. */
  remove: (row: ProxyRow) => void;
  /** Goes to the browser extension page. */
  useExtension: () => void;
  setSwitch: (row: ProxyRow, isOn: boolean) => Promise<void>;
  setRotation: (row: ProxyRow, isOn: boolean) => Promise<void>;
  setAutoRenew: (row: ProxyRow, isOn: boolean) => Promise<void>;
}

/** Props of {@link RowActions}. */
export interface RowActionsProps {
  row: ProxyRow;
  handlers: RowHandlers;
  /** Static IP proxies can be renewed. */
  isRenewable: boolean;
  /** On phones every action sits in one menu. */
  isMobile: boolean;
  t: TFunction;
}

type MenuItem = NonNullable<MenuProps['items']>[number];

/**
 * The row actions of SPEC §2: copy, speed test, QR code import, connect, use browser extension,
 * remark, renew (static IP) and delete. On desktops copy and speed test are buttons and the rest a
 * "More" menu; on phones all of them are in one menu. A deleted proxy can only be copied.
 */
export const RowActions = ({ row, handlers, isRenewable, isMobile, t }: RowActionsProps) => {
  const canRenew = isRenewable && isRenewableRow(row);
  const item = (
    key: string,
    icon: ReactNode,
    label: string,
    onClick: () => void,
    extra: object = {},
  ): MenuItem => ({
    key,
    icon,
    label: <span data-testid={`proxy-action-${key}`}>{label}</span>,
    onClick,
    ...extra,
  });
  const copy = item('copy', <CopyOutlined />, t('proxies.action.copy'), () => handlers.open('copy', row));
  const speed = item('speed', <ThunderboltOutlined />, t('proxies.action.speedTest'), () =>
    handlers.open('speed', row),
  );
  const rest: MenuItem[] = row.deleted
    ? []
    : [
        item('qr', <QrcodeOutlined />, t('proxies.action.qr'), () => handlers.open('qr', row)),
        item('connect', <ApiOutlined />, t('proxies.action.connect'), () => handlers.open('connect', row)),
        item('extension', <ChromeOutlined />, t('proxies.action.extension'), handlers.useExtension),
        item('remark', <EditOutlined />, t('proxies.action.remark'), () => handlers.open('remark', row)),
        ...(isRenewable
          ? [
              item(
                'renew',
                <HistoryOutlined />,
                t('proxies.action.renew'),
                () => handlers.open('renew', row),
                { disabled: !canRenew },
              ),
            ]
          : []),
        { type: 'divider' as const },
        item('delete', <DeleteOutlined />, t('proxies.action.delete'), () => handlers.remove(row), {
          danger: true,
        }),
      ];

  if (isMobile) {
    const items = row.deleted ? [copy] : [copy, speed, ...rest];
    return (
      <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight">
        <Button
          icon={<EllipsisOutlined />}
          aria-label={t('proxies.action.more')}
          data-testid="proxy-actions"
        />
      </Dropdown>
    );
  }
  return (
    <Flex gap={4} wrap={false}>
      <Button
        size="small"
        icon={<CopyOutlined />}
        onClick={() => handlers.open('copy', row)}
        data-testid="proxy-copy"
      >
        {t('proxies.action.copy')}
      </Button>
      {row.deleted ? null : (
        <>
          <Button
            size="small"
            icon={<ThunderboltOutlined />}
            onClick={() => handlers.open('speed', row)}
            data-testid="proxy-speed"
          >
            {t('proxies.action.speedTest')}
          </Button>
          <Dropdown menu={{ items: rest }} trigger={['click']} placement="bottomRight">
            <Button size="small" icon={<EllipsisOutlined />} data-testid="proxy-actions">
              {t('proxies.action.more')}
            </Button>
          </Dropdown>
        </>
      )}
    </Flex>
  );
};
