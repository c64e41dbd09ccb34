import { useMutation } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useFeedback } from '../../../shared/ui/feedback';
import '../../two-factor/two-factor-texts';
import { operatorRequest } from '../admin.api';
import type { Customer } from '../admin.types';
import { customerName } from './customer-display';
import { ReasonDialog } from './reason-dialog';

/** `POST /admin/customers/{uid}/two_factor/reset` (owner, support). */
const resetTwoFactor = (uid: string, reason: string) =>
  operatorRequest<{ was_enabled: boolean; devices_forgotten: number }>({
    method: 'POST',
    path: '/admin/customers/{uid}/two_factor/reset',
    params: { uid },
    data: { reason },
  });

/**
 * Resets a customer's two-step verification (lost phone and recovery codes) with a reason, after a
 * confirmation: the password alone signs in again until the customer turns it back on.
 */
export const TwoFactorReset = ({ customer }: { customer: Customer }) => {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [isOpen, setIsOpen] = useState(false);
  const reset = useMutation({
    mutationFn: (reason: string) => resetTwoFactor(customer.uid, reason),
    onSuccess: (answer) => {
      void message.success(
        t(answer.was_enabled ? 'twoFactor.admin.reset.done' : 'twoFactor.admin.reset.wasOff'),
      );
      setIsOpen(false);
    },
  });

  return (
    <>
      <Button onClick={() => setIsOpen(true)} data-testid="admin-customer-two-factor-reset">
        {t('twoFactor.admin.reset')}
      </Button>
      <ReasonDialog
        isOpen={isOpen}
        title={t('twoFactor.admin.reset.confirm', { name: customerName(customer) })}
        okText={t('twoFactor.admin.reset.submit')}
        isDanger
        effect={t('twoFactor.admin.reset.effect')}
        failedTitle={t('twoFactor.admin.reset.failed')}
        pending={reset.isPending}
        error={reset.isError ? reset.error : null}
        testId="admin-customer-two-factor"
        onSubmit={(reason) => reset.mutate(reason)}
        onClose={() => {
          reset.reset();
          setIsOpen(false);
        }}
      />
    </>
  );
};
