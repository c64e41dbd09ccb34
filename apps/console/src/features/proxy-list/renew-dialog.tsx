import { ERRORS, isAppError, type ProxyRow } from '@ptc/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Flex, Modal, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useFeedback } from '../../shared/ui/feedback';
import { loadUserInfo } from '../auth/auth.api';
import { BalanceShortAlert } from './balance-short-alert';
import { formatTime } from './proxy-display';
import { fetchRenewalPrice, renewProxy } from './proxy-list.api';

const DAY_MS = 86_400_000;

/** The expiry after one more cycle: renewal extends from the later of now and the current expiry. */
export const renewedExpiry = (expireTime: string | null, days: number, now: number = Date.now()): string =>
  new Date(Math.max(now, expireTime ? new Date(expireTime).getTime() : now) + days * DAY_MS).toISOString();

const RenewBody = ({ proxy, onClose, onRenewed }: RenewDialogProps & { proxy: ProxyRow }) => {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const days: 1 | 30 = proxy.renew_days === 1 ? 1 : 30;
  const type = proxy.type === 'datacenter' ? 'datacenter' : 'residential';
  const price = useQuery({
    queryKey: ['proxy-list', 'renewal-price', type, days],
    queryFn: ({ signal }) => fetchRenewalPrice(type, days, signal),
  });
  const [isRenewing, setIsRenewing] = useState(false);
  const [isShort, setIsShort] = useState(false);

  const renew = async () => {
    setIsRenewing(true);
    setIsShort(false);
    try {
      const result = await renewProxy(proxy.id);
      const renewed = result.data[0];
      void message.success(
        t('proxies.renew.done', {
          charged: result.charged,
          expires: formatTime(renewed?.expire_time ?? null),
        }),
      );
      void loadUserInfo().catch(() => undefined);
      onRenewed();
      onClose();
    } catch (error) {
      // The API client showed the code's text; not enough balance also offers the top-up page.
      setIsShort(isAppError(error) && error.code === ERRORS.ERR_BALANCE_NOT_ENOUGH.code);
    } finally {
      setIsRenewing(false);
    }
  };

  return (
    <Flex vertical gap={16} data-testid="proxy-renew-dialog">
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('proxies.column.username')}>{proxy.username}</Descriptions.Item>
        <Descriptions.Item label={t('proxies.renew.cycle')}>
          {t(days === 1 ? 'proxies.renew.oneDay' : 'proxies.renew.thirtyDays')}
        </Descriptions.Item>
        <Descriptions.Item label={t('proxies.column.expireTime')}>
          {formatTime(proxy.expire_time)}
        </Descriptions.Item>
        <Descriptions.Item label={t('proxies.renew.newExpiry')}>
          {formatTime(renewedExpiry(proxy.expire_time, days))}
        </Descriptions.Item>
        <Descriptions.Item label={t('proxies.renew.price')}>
          {price.data ? (
            <Typography.Text strong data-testid="proxy-renew-price">
              {t('proxies.ptc', { amount: price.data.total })}
            </Typography.Text>
          ) : price.isError ? (
            t('proxies.renew.priceFailed')
          ) : (
            <Skeleton.Input size="small" active />
          )}
        </Descriptions.Item>
      </Descriptions>
      <Typography.Text type="secondary">{t('proxies.renew.sameIp')}</Typography.Text>
      {isShort ? <BalanceShortAlert topUpLabel={t('proxies.renew.topUp')} /> : null}
      <Flex justify="end" gap={8}>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button
          type="primary"
          loading={isRenewing}
          disabled={!price.data}
          onClick={() => void renew()}
          data-testid="proxy-renew-confirm"
        >
          {price.data ? t('proxies.renew.confirm', { amount: price.data.total }) : t('proxies.action.renew')}
        </Button>
      </Flex>
    </Flex>
  );
};

/** Props of {@link RenewDialog}. */
export interface RenewDialogProps {
  proxy: ProxyRow | null;
  onClose: () => void;
  /** After a renewal was charged. */
  onRenewed: () => void;
}

/** Renews a static IP for one more cycle of its rental (1 or 30 days), same address, showing the price first. */
export const RenewDialog = ({ proxy, onClose, onRenewed }: RenewDialogProps) => {
  const { t } = useTranslation();
  return (
    <Modal
      open={proxy !== null}
      title={t('proxies.renew.title')}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      {proxy ? <RenewBody proxy={proxy} onClose={onClose} onRenewed={onRenewed} /> : null}
    </Modal>
  );
};
