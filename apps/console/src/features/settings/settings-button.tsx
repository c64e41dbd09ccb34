import { SettingOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from '../../shared/i18n/use-translation';

/** The header button that opens the settings drawer. E2E hook: `data-testid="settings-button"`. */
export const SettingsButton = ({ onClick }: { onClick: () => void }) => {
  const { t } = useTranslation();
  return (
    <Button
      type="text"
      icon={<SettingOutlined />}
      aria-label={t('settings.open')}
      title={t('settings.open')}
      data-testid="settings-button"
      onClick={onClick}
    />
  );
};
