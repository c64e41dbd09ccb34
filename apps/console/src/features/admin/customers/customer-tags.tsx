import { Tag } from 'antd';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { Customer } from '../admin.types';

/** The plan, with the enterprise discount when there is one. */
export const PlanTag = ({ customer }: { customer: Pick<Customer, 'plan' | 'discount_percent'> }) => {
  const { t } = useTranslation();
  if (customer.plan === 'personal') return <Tag>{t('admin.customers.plan.personal')}</Tag>;
  return (
    <Tag color="purple">
      {customer.discount_percent > 0
        ? t('admin.customers.plan.enterpriseDiscount', { percent: customer.discount_percent })
        : t('admin.customers.plan.enterprise')}
    </Tag>
  );
};

/** Locked (red) or active. */
export const AccessTag = ({ isLocked }: { isLocked: boolean }) => {
  const { t } = useTranslation();
  return isLocked ? (
    <Tag color="red">{t('admin.customers.lockedYes')}</Tag>
  ) : (
    <Tag color="green">{t('admin.customers.lockedNo')}</Tag>
  );
};
