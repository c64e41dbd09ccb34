import { CheckOutlined } from '@ant-design/icons';
import { Button, Divider, Drawer, Flex, InputNumber, Space, Switch, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useStore } from '../../shared/store/create-store';
import {
  MENU_WIDTH_RANGE,
  type PageSettings,
  resetSettings,
  settingsStore,
  THEME_COLORS,
  updateSettings,
} from './settings.store';

type SwitchSetting = 'navbar' | 'tabBar' | 'footer' | 'menuFromServer' | 'colorWeak';

const Row = ({ label, children, hint }: { label: string; children: ReactNode; hint?: string }) => (
  <div style={{ marginBottom: 12 }}>
    <Flex justify="space-between" align="center" gap={12}>
      <Typography.Text>{label}</Typography.Text>
      {children}
    </Flex>
    {hint ? (
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {hint}
      </Typography.Text>
    ) : null}
  </div>
);

/** The settings drawer of SPEC §2; every change is applied at once and persisted under `theme`. */
export const SettingsDrawer = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t } = useTranslation();
  const settings = useStore(settingsStore);

  const toggle = (key: SwitchSetting, label: string, hint?: string) => (
    <Row label={label} {...(hint ? { hint } : {})}>
      <Switch
        size="small"
        checked={settings[key]}
        aria-label={label}
        data-testid={`setting-${key}`}
        onChange={(checked) => updateSettings({ [key]: checked } as Partial<PageSettings>)}
      />
    </Row>
  );

  return (
    <Drawer
      title={t('settings.title')}
      open={open}
      onClose={onClose}
      size={300}
      footer={
        <Button block onClick={resetSettings}>
          {t('settings.reset')}
        </Button>
      }
    >
      <Typography.Title level={5}>{t('settings.appearance')}</Typography.Title>
      <Row label={t('settings.theme')}>
        <Switch
          size="small"
          checked={settings.theme === 'dark'}
          aria-label={t('settings.theme')}
          data-testid="setting-theme"
          onChange={(checked) => updateSettings({ theme: checked ? 'dark' : 'light' })}
        />
      </Row>
      <Typography.Text>{t('settings.themeColor')}</Typography.Text>
      <Space wrap size={8} style={{ display: 'flex', margin: '8px 0 12px' }}>
        {THEME_COLORS.map((color) => {
          const isSelected = settings.colorPrimary.toLowerCase() === color;
          return (
            <button
              key={color}
              type="button"
              aria-label={t('settings.themeColor.pick', { color })}
              aria-pressed={isSelected}
              onClick={() => updateSettings({ colorPrimary: color })}
              style={{
                width: 24,
                height: 24,
                borderRadius: 4,
                border: 'none',
                cursor: 'pointer',
                background: color,
                color: '#fff',
                display: 'inline-flex',
                alignItems: 'center',
                justifyContent: 'center',
              }}
            >
              {isSelected ? <CheckOutlined /> : null}
            </button>
          );
        })}
      </Space>
      <Divider />
      <Typography.Title level={5}>{t('settings.content')}</Typography.Title>
      {toggle('navbar', t('settings.navbar'))}
      {toggle('tabBar', t('settings.tabBar'))}
      {toggle('footer', t('settings.footer'))}
      {toggle('menuFromServer', t('settings.menuFromServer'), t('settings.menuFromServer.hint'))}
      <Row label={t('settings.menuWidth')}>
        <InputNumber
          size="small"
          min={MENU_WIDTH_RANGE.min}
          max={MENU_WIDTH_RANGE.max}
          step={10}
          value={settings.menuWidth}
          aria-label={t('settings.menuWidth')}
          onChange={(value) => {
            if (typeof value === 'number') updateSettings({ menuWidth: value });
          }}
          style={{ width: 96 }}
        />
      </Row>
      <Divider />
      <Typography.Title level={5}>{t('settings.other')}</Typography.Title>
      {toggle('colorWeak', t('settings.colorWeak'))}
    </Drawer>
  );
};
