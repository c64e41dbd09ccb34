import {
  CaretRightOutlined,
  CopyOutlined,
  DeleteOutlined,
  EditOutlined,
  KeyOutlined,
  PauseOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import type { SubUser } from '@ptc/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Progress, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { copyToClipboard } from '../../shared/ui/clipboard';
import { useFeedback } from '../../shared/ui/feedback';
import { LoadFailed } from '../../shared/ui/load-failed';
import { useIsMobile } from '../../shared/ui/use-is-mobile';
import { SubUserDialog } from './sub-user-dialog';
import { credentialLine, formatBytes, usedPercent } from './sub-users';
import {
  deleteSubUser,
  listSubUsers,
  resetSubUserPassword,
  SUB_USER_QUERY_KEYS,
  updateSubUser,
} from './sub-users.api';
import './sub-users-texts';

/** The usage figures refresh this often while the page is open (the gateway flushes every few seconds). */
const REFRESH_MS = 5_000;

const StatusTag = ({ subUser }: { subUser: SubUser }) => {
  const { t } = useTranslation();
  return (
    <Tag
      color={subUser.status === 'active' ? 'green' : 'orange'}
      data-testid={`sub-user-status-${subUser.id}`}
    >
      {t(`subUsers.status.${subUser.status}`)}
    </Tag>
  );
};

/** A sub-user's limits, one line each, or "No limit". */
const Limits = ({ subUser }: { subUser: SubUser }) => {
  const { t } = useTranslation();
  const period = t(`subUsers.period.${subUser.period}`);
  const lines: string[] = [];
  if (subUser.traffic_limit_bytes !== null)
    lines.push(t('subUsers.trafficLimit', { amount: formatBytes(subUser.traffic_limit_bytes), period }));
  if (subUser.spending_limit !== null)
    lines.push(t('subUsers.spendingLimit', { amount: Number(subUser.spending_limit), period }));
  if (lines.length === 0) return <Typography.Text type="secondary">{t('subUsers.noLimit')}</Typography.Text>;
  return (
    <Flex vertical>
      {lines.map((line) => (
        <span key={line}>{line}</span>
      ))}
    </Flex>
  );
};

/** What it used this period: a bar against its tightest limit, the figures, and when the period ends. */
const Used = ({ subUser }: { subUser: SubUser }) => {
  const { t } = useTranslation();
  const percent = usedPercent(subUser);
  const used = formatBytes(subUser.used_bytes);
  const spending = Number(subUser.used_spending).toFixed(2);
  const text =
    subUser.traffic_limit_bytes !== null
      ? t('subUsers.used.traffic', { used, limit: formatBytes(subUser.traffic_limit_bytes) })
      : subUser.spending_limit !== null
        ? t('subUsers.used.spending', { used: spending, limit: Number(subUser.spending_limit) })
        : t('subUsers.used.plain', { used, spending });
  return (
    <Flex vertical style={{ minWidth: 0, maxWidth: 260 }} data-testid={`sub-user-used-${subUser.id}`}>
      {percent === null ? null : (
        <Progress
          percent={percent}
          size="small"
          status={percent >= 100 ? 'exception' : 'normal'}
          data-testid={`sub-user-progress-${subUser.id}`}
        />
      )}
      <Typography.Text data-testid={`sub-user-used-text-${subUser.id}`}>{text}</Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('subUsers.periodEnds', {
          time: new Date(subUser.period_end).toISOString().slice(0, 16).replace('T', ' '),
        })}
      </Typography.Text>
    </Flex>
  );
};

/** The ready `host:port:user:pass` line with a copy button. */
const Credential = ({ subUser }: { subUser: SubUser }) => {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const line = credentialLine(subUser);
  const copy = async () => {
    const outcome = await copyToClipboard(line, null);
    if (outcome === 'copied') void message.success(t('subUsers.copied'));
    else void message.warning(t('subUsers.copyUnsupported'));
  };
  return (
    <Flex gap={8} align="center" style={{ minWidth: 0 }}>
      <Typography.Text
        code
        style={{ wordBreak: 'break-all', minWidth: 0 }}
        data-testid={`sub-user-credential-${subUser.id}`}
      >
        {line}
      </Typography.Text>
      <Button
        size="small"
        icon={<CopyOutlined />}
        onClick={() => void copy()}
        aria-label={t('subUsers.copy')}
        data-testid={`sub-user-copy-${subUser.id}`}
      />
    </Flex>
  );
};

/** One labelled line of a card. */
const CardLine = ({ label, children }: { label: string; children: ReactNode }) => (
  <Flex vertical gap={2} style={{ minWidth: 0 }}>
    <Typography.Text type="secondary">{label}</Typography.Text>
    <div style={{ minWidth: 0 }}>{children}</div>
  </Flex>
);

/**
 * `/proxy/sub-users` (issue #21): the customer's sub-users with status, limits, what each used
 * this period (a bar against the tightest limit) and its ready credential line; add and edit
 * (name, traffic and spending limits, period), pause and resume, a new password, and delete after a
 * confirmation. A table on wide screens, cards below 992 px.
 */
const SubUsersPage = () => {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const queryClient = useQueryClient();
  const isMobile = useIsMobile();
  const subUsers = useQuery({
    queryKey: SUB_USER_QUERY_KEYS.list,
    queryFn: ({ signal }) => listSubUsers(signal),
    refetchInterval: REFRESH_MS,
  });
  const [editing, setEditing] = useState<SubUser | 'new' | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: SUB_USER_QUERY_KEYS.list });
  const setStatus = useMutation({
    mutationFn: (subUser: SubUser) =>
      updateSubUser(subUser.id, { status: subUser.status === 'active' ? 'paused' : 'active' }),
    onSuccess: (saved) =>
      void message.success(
        t(saved.status === 'paused' ? 'subUsers.paused' : 'subUsers.resumed', { name: saved.name }),
      ),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (subUser: SubUser) => deleteSubUser(subUser.id),
    onSuccess: (_answer, subUser) => void message.success(t('subUsers.delete.done', { name: subUser.name })),
    onSettled: refresh,
  });
  const newPassword = useMutation({
    mutationFn: (subUser: SubUser) => resetSubUserPassword(subUser.id),
    onSuccess: (saved) => void message.success(t('subUsers.newPassword.done', { name: saved.name })),
    onSettled: refresh,
  });

  const list = subUsers.data?.list ?? [];
  const max = subUsers.data?.max ?? 0;
  const isFull = subUsers.isSuccess && list.length >= max;

  const confirmDelete = (subUser: SubUser) =>
    modal.confirm({
      title: t('subUsers.delete.confirm', { name: subUser.name }),
      content: t('subUsers.delete.effect'),
      okText: t('subUsers.delete'),
      okType: 'danger',
      cancelText: t('subUsers.cancel'),
      okButtonProps: { 'data-testid': 'sub-user-delete-confirm' } as Record<string, string>,
      onOk: () => remove.mutateAsync(subUser).catch(() => undefined),
    });
  const confirmNewPassword = (subUser: SubUser) =>
    modal.confirm({
      title: t('subUsers.newPassword.confirm', { name: subUser.name }),
      content: t('subUsers.newPassword.effect'),
      okText: t('subUsers.newPassword'),
      cancelText: t('subUsers.cancel'),
      okButtonProps: { 'data-testid': 'sub-user-password-confirm' } as Record<string, string>,
      onOk: () => newPassword.mutateAsync(subUser).catch(() => undefined),
    });

  const actions = (subUser: SubUser) => (
    <Flex gap={6} wrap>
      <Button
        size="small"
        icon={<EditOutlined />}
        onClick={() => setEditing(subUser)}
        data-testid={`sub-user-edit-${subUser.id}`}
      >
        {t('subUsers.edit')}
      </Button>
      <Button
        size="small"
        icon={subUser.status === 'active' ? <PauseOutlined /> : <CaretRightOutlined />}
        loading={setStatus.isPending && setStatus.variables?.id === subUser.id}
        onClick={() => setStatus.mutate(subUser)}
        data-testid={`sub-user-${subUser.status === 'active' ? 'pause' : 'resume'}-${subUser.id}`}
      >
        {t(subUser.status === 'active' ? 'subUsers.pause' : 'subUsers.resume')}
      </Button>
      <Button
        size="small"
        icon={<KeyOutlined />}
        onClick={() => confirmNewPassword(subUser)}
        data-testid={`sub-user-password-${subUser.id}`}
      >
        {t('subUsers.newPassword')}
      </Button>
      <Button
        size="small"
        danger
        icon={<DeleteOutlined />}
        onClick={() => confirmDelete(subUser)}
        data-testid={`sub-user-delete-${subUser.id}`}
      >
        {t('subUsers.delete')}
      </Button>
    </Flex>
  );

  const name = (subUser: SubUser) => (
    <Typography.Text
      strong
      style={{ wordBreak: 'break-word', whiteSpace: 'normal' }}
      data-testid="sub-user-name"
    >
      {subUser.name}
    </Typography.Text>
  );

  const columns: TableColumnsType<SubUser> = [
    { key: 'name', title: t('subUsers.column.name'), render: (_value, subUser) => name(subUser) },
    {
      key: 'status',
      title: t('subUsers.column.status'),
      render: (_value, subUser) => <StatusTag subUser={subUser} />,
    },
    {
      key: 'limit',
      title: t('subUsers.column.limit'),
      render: (_value, subUser) => <Limits subUser={subUser} />,
    },
    {
      key: 'used',
      title: t('subUsers.column.used'),
      render: (_value, subUser) => <Used subUser={subUser} />,
    },
    {
      key: 'credentials',
      title: t('subUsers.column.credentials'),
      render: (_value, subUser) => <Credential subUser={subUser} />,
    },
    { key: 'actions', title: t('subUsers.column.actions'), render: (_value, subUser) => actions(subUser) },
  ];

  const cards = (
    <Flex vertical gap={12} data-testid="sub-user-cards">
      {list.map((subUser) => (
        <Card
          key={subUser.id}
          size="small"
          title={name(subUser)}
          extra={<StatusTag subUser={subUser} />}
          data-testid={`sub-user-${subUser.id}`}
        >
          <Flex vertical gap={8}>
            <CardLine label={t('subUsers.column.limit')}>
              <Limits subUser={subUser} />
            </CardLine>
            <CardLine label={t('subUsers.column.used')}>
              <Used subUser={subUser} />
            </CardLine>
            <CardLine label={t('subUsers.column.credentials')}>
              <Credential subUser={subUser} />
            </CardLine>
            {actions(subUser)}
          </Flex>
        </Card>
      ))}
    </Flex>
  );

  const body = () => {
    if (subUsers.isError)
      return (
        <LoadFailed
          title={t('subUsers.loadFailed')}
          error={subUsers.error}
          onRetry={() => void subUsers.refetch()}
        />
      );
    if (subUsers.isSuccess && list.length === 0) return <Empty description={t('subUsers.empty')} />;
    if (isMobile) return subUsers.isPending ? <Card loading size="small" /> : cards;
    return (
      <Table<SubUser>
        rowKey="id"
        size="small"
        loading={subUsers.isPending}
        columns={columns}
        dataSource={list}
        pagination={false}
        scroll={{ x: true }}
        onRow={(subUser) => ({ 'data-testid': `sub-user-${subUser.id}` }) as Record<string, string>}
        data-testid="sub-user-table"
      />
    );
  };

  return (
    <Flex vertical gap={16} style={{ minWidth: 0 }} data-testid="sub-users">
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('menu.proxy.subUsers')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('subUsers.intro')}
      </Typography.Paragraph>
      <Card size={isMobile ? 'small' : 'default'}>
        <Flex vertical gap={12}>
          <Flex justify="space-between" align="center" gap={8} wrap>
            <Typography.Text type="secondary" data-testid="sub-user-count">
              {subUsers.data ? t('subUsers.count', { count: list.length, max }) : null}
            </Typography.Text>
            <Button
              type="primary"
              icon={isFull ? null : <PlusOutlined />}
              disabled={isFull || !subUsers.isSuccess}
              onClick={() => setEditing('new')}
              style={{ whiteSpace: 'normal', height: 'auto', minHeight: 32, maxWidth: '100%' }}
              data-testid="sub-user-add"
            >
              {isFull ? t('subUsers.full') : t('subUsers.add')}
            </Button>
          </Flex>
          {body()}
        </Flex>
      </Card>
      {editing ? (
        <SubUserDialog subUser={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
    </Flex>
  );
};

export default SubUsersPage;
