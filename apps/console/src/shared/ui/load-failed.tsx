import { isAppError } from '@ptc/contracts';
import { Alert, Button } from 'antd';
import { resolveErrorText } from '../api/request-errors';
import { translateIfExists } from '../i18n/i18n';
import { useTranslation } from '../i18n/use-translation';

/**
 * A failed read shown in place of its content: `title`, the error's text from the code table of
 * SPEC §8 (reads are silent, so this is where the user sees it) and a retry button.
 */
export const LoadFailed = ({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
}) => {
  const { t } = useTranslation();
  const detail = isAppError(error) ? resolveErrorText(error, translateIfExists) : undefined;
  return (
    <Alert
      type="error"
      showIcon
      title={title}
      {...(detail ? { description: detail } : {})}
      action={
        <Button size="small" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    />
  );
};
