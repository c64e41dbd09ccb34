import { isAppError } from '@ptc/contracts';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { resolveErrorText } from '../../shared/api/request-errors';
import { translateIfExists } from '../../shared/i18n/i18n';

/**
 * A card's failed read: the error's text from the code table of SPEC §8 (the reads are silent, so
 * this is where the user sees it) and a retry button.
 */
export const LoadFailed = ({ error, onRetry }: { error: unknown; onRetry: () => void }) => {
  const { t } = useTranslation();
  const detail = isAppError(error) ? resolveErrorText(error, translateIfExists) : undefined;
  return (
    <Alert
      type="error"
      showIcon
      title={t('overview.loadFailed')}
      {...(detail ? { description: detail } : {})}
      action={
        <Button size="small" onClick={onRetry}>
          {t('overview.retry')}
        </Button>
      }
    />
  );
};
