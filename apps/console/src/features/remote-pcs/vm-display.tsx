import type { Vm, VmConfSummary } from '@ptc/contracts';
import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from '../../shared/i18n/use-translation';
import { displayStatus, memoryOf, STATUS_COLORS, splitRemaining } from './vm-rules';

/** "1 day", "7 days" in the interface language. */
export const useDaysText = () => {
  const { t } = useTranslation();
  return (days: number) => (days === 1 ? t('remotePc.day') : t('remotePc.days', { days }));
};

/** "2 vCPU · 4 GB memory". */
export const useConfSpec = () => {
  const { t } = useTranslation();
  return (conf: Pick<VmConfSummary, 'cpu' | 'memory_mb'>) => {
    const memory = memoryOf(conf.memory_mb);
    return t('remotePc.confSpec', {
      cpu: conf.cpu,
      memory: t(memory.unit === 'GB' ? 'remotePc.memoryGb' : 'remotePc.memoryMb', { value: memory.value }),
    });
  };
};

/** "6 d 23 h", "5 h 12 min", "12 min", "Expired". */
export const useRemainingText = () => {
  const { t } = useTranslation();
  return (seconds: number) => {
    const left = splitRemaining(seconds);
    switch (left.kind) {
      case 'days':
        return t('remotePc.remaining.days', { days: left.days, hours: left.hours });
      case 'hours':
        return t('remotePc.remaining.hours', { hours: left.hours, minutes: left.minutes });
      case 'minutes':
        return t('remotePc.remaining.minutes', { minutes: left.minutes });
      default:
        return t('remotePc.remaining.none');
    }
  };
};

/** The PC's state as a tag ('released' for a released PC), with the failure reason of a failed one. */
export const StatusCell = ({ vm }: { vm: Vm }) => {
  const { t } = useTranslation();
  const status = displayStatus(vm);
  return (
    <Flex vertical gap={4} align="flex-start" style={{ minWidth: 0 }}>
      <Tag color={STATUS_COLORS[status]} data-testid={`vm-status-${vm.id}`} data-status={status}>
        {t(`remotePc.status.${status}`)}
      </Tag>
      {vm.status === 'failed' && !vm.released ? (
        <Typography.Text
          type="danger"
          style={{ wordBreak: 'break-word' }}
          data-testid={`vm-failure-${vm.id}`}
        >
          {vm.failure_reason ? t('remotePc.failureReason', { reason: vm.failure_reason }) : null}
          {vm.failure_reason ? ' ' : null}
          {t('remotePc.failureRefunded')}
        </Typography.Text>
      ) : null}
    </Flex>
  );
};
