import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useFeedback } from '../../../shared/ui/feedback';
import { lockCustomer, signOutCustomer } from '../admin.api';
import type { Customer, OperatorRole } from '../admin.types';
import { operatorErrorText } from '../operator-errors';
import { canOperatorDo, customerName } from './customer-display';
import { ReasonDialog } from './reason-dialog';
import { TwoFactorReset } from './two-factor-reset';

/**
 * Lock or unlock an account with a reason, asked for in a confirmation dialog: a lock refuses
 * sign-in, ends every session and stops the customer's proxies at once.
 */
const LockDialog = ({
  customer,
  isOpen,
  onClose,
}: {
  customer: Customer;
  isOpen: boolean;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const isLocking = !customer.locked;
  const change = useMutation({
    mutationFn: (reason: string) => lockCustomer(customer.uid, { locked: isLocking, reason }),
    onSuccess: (updated) => {
      queryClient.setQueryData(['admin', 'customer', customer.uid], (details: unknown) =>
        details && typeof details === 'object' ? { ...details, customer: updated } : details,
      );
      void queryClient.invalidateQueries({ queryKey: ['admin', 'customer', customer.uid] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'customers'] });
      void message.success(
        t(updated.locked ? 'admin.customers.lock.locked' : 'admin.customers.lock.unlocked'),
      );
      onClose();
    },
  });

  return (
    <ReasonDialog
      isOpen={isOpen}
      title={t(isLocking ? 'admin.customers.lock.confirmLock' : 'admin.customers.lock.confirmUnlock', {
        name: customerName(customer),
      })}
      okText={t(isLocking ? 'admin.customers.lock.lock' : 'admin.customers.lock.unlock')}
      isDanger={isLocking}
      effect={t(isLocking ? 'admin.customers.lock.lockEffect' : 'admin.customers.lock.unlockEffect')}
      failedTitle={t('admin.customers.lock.failed')}
      pending={change.isPending}
      error={change.isError ? change.error : null}
      testId="admin-customer-lock"
      dialogTestId="admin-customer-lock-dialog"
      onSubmit={(reason) => change.mutate(reason)}
      onClose={() => {
        change.reset();
        onClose();
      }}
    />
  );
};

/** Lock or unlock, and sign out everywhere (owner, support), each shown only to roles that may. */
export const AccountAccess = ({ customer, role }: { customer: Customer; role: OperatorRole | undefined }) => {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const [isLockOpen, setIsLockOpen] = useState(false);
  const signOut = useMutation({
    mutationFn: () => signOutCustomer(customer.uid),
    onSuccess: (answer) => {
      void message.success(t('admin.customers.signOut.done', { sessions: answer.sessions_ended }));
    },
  });
  const confirmSignOut = () =>
    modal.confirm({
      title: t('admin.customers.signOut.confirm', { name: customerName(customer) }),
      content: t('admin.customers.signOut.effect'),
      okText: t('admin.customers.signOut.submit'),
      cancelText: t('admin.customers.cancel'),
      okButtonProps: { 'data-testid': 'admin-customer-sign-out-confirm' } as Record<string, string>,
      onOk: () => signOut.mutateAsync().catch(() => undefined),
    });

  const canLock = canOperatorDo(role, 'lock');
  const canSignOut = canOperatorDo(role, 'signOut');
  if (!canLock && !canSignOut) return null;

  return (
    <Card title={t('admin.customers.access.title')} style={{ height: '100%' }}>
      <Typography.Paragraph type="secondary">
        {customer.locked ? t('admin.customers.access.isLocked') : t('admin.customers.access.isActive')}
      </Typography.Paragraph>
      <Flex wrap gap={8}>
        {canLock ? (
          <Button
            danger={!customer.locked}
            onClick={() => setIsLockOpen(true)}
            data-testid="admin-customer-lock"
          >
            {t(customer.locked ? 'admin.customers.lock.unlock' : 'admin.customers.lock.lock')}
          </Button>
        ) : null}
        {canSignOut ? (
          <Button onClick={confirmSignOut} loading={signOut.isPending} data-testid="admin-customer-sign-out">
            {t('admin.customers.signOut.submit')}
          </Button>
        ) : null}
        {canLock ? <TwoFactorReset customer={customer} /> : null}
      </Flex>
      {signOut.isSuccess ? (
        <Alert
          style={{ marginTop: 16 }}
          type="success"
          showIcon
          data-testid="admin-customer-sign-out-result"
          title={t('admin.customers.signOut.done', { sessions: signOut.data.sessions_ended })}
        />
      ) : null}
      {signOut.isError ? (
        <Alert
          style={{ marginTop: 16 }}
          type="error"
          showIcon
          data-testid="admin-customer-sign-out-result"
          title={t('admin.customers.signOut.failed')}
          description={operatorErrorText(signOut.error, t)}
        />
      ) : null}
      {canLock ? (
        <LockDialog customer={customer} isOpen={isLockOpen} onClose={() => setIsLockOpen(false)} />
      ) : null}
    </Card>
  );
};
