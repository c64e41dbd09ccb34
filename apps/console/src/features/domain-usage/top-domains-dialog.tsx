import type { ProxyRow } from '@ptc/contracts';
import { Modal } from 'antd';
import { useTranslation } from '../../shared/i18n/use-translation';
import './domain-usage-texts';
import { TopDomainsCard } from './top-domains-card';

/** One proxy's top domains in a dialog (the proxy list's "Top domains" action). */
const TopDomainsDialog = ({ proxy, onClose }: { proxy: ProxyRow; onClose: () => void }) => {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={t('domainUsage.dialogTitle', { name: proxy.username })}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      data-testid="top-domains-dialog"
    >
      <TopDomainsCard proxyId={proxy.id} bordered={false} />
    </Modal>
  );
};

export default TopDomainsDialog;
