import { useTranslation } from '../../shared/i18n/use-translation';
import { LoadFailed as SharedLoadFailed } from '../../shared/ui/load-failed';

/** A failed read of this feature, with its title (see the shared `LoadFailed`). */
export const LoadFailed = (props: { error: unknown; onRetry: () => void }) => {
  const { t } = useTranslation();
  return <SharedLoadFailed title={t('overview.loadFailed')} {...props} />;
};
