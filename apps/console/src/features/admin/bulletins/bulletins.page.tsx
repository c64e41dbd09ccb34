import { type AdminAnnouncement, ANNOUNCEMENT_FALLBACK_ORDER } from '@ptc/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Table, type TableColumnsType, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useFeedback } from '../../../shared/ui/feedback';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { operatorErrorText } from '../operator-errors';
import { BulletinDialog } from './bulletin-dialog';
import {
  ADMIN_BULLETINS_QUERY_KEY,
  deleteAdminBulletin,
  listAdminBulletins,
  unpublishAdminBulletin,
} from './bulletins.api';
import './bulletins-texts';

const formatTime = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');

const STATUS_COLORS = { scheduled: 'blue', active: 'green', ended: 'default' } as const;

/** The bulletin's first title, in the fallback order customers read (English first). */
const titleOf = (bulletin: AdminAnnouncement) =>
  ANNOUNCEMENT_FALLBACK_ORDER.map((code) => bulletin[`title_${code}`]).find(Boolean) ?? '';

/** One change confirmed before it is sent. */
type BulletinAction = { kind: 'unpublish' | 'delete'; bulletin: AdminAnnouncement };

/**
 * `/admin/bulletins` (owner, support): every bulletin with its languages, state, window and how many
 * customers read and closed it. Operators publish new ones, edit them, unpublish them (customers no
 * longer see them) and delete them, the last two after a confirmation. Every change is audited.
 */
const BulletinsPage = () => {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const queryClient = useQueryClient();
  const bulletins = useQuery({
    queryKey: ADMIN_BULLETINS_QUERY_KEY,
    queryFn: ({ signal }) => listAdminBulletins(signal),
  });
  /** The bulletin being edited; `null` for a new one; `undefined` while the dialog is closed. */
  const [editing, setEditing] = useState<AdminAnnouncement | null | undefined>(undefined);
  const act = useMutation({
    mutationFn: async ({ kind, bulletin }: BulletinAction) => {
      if (kind === 'unpublish') await unpublishAdminBulletin(bulletin.id);
      else await deleteAdminBulletin(bulletin.id);
      return t(kind === 'unpublish' ? 'admin.bulletins.unpublished' : 'admin.bulletins.deleted');
    },
    onSuccess: (done) => void message.success(done),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_BULLETINS_QUERY_KEY }),
  });

  const confirm = (action: BulletinAction) => {
    const title = titleOf(action.bulletin);
    modal.confirm({
      title: t(`admin.bulletins.${action.kind}.confirm`, { title }),
      content: t(`admin.bulletins.${action.kind}.effect`),
      okText: t(`admin.bulletins.${action.kind}`),
      cancelText: t('admin.bulletins.cancel'),
      okType: 'danger',
      okButtonProps: { 'data-testid': 'admin-bulletin-confirm' } as Record<string, string>,
      onOk: () => act.mutateAsync(action).catch(() => undefined),
    });
  };

  const columns: TableColumnsType<AdminAnnouncement> = [
    {
      key: 'title',
      title: t('admin.bulletins.title'),
      render: (_: unknown, bulletin) => (
        <Flex vertical gap={4} style={{ minWidth: 180 }}>
          <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
            {titleOf(bulletin)}
          </Typography.Text>
          <Flex gap={4} wrap>
            {ANNOUNCEMENT_FALLBACK_ORDER.filter((code) => bulletin[`title_${code}`]).map((code) => (
              <Tag key={code}>{t(`admin.bulletins.language.${code}`)}</Tag>
            ))}
          </Flex>
        </Flex>
      ),
    },
    {
      key: 'status',
      title: t('admin.bulletins.status'),
      dataIndex: 'status',
      render: (status: AdminAnnouncement['status'], bulletin) => (
        <Tag color={STATUS_COLORS[status]} data-testid={`admin-bulletin-status-${bulletin.id}`}>
          {t(`admin.bulletins.status.${status}`)}
        </Tag>
      ),
    },
    {
      key: 'window',
      title: t('admin.bulletins.window'),
      render: (_: unknown, bulletin) =>
        `${formatTime(bulletin.starts_at)} – ${
          bulletin.ends_at ? formatTime(bulletin.ends_at) : t('admin.bulletins.untilUnpublished')
        }`,
    },
    {
      key: 'readers',
      title: t('admin.bulletins.readers'),
      render: (_: unknown, bulletin) => `${bulletin.read_count} / ${bulletin.closed_count}`,
    },
    {
      key: 'author',
      title: t('admin.bulletins.author'),
      render: (_: unknown, bulletin) => bulletin.updated_by ?? bulletin.created_by ?? '—',
    },
    {
      key: 'actions',
      title: t('admin.bulletins.actions'),
      render: (_: unknown, bulletin) => (
        <Flex gap={4} wrap>
          <Button
            size="small"
            onClick={() => setEditing(bulletin)}
            data-testid={`admin-bulletin-edit-${bulletin.id}`}
          >
            {t('admin.bulletins.edit')}
          </Button>
          {bulletin.status === 'ended' ? null : (
            <Button
              size="small"
              onClick={() => confirm({ kind: 'unpublish', bulletin })}
              data-testid={`admin-bulletin-unpublish-${bulletin.id}`}
            >
              {t('admin.bulletins.unpublish')}
            </Button>
          )}
          <Button
            size="small"
            danger
            onClick={() => confirm({ kind: 'delete', bulletin })}
            data-testid={`admin-bulletin-delete-${bulletin.id}`}
          >
            {t('admin.bulletins.delete')}
          </Button>
        </Flex>
      ),
    },
  ];

  return (
    <Flex vertical gap={16} data-testid="admin-bulletins">
      <Card
        title={t('admin.menu.bulletins')}
        extra={
          <Button type="primary" onClick={() => setEditing(null)} data-testid="admin-bulletin-add">
            {t('admin.bulletins.add')}
          </Button>
        }
      >
        <Typography.Paragraph type="secondary">{t('admin.bulletins.hint')}</Typography.Paragraph>
        {act.isError ? (
          <Alert
            type="error"
            showIcon
            closable={{ onClose: () => act.reset() }}
            style={{ marginBottom: 16 }}
            data-testid="admin-bulletins-error"
            title={t('admin.bulletins.failed')}
            description={operatorErrorText(act.error, t)}
          />
        ) : null}
        {bulletins.isError ? (
          <LoadFailed
            title={t('admin.bulletins.loadFailed')}
            error={bulletins.error}
            onRetry={() => void bulletins.refetch()}
          />
        ) : (
          <Table<AdminAnnouncement>
            rowKey="id"
            size="small"
            loading={bulletins.isPending}
            columns={columns}
            dataSource={bulletins.data?.list ?? []}
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            locale={{ emptyText: t('admin.bulletins.empty') }}
            scroll={{ x: true }}
            data-testid="admin-bulletin-table"
          />
        )}
      </Card>
      {editing !== undefined ? (
        <BulletinDialog
          bulletin={editing}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            void message.success(t(editing ? 'admin.bulletins.saved' : 'admin.bulletins.published'));
            setEditing(undefined);
          }}
        />
      ) : null}
    </Flex>
  );
};

export default BulletinsPage;
