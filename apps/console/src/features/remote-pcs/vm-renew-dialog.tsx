import { ERRORS, isAppError, type Vm } from '@ptc/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Flex, Modal, Radio, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useFeedback } from '../../shared/ui/feedback';
import { LoadFailed } from '../../shared/ui/load-failed';
import { loadUserInfo } from '../auth/auth.api';
import { BalanceShortAlert } from '../proxy-list/balance-short-alert';
import { formatTime } from '../proxy-list/proxy-display';
import { useVmPayway } from './create-vm-form';
import { REMOTE_PC_QUERY_KEYS, renewVm } from './remote-pcs.api';
import { useConfSpec, useDaysText } from './vm-display';
import { confName, priceOf, renewedExpiry } from './vm-rules';

const RenewBody = ({ vm, onClose }: { vm: Vm; onClose: () => void }) => {
  const { t, i18n } = useTranslation();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const payway = useVmPayway();
  const daysText = useDaysText();
  const confSpec = useConfSpec();
  const offered = payway.data?.days ?? [];
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  const days = chosen ?? (offered.includes(vm.days) ? vm.days : offered[0]);
  const price = priceOf(payway.data, vm.vm_conf.id, days);
  const [isRenewing, setIsRenewing] = useState(false);
  const [isShort, setIsShort] = useState(false);

  const renew = async () => {
    if (days === undefined) return;
    setIsRenewing(true);
    setIsShort(false);
    try {
      const renewed = await renewVm({ id: vm.id, days });
      void message.success(t('remotePc.renew.done', { expires: formatTime(renewed.expire_time) }));
      void loadUserInfo().catch(() => undefined);
      onClose();
    } catch (error) {
      // The API client showed the code's text; not enough balance also offers the top-up page.
      setIsShort(isAppError(error) && error.code === ERRORS.ERR_BALANCE_NOT_ENOUGH.code);
    } finally {
      setIsRenewing(false);
      void queryClient.invalidateQueries({ queryKey: REMOTE_PC_QUERY_KEYS.all });
    }
  };

  if (payway.isError) {
    return (
      <LoadFailed
        title={t('remotePc.renew.priceMissing')}
        error={payway.error}
        onRetry={() => void payway.refetch()}
      />
    );
  }
  if (!payway.data) return <Skeleton active />;

  return (
    <Flex vertical gap={16} data-testid="vm-renew-dialog">
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('remotePc.column.conf')}>
          {confName(vm.vm_conf, i18n.language)} · {confSpec(vm.vm_conf)}
        </Descriptions.Item>
        <Descriptions.Item label={t('remotePc.renew.days')}>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            value={days}
            onChange={(event) => setChosen(event.target.value as number)}
            options={offered.map((value) => ({
              value,
              label: <span data-testid={`vm-renew-days-${value}`}>{daysText(value)}</span>,
            }))}
          />
        </Descriptions.Item>
        <Descriptions.Item label={t('remotePc.renew.expireTime')}>
          {formatTime(vm.expire_time)}
        </Descriptions.Item>
        <Descriptions.Item label={t('remotePc.renew.newExpiry')}>
          <span data-testid="vm-renew-new-expiry">
            {days === undefined ? '' : formatTime(renewedExpiry(vm.expire_time, days))}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('remotePc.renew.price')}>
          {price ? (
            <Typography.Text strong data-testid="vm-renew-price">
              {t('remotePc.ptc', { amount: price })}
            </Typography.Text>
          ) : (
            <Typography.Text type="secondary">{t('remotePc.renew.priceMissing')}</Typography.Text>
          )}
        </Descriptions.Item>
      </Descriptions>
      <Typography.Text type="secondary">{t('remotePc.renew.sameMachine')}</Typography.Text>
      {isShort ? <BalanceShortAlert topUpLabel={t('remotePc.topUp')} data-testid="vm-renew-short" /> : null}
      <Flex justify="end" gap={8} wrap>
        <Button onClick={onClose}>{t('remotePc.cancel')}</Button>
        <Button
          type="primary"
          loading={isRenewing}
          disabled={!price}
          onClick={() => void renew()}
          data-testid="vm-renew-confirm"
        >
          {price ? t('remotePc.renew.confirm', { amount: price }) : t('remotePc.action.renew')}
        </Button>
      </Flex>
    </Flex>
  );
};

/** Renews a remote PC (SPEC §4): the days offered, the new expiry and the price, then a confirm. */
export const VmRenewDialog = ({ vm, onClose }: { vm: Vm | null; onClose: () => void }) => {
  const { t } = useTranslation();
  return (
    <Modal
      open={vm !== null}
      title={t('remotePc.renew.title')}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      {vm ? <RenewBody vm={vm} onClose={onClose} /> : null}
    </Modal>
  );
};
