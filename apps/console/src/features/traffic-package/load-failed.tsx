import { isAppError } from '@ptc/contracts';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { resolveErrorText } from '../../shared/api/request-errors';
import { translateIfExists } from '../../shared/i18n/i18n';

/** A failed read of the panel: the code table's text of SPEC §8 (the reads are silent) and a retry. */
export const LoadFailed = ({ error, onRetry }: { error: unknown; onRetry: () => void }) => {
  const { t } = useTranslation();
  const detail = isAppError(error) ? resolveErrorText(error, translateIfExists) : undefined;
  return (
    <Alert
      type="error"
      showIcon
      title={t('trafficPackage.loadFailed')}
      {...(detail ? { description: detail } : {})}
      action={
        <Button size="small" onClick={onRetry}>
          {t('trafficPackage.retry')}
        </Button>
      }
    />
  );
};
