import { ADMIN_OPERATOR_ROLES, type AdminOperator, type AdminOperatorRole } from '@ptc/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Select, Table, type TableColumnsType, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { useOperator } from '../customers/use-operator';
import { operatorErrorText } from '../operator-errors';
import { AddOperatorDialog } from './add-operator-dialog';
import { OperatorPasswordDialog, type ShownPassword } from './operator-password-dialog';
import {
  changeOperator,
  listOperators,
  OPERATORS_QUERY_KEY,
  resetOperatorPassword,
  resetOperatorTotp,
} from './operators.api';
import './operators-texts';
import { useFeedback } from '../../../shared/ui/feedback';

/** One change the owner confirms before it is sent. */
type OperatorAction =
  | { kind: 'role'; operator: AdminOperator; role: AdminOperatorRole }
  | { kind: 'disabled'; operator: AdminOperator; disabled: boolean }
  | { kind: 'totp'; operator: AdminOperator }
  | { kind: 'password'; operator: AdminOperator };

const formatTime = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');

/** The confirmation texts of an action, as locale keys. */
const confirmationOf = (action: OperatorAction) => {
  switch (action.kind) {
    case 'role':
      return {
        title: 'admin.operators.roleChange.confirm',
        content: 'admin.operators.roleChange.effect',
        ok: 'admin.operators.roleChange.submit',
        isDanger: false,
      } as const;
    case 'disabled':
      return action.disabled
        ? ({
            title: 'admin.operators.disable.confirm',
            content: 'admin.operators.disable.effect',
            ok: 'admin.operators.disable',
            isDanger: true,
          } as const)
        : ({
            title: 'admin.operators.enable.confirm',
            content: 'admin.operators.enable.effect',
            ok: 'admin.operators.enable',
            isDanger: false,
          } as const);
    case 'totp':
      return {
        title: 'admin.operators.resetTotp.confirm',
        content: 'admin.operators.resetTotp.effect',
        ok: 'admin.operators.resetTotp',
        isDanger: true,
      } as const;
    case 'password':
      return {
        title: 'admin.operators.resetPassword.confirm',
        content: 'admin.operators.resetPassword.effect',
        ok: 'admin.operators.resetPassword',
        isDanger: true,
      } as const;
  }
};

/**
 * `/admin/operators` (owner): every operator with role, state, two-factor and last sign-in. The
 * owner adds operators (the password is shown once), changes roles, disables and enables them and
 * resets their two-factor authentication or password, each after a confirmation. The owner's own
 * row offers none of these: the server refuses them (2201), as it refuses leaving no enabled owner.
 */
const OperatorListPage = () => {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const queryClient = useQueryClient();
  const signedIn = useOperator();
  const operators = useQuery({
    queryKey: OPERATORS_QUERY_KEY,
    queryFn: ({ signal }) => listOperators(signal),
  });
  const [isAdding, setIsAdding] = useState(false);
  const [shownPassword, setShownPassword] = useState<ShownPassword | null>(null);
  const act = useMutation({
    mutationFn: async (action: OperatorAction) => {
      const { id, email } = action.operator;
      switch (action.kind) {
        case 'role':
          await changeOperator(id, { role: action.role });
          return t('admin.operators.roleChange.done', { email, role: t(`admin.role.${action.role}`) });
        case 'disabled':
          await changeOperator(id, { disabled: action.disabled });
          return t(action.disabled ? 'admin.operators.disable.done' : 'admin.operators.enable.done', {
            email,
          });
        case 'totp':
          await resetOperatorTotp(id);
          return t('admin.operators.resetTotp.done', { email });
        case 'password': {
          const answer = await resetOperatorPassword(id);
          setShownPassword({ email, password: answer.password });
          return null;
        }
      }
    },
    onSuccess: (done) => {
      if (done) void message.success(done);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: OPERATORS_QUERY_KEY }),
  });

  const confirm = (action: OperatorAction) => {
    const texts = confirmationOf(action);
    const values = {
      email: action.operator.email,
      ...(action.kind === 'role' ? { role: t(`admin.role.${action.role}`) } : {}),
    };
    modal.confirm({
      title: t(texts.title, values),
      content: t(texts.content),
      okText: t(texts.ok),
      cancelText: t('admin.operators.cancel'),
      okType: texts.isDanger ? 'danger' : 'primary',
      okButtonProps: { 'data-testid': 'admin-operator-confirm' } as Record<string, string>,
      onOk: () => act.mutateAsync(action).catch(() => undefined),
    });
  };

  const isSelf = (operator: AdminOperator) => signedIn?.email.toLowerCase() === operator.email.toLowerCase();

  const columns: TableColumnsType<AdminOperator> = [
    {
      key: 'email',
      title: t('admin.operators.email'),
      dataIndex: 'email',
      render: (email: string, operator) => (
        <Flex gap={4} wrap align="center">
          <Typography.Text>{email}</Typography.Text>
          {isSelf(operator) ? <Tag color="gold">{t('admin.operators.you')}</Tag> : null}
        </Flex>
      ),
    },
    { key: 'name', title: t('admin.operators.name'), dataIndex: 'name' },
    {
      key: 'role',
      title: t('admin.operators.role'),
      dataIndex: 'role',
      render: (role: AdminOperatorRole, operator) =>
        isSelf(operator) ? (
          t(`admin.role.${role}`)
        ) : (
          <Select<AdminOperatorRole>
            size="small"
            value={role}
            aria-label={t('admin.operators.role')}
            options={ADMIN_OPERATOR_ROLES.map((value) => ({ value, label: t(`admin.role.${value}`) }))}
            onChange={(next) => {
              if (next !== role) confirm({ kind: 'role', operator, role: next });
            }}
            style={{ minWidth: 120 }}
            data-testid={`admin-operator-role-${operator.id}`}
          />
        ),
    },
    {
      key: 'state',
      title: t('admin.operators.state'),
      dataIndex: 'disabled',
      render: (disabled: boolean, operator) => (
        <Tag color={disabled ? 'red' : 'green'} data-testid={`admin-operator-state-${operator.id}`}>
          {t(disabled ? 'admin.operators.disabled' : 'admin.operators.enabled')}
        </Tag>
      ),
    },
    {
      key: 'totp',
      title: t('admin.operators.totp'),
      dataIndex: 'totp_enrolled',
      render: (isEnrolled: boolean, operator) => (
        <Typography.Text
          type={isEnrolled ? undefined : 'warning'}
          data-testid={`admin-operator-totp-state-${operator.id}`}
        >
          {t(isEnrolled ? 'admin.operators.totpEnrolled' : 'admin.operators.totpPending')}
        </Typography.Text>
      ),
    },
    {
      key: 'created',
      title: t('admin.operators.createdAt'),
      dataIndex: 'created_at',
      render: formatTime,
    },
    {
      key: 'lastSignIn',
      title: t('admin.operators.lastSignIn'),
      dataIndex: 'last_sign_in_at',
      render: (at: string | null) => (at ? formatTime(at) : t('admin.operators.never')),
    },
    {
      key: 'actions',
      title: t('admin.operators.actions'),
      render: (_: unknown, operator: AdminOperator) =>
        isSelf(operator) ? null : (
          <Flex gap={4} wrap>
            <Button
              size="small"
              danger={!operator.disabled}
              onClick={() => confirm({ kind: 'disabled', operator, disabled: !operator.disabled })}
              data-testid={`admin-operator-disable-${operator.id}`}
            >
              {t(operator.disabled ? 'admin.operators.enable' : 'admin.operators.disable')}
            </Button>
            <Button
              size="small"
              onClick={() => confirm({ kind: 'totp', operator })}
              data-testid={`admin-operator-reset-totp-${operator.id}`}
            >
              {t('admin.operators.resetTotp')}
            </Button>
            <Button
              size="small"
              onClick={() => confirm({ kind: 'password', operator })}
              data-testid={`admin-operator-reset-password-${operator.id}`}
            >
              {t('admin.operators.resetPassword')}
            </Button>
          </Flex>
        ),
    },
  ];

  return (
    <Flex vertical gap={16} data-testid="admin-operators">
      <Card
        title={t('admin.menu.operators')}
        extra={
          <Button type="primary" onClick={() => setIsAdding(true)} data-testid="admin-operator-add">
            {t('admin.operators.add')}
          </Button>
        }
      >
        <Typography.Paragraph type="secondary">{t('admin.operators.hint')}</Typography.Paragraph>
        {act.isError ? (
          <Alert
            type="error"
            showIcon
            closable={{ onClose: () => act.reset() }}
            style={{ marginBottom: 16 }}
            data-testid="admin-operators-error"
            title={t('admin.operators.failed')}
            description={operatorErrorText(act.error, t)}
          />
        ) : null}
        {operators.isError ? (
          <LoadFailed
            title={t('admin.operators.loadFailed')}
            error={operators.error}
            onRetry={() => void operators.refetch()}
          />
        ) : (
          <Table<AdminOperator>
            rowKey="id"
            size="small"
            loading={operators.isPending}
            columns={columns}
            dataSource={operators.data?.records ?? []}
            pagination={false}
            scroll={{ x: true }}
            data-testid="admin-operator-table"
          />
        )}
      </Card>
      {isAdding ? (
        <AddOperatorDialog
          onClose={() => setIsAdding(false)}
          onAdded={(created) => {
            setIsAdding(false);
            void message.success(t('admin.operators.added', { email: created.operator.email }));
            setShownPassword({ email: created.operator.email, password: created.password });
          }}
        />
      ) : null}
      {shownPassword ? (
        <OperatorPasswordDialog shown={shownPassword} onClose={() => setShownPassword(null)} />
      ) : null}
    </Flex>
  );
};

export default OperatorListPage;
