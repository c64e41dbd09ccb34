import { Tag } from 'antd';
import { useTranslation } from '../../shared/i18n/use-translation';
import { userStore } from '../../shared/session/session';
import { useStore } from '../../shared/store/create-store';

/**
 * A small "Demo" tag in the header while the server says demo conveniences are live (`demo` in
 * `GET /user/info`: sandbox payments, the dev outbox), so nobody mistakes it for a real console.
 * E2E hook: `data-testid="demo-marker"`.
 */
export const DemoMarker = () => {
  const { t } = useTranslation();
  const user = useStore(userStore);
  if (!user?.demo) return null;
  return (
    <Tag
      color="orange"
      title={t('layout.demo.hint')}
      data-testid="demo-marker"
      // Orange-8 on the tag's orange-1: antd's orange-7 text reads at 3.3:1, this at 5.1:1.
      style={{ marginInlineEnd: 0, color: '#ad4e00' }}
    >
      {t('layout.demo')}
    </Tag>
  );
};
