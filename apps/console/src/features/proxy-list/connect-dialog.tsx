import type { ProxyRow } from '@ptc/contracts';
import { Button, Descriptions, Flex, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { navigateTo } from '../../shared/navigation/navigation';
import { pagePath } from './page-path';
import { toCurlCommand, toProxyUrl } from './proxy-formats';

/**
 * How to connect with the proxy: the host, port and protocol to enter in a client, the proxy URL
 * and a curl command to try it, and the ways in through the connection tool and the browser extension.
 */
export const ConnectDialog = ({ proxy, onClose }: { proxy: ProxyRow | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const go = (name: string) => {
    onClose();
    void navigateTo(pagePath(name));
  };
  return (
    <Modal
      open={proxy !== null}
      title={t('proxies.connect.title')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('proxies.close')}</Button>}
      destroyOnHidden
    >
      {proxy ? (
        <Flex vertical gap={12} data-testid="proxy-connect-dialog">
          <Typography.Text type="secondary">{t('proxies.connect.intro')}</Typography.Text>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('proxies.copy.address')}>{proxy.address}</Descriptions.Item>
            <Descriptions.Item label={t('proxies.copy.port')}>{proxy.port}</Descriptions.Item>
            <Descriptions.Item label={t('proxies.column.protocol')}>
              {proxy.protocol.toUpperCase()}
            </Descriptions.Item>
            <Descriptions.Item label={t('proxies.copy.username')}>{proxy.username}</Descriptions.Item>
            <Descriptions.Item label={t('proxies.copy.password')}>{proxy.password}</Descriptions.Item>
          </Descriptions>
          <Typography.Text strong>{t('proxies.connect.url')}</Typography.Text>
          <Typography.Paragraph copyable code style={{ wordBreak: 'break-all', margin: 0 }}>
            {toProxyUrl(proxy)}
          </Typography.Paragraph>
          <Typography.Text strong>{t('proxies.connect.curl')}</Typography.Text>
          <Typography.Paragraph copyable code style={{ wordBreak: 'break-all', margin: 0 }}>
            {toCurlCommand(proxy)}
          </Typography.Paragraph>
          <Flex gap={8} wrap>
            <Button onClick={() => go('connectionTool')}>{t('proxies.connect.tool')}</Button>
            <Button onClick={() => go('browserExtension')}>{t('proxies.connect.extension')}</Button>
          </Flex>
        </Flex>
      ) : null}
    </Modal>
  );
};
