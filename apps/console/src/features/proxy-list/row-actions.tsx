import {
  ApiOutlined,
  ChromeOutlined,
  CopyOutlined,
  DeleteOutlined,
  EditOutlined,
  EllipsisOutlined,
  GlobalOutlined,
  HistoryOutlined,
  QrcodeOutlined,
  SwapOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import type { ProxyRow } from '@ptc/contracts';
import { Button, Dropdown, Flex, type MenuProps, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useExtensionTask } from '../../shared/extension/extension-outcome';
import type { TFunction } from '../../shared/i18n/translator';
import { isRenewableRow } from './proxy-family';
import { isReplaceableRow } from './replace-dialog';

/** A small icon button named by its tooltip and for screen readers: no label to cut in any language. */
const IconAction = (props: { label: string; icon: ReactNode; testId: string; onClick: () => void }) => (
  <Tooltip title={props.label}>
    <Button
      size="small"
      icon={props.icon}
      onClick={props.onClick}
      aria-label={props.label}
      data-testid={props.testId}
    />
  </Tooltip>
);

/** The dialogs a row opens. */
export type RowDialog = 'copy' | 'qr' | 'speed' | 'renew' | 'remark' | 'connect' | 'replace' | 'domains';

/** What the row actions do; the list provides them. */
export interface RowHandlers {
  open: (dialog: RowDialog, row: ProxyRow) => void;
  /** Asks, then deletes the proxy. */
  remove: (row: ProxyRow) => void;
  /** Goes to the browser extension page (its install steps, when the extension is not found). */
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
  /** On a card (below 992 px): copy and connect with their names, the rest in one menu. */
  isMobile: boolean;
  t: TFunction;
}

type MenuItem = NonNullable<MenuProps['items']>[number];

/**
 * The row actions of SPEC §2: copy, speed test, QR code import, connect, use browser extension,
 * remark, renew (static IP), replace IP (static) and delete. On desktops copy, connect and speed test are icon buttons
 * and the rest a "More" menu; on phones all of them are in one menu. A deleted proxy can only be copied.
 */
export const RowActions = ({ row, handlers, isRenewable, isMobile, t }: RowActionsProps) => {
  // "Use browser extension": this browser goes out through the proxy (SPEC §4 success/failed/timeout).
  const extension = useExtensionTask(handlers.useExtension);
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
  const speed = item('speed', <ThunderboltOutlined />, t('proxies.action.speedTest'), () =>
    handlers.open('speed', row),
  );
  const rest: MenuItem[] = row.deleted
    ? []
    : [
        item('qr', <QrcodeOutlined />, t('proxies.action.qr'), () => handlers.open('qr', row)),
        item('extension', <ChromeOutlined />, t('proxies.action.extension'), () =>
          extension.start({ kind: 'use_proxy', proxyId: row.id, name: row.username }),
        ),
        item('remark', <EditOutlined />, t('proxies.action.remark'), () => handlers.open('remark', row)),
        // The proxy's top target domains (issue #21).
        item('domains', <GlobalOutlined />, t('domainUsage.action'), () => handlers.open('domains', row)),
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
        // A static proxy's address can be swapped for another of its area (issue #21).
        ...(row.generate === 'static'
          ? [
              item(
                'replace',
                <SwapOutlined />,
                t('proxies.action.replace'),
                () => handlers.open('replace', row),
                {
                  disabled: !isReplaceableRow(row),
                },
              ),
            ]
          : []),
        { type: 'divider' as const },
        item('delete', <DeleteOutlined />, t('proxies.action.delete'), () => handlers.remove(row), {
          danger: true,
        }),
      ];

  if (isMobile) {
    // A card's main actions with their names, the rest in a menu.
    return (
      <Flex gap={8} wrap>
        <Button icon={<CopyOutlined />} onClick={() => handlers.open('copy', row)} data-testid="proxy-copy">
          {t('proxies.action.copy')}
        </Button>
        {row.deleted ? null : (
          <>
            <Button
              icon={<ApiOutlined />}
              onClick={() => handlers.open('connect', row)}
              data-testid="proxy-connect"
            >
              {t('proxies.action.connect')}
            </Button>
            <Dropdown menu={{ items: [speed, ...rest] }} trigger={['click']} placement="bottomRight">
              <Button
                icon={<EllipsisOutlined />}
                aria-label={t('proxies.action.more')}
                data-testid="proxy-actions"
              />
            </Dropdown>
          </>
        )}
        {extension.dialog}
      </Flex>
    );
  }
  // Icons with their names on hover and for screen readers: no label to cut in any language.
  return (
    <Flex gap={4} wrap={false}>
      <IconAction
        label={t('proxies.action.copy')}
        icon={<CopyOutlined />}
        testId="proxy-copy"
        onClick={() => handlers.open('copy', row)}
      />
      {row.deleted ? null : (
        <>
          <IconAction
            label={t('proxies.action.connect')}
            icon={<ApiOutlined />}
            testId="proxy-connect"
            onClick={() => handlers.open('connect', row)}
          />
          <IconAction
            label={t('proxies.action.speedTest')}
            icon={<ThunderboltOutlined />}
            testId="proxy-speed"
            onClick={() => handlers.open('speed', row)}
          />
          <Dropdown menu={{ items: rest }} trigger={['click']} placement="bottomRight">
            <Button
              size="small"
              icon={<EllipsisOutlined />}
              aria-label={t('proxies.action.more')}
              data-testid="proxy-actions"
            />
          </Dropdown>
        </>
      )}
      {extension.dialog}
    </Flex>
  );
};
