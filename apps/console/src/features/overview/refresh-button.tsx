import { ReloadOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from '../../shared/i18n/use-translation';

/** A card's reload button: usage is billed every minute, so a figure may be worth asking for again. */
export const RefreshButton = ({
  isLoading,
  onRefresh,
  testId,
}: {
  isLoading: boolean;
  onRefresh: () => void;
  testId?: string;
}) => {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('overview.refresh')}>
      <Button
        type="text"
        size="small"
        icon={<ReloadOutlined />}
        loading={isLoading}
        aria-label={t('overview.refresh')}
        onClick={onRefresh}
        data-testid={testId}
      />
    </Tooltip>
  );
};
