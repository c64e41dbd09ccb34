import { Flex, Typography } from 'antd';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useIsMobile } from '../../shared/ui/use-is-mobile';
import './remote-pc-texts';
import { CreateVmForm } from './create-vm-form';
import { VmList } from './vm-list';

/**
 * `/remote-service` (SPEC §2 Remote PC; issue #19): the create form (area, configuration, days,
 * the proxy to browse through, auto renew, the price before paying) and the customer's remote PCs
 * with their operations; remote control opens a page of its own. Below 992 px the list is cards.
 */
const RemotePcsPage = () => {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  return (
    <Flex vertical gap={16} style={{ minWidth: 0 }} data-testid="remote-pcs">
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('menu.connectionAssistance.remoteService')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('remotePc.intro')}
      </Typography.Paragraph>
      <CreateVmForm isMobile={isMobile} />
      <VmList isMobile={isMobile} />
    </Flex>
  );
};

export default RemotePcsPage;
