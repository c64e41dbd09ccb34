import type { AdminLeaseOutcome } from '@ptc/contracts';
import { Typography } from 'antd';
import { useTranslation } from '../../../shared/i18n/use-translation';

/** The sentence saying what became of one lease of a retired address. */
const useOutcomeText = () => {
  const { t } = useTranslation();
  return (lease: AdminLeaseOutcome): string => {
    if (lease.outcome === 'moved') {
      return t('admin.supply.lease.moved', { proxy: lease.proxy, ip: lease.ip ?? '—' });
    }
    if (lease.outcome === 'refunded') {
      return t('admin.supply.lease.refunded', { proxy: lease.proxy, amount: lease.refunded });
    }
    return t('admin.supply.lease.invalidated', { proxy: lease.proxy });
  };
};

/** What happened to the leases of retired addresses: moved to another IP, refunded, or ended. */
export const LeaseOutcomes = ({ leases }: { leases: AdminLeaseOutcome[] }) => {
  const { t } = useTranslation();
  const textOf = useOutcomeText();
  if (leases.length === 0) return <span>{t('admin.supply.lease.none')}</span>;
  return (
    <ul style={{ margin: 0, paddingInlineStart: 20 }} data-testid="admin-supply-lease-outcomes">
      {leases.map((lease) => (
        <li key={lease.proxy}>
          <Typography.Text>{textOf(lease)}</Typography.Text>
        </li>
      ))}
    </ul>
  );
};
