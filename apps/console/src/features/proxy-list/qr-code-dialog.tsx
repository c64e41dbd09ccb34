import type { ProxyRow } from '@ptc/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Modal, QRCode, Spin, Typography } from 'antd';
import { useTranslation } from '../../shared/i18n/use-translation';
import { fetchQrCode } from './proxy-list.api';

/** The QR code of the proxy URL from the server, to scan into a phone's proxy app (SPEC §2 QR code import). */
export const QrCodeDialog = ({ proxy, onClose }: { proxy: ProxyRow | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const id = proxy?.id ?? '';
  const qr = useQuery({
    queryKey: ['proxy-list', 'qr', id],
    queryFn: ({ signal }) => fetchQrCode(id, signal),
    enabled: proxy !== null,
    staleTime: 60_000,
  });
  return (
    <Modal
      open={proxy !== null}
      title={t('proxies.qr.title')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('proxies.close')}</Button>}
      destroyOnHidden
      width={360}
    >
      <Flex vertical align="center" gap={12} data-testid="proxy-qr-dialog">
        {qr.isPending ? <Spin aria-label={t('common.loading')} /> : null}
        {qr.isError ? <Alert type="error" showIcon title={t('proxies.qr.failed')} /> : null}
        {qr.data ? (
          <>
            <QRCode value={qr.data.url} size={220} data-testid="proxy-qr-code" />
            <Typography.Text type="secondary" style={{ textAlign: 'center' }}>
              {t('proxies.qr.hint')}
            </Typography.Text>
          </>
        ) : null}
      </Flex>
    </Modal>
  );
};
