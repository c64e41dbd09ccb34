import { SettingOutlined } from '@ant-design/icons';
import type { ProxyFamily } from '@ptc/contracts';
import { Button, Checkbox, Flex, Popover, Typography } from 'antd';
import { useTranslation } from '../../shared/i18n/use-translation';
import { type ColumnKey, optionalColumns } from './column-choice';

/** The locale key of a column's title. */
export const COLUMN_TITLE_KEYS: Readonly<Record<ColumnKey, string>> = {
  username: 'proxies.column.username',
  password: 'proxies.column.password',
  host: 'proxies.column.host',
  ip: 'proxies.column.ip',
  location: 'proxies.column.location',
  type: 'proxies.column.type',
  protocol: 'proxies.column.protocol',
  status: 'proxies.column.status',
  switch: 'proxies.column.switch',
  rotation: 'proxies.column.rotation',
  traffic_used: 'proxies.column.trafficUsed',
  ip_cost: 'proxies.column.cost',
  auto_renew: 'proxies.column.autoRenew',
  expire_time: 'proxies.column.expireTime',
  remark: 'proxies.column.remark',
  create_time: 'proxies.column.createTime',
  actions: 'proxies.column.actions',
};

/** Props of {@link ColumnChooser}. */
export interface ColumnChooserProps {
  family: ProxyFamily;
  chosen: readonly ColumnKey[];
  onChange: (chosen: ColumnKey[]) => void;
}

/**
 * The columns beyond the essential ones, each a checkbox; the list remembers the choice in the
 * browser. E2E hooks: `proxy-columns-chooser`, `proxy-column-<key>`.
 */
export const ColumnChooser = ({ family, chosen, onChange }: ColumnChooserProps) => {
  const { t } = useTranslation();
  const content = (
    <Flex vertical gap={8} data-testid="proxy-columns-menu">
      <Typography.Text type="secondary">{t('proxies.columns.hint')}</Typography.Text>
      <Checkbox.Group
        value={[...chosen]}
        onChange={(values) => onChange(values as ColumnKey[])}
        style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
        options={optionalColumns(family).map((key) => ({
          value: key,
          label: <span data-testid={`proxy-column-${key}`}>{t(COLUMN_TITLE_KEYS[key])}</span>,
        }))}
      />
    </Flex>
  );
  return (
    <Popover content={content} title={t('proxies.columns.title')} trigger="click" placement="bottomRight">
      <Button icon={<SettingOutlined />} data-testid="proxy-columns-chooser">
        {t('proxies.columns.title')}
      </Button>
    </Popover>
  );
};
