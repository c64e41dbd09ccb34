import { Alert, Button } from 'antd';
import { useTranslation } from '../../shared/i18n/use-translation';
import { navigateTo } from '../../shared/navigation/navigation';
import { pagePath } from './page-path';

/** What a purchase or renewal dialog shows when the balance cannot pay it (3002), with the way to top up. */
export const BalanceShortAlert = ({
  topUpLabel,
  'data-testid': testId,
}: {
  topUpLabel: string;
  'data-testid'?: string;
}) => {
  const { t } = useTranslation();
  return (
    <Alert
      type="warning"
      showIcon
      title={t('errors.ERR_BALANCE_NOT_ENOUGH')}
      action={
        <Button size="small" onClick={() => void navigateTo(pagePath('charge'))}>
          {topUpLabel}
        </Button>
      }
      data-testid={testId}
    />
  );
};
