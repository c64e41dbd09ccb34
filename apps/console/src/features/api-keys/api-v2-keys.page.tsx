import { DeleteOutlined, PlusOutlined, ReadOutlined } from '@ant-design/icons';
import { API_KEY_MAX, type ApiKey, type CreatedApiKey } from '@ptc/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { EXTERNAL_LINKS } from '../../routes.paths';
import { API_BASE } from '../../shared/api/api';
import { useTranslation } from '../../shared/i18n/use-translation';
import { LoadFailed } from '../../shared/ui/load-failed';
import { useIsMobile } from '../../shared/ui/use-is-mobile';
import { AddApiKeyDialog } from './add-api-key-dialog';
import { firstCallCurl, formatKeyTime } from './api-keys';
import { API_KEY_QUERY_KEYS, deleteApiKey, listApiKeys } from './api-keys.api';
import { CommandBlock } from './copy-field';
import { SecretDialog } from './secret-dialog';
import './api-keys-texts';
import { useFeedback } from '../../shared/ui/feedback';

const nowrap = { whiteSpace: 'nowrap' } as const;

/** When a key was last used, and from where. */
const LastUsed = ({ apiKey }: { apiKey: Pick<ApiKey, 'last_used_time' | 'last_used_ip'> }) => {
  const { t } = useTranslation();
  if (!apiKey.last_used_time)
    return <Typography.Text type="secondary">{t('apiKeys.lastUsed.never')}</Typography.Text>;
  return (
    <Flex vertical>
      <span style={nowrap}>{formatKeyTime(apiKey.last_used_time)}</span>
      {apiKey.last_used_ip ? (
        <Typography.Text type="secondary" style={{ wordBreak: 'break-all' }}>
          {t('apiKeys.lastUsed.from', { ip: apiKey.last_used_ip })}
        </Typography.Text>
      ) : null}
    </Flex>
  );
};

/** A key's allow-list: its addresses, or "any address". */
const AllowList = ({ list }: { list: readonly string[] }) => {
  const { t } = useTranslation();
  if (list.length === 0)
    return <Typography.Text type="secondary">{t('apiKeys.allowList.any')}</Typography.Text>;
  return (
    <Flex vertical>
      {list.map((entry) => (
        <Typography.Text key={entry} code style={{ wordBreak: 'break-all' }}>
          {entry}
        </Typography.Text>
      ))}
    </Flex>
  );
};

const ScopeTag = ({ scope }: { scope: ApiKey['scope'] }) => {
  const { t } = useTranslation();
  return <Tag color={scope === 'full' ? 'blue' : 'default'}>{t(`apiKeys.scope.${scope}`)}</Tag>;
};

/** One labelled line of a key's card. */
const CardLine = ({ label, children }: { label: string; children: ReactNode }) => (
  <Flex gap={8} wrap>
    <Typography.Text type="secondary">{label}:</Typography.Text>
    <div style={{ minWidth: 0 }}>{children}</div>
  </Flex>
);

/**
 * `/api-v2/api-key` (SPEC §2, issue #17): the account's V2 keys with name, hint, access,
 * allow-list, creation and last use; adding one (its secret shown once, with a ready first call);
 * deleting one after a confirmation. At {@link API_KEY_MAX} keys the add button says the limit
 * (601) instead of failing. A table on wide screens, cards below 992 px.
 */
const ApiV2KeysPage = () => {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const queryClient = useQueryClient();
  const isMobile = useIsMobile();
  const keys = useQuery({ queryKey: API_KEY_QUERY_KEYS.v2, queryFn: ({ signal }) => listApiKeys(signal) });
  const [isAdding, setIsAdding] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const remove = useMutation({
    mutationFn: (apiKey: ApiKey) => deleteApiKey(apiKey.key_id),
    onSuccess: (_answer, apiKey) => void message.success(t('apiKeys.delete.done', { name: apiKey.name })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: API_KEY_QUERY_KEYS.v2 }),
  });

  const list = keys.data?.list ?? [];
  const limit = keys.data?.limit ?? API_KEY_MAX;
  const isFull = (keys.data?.total ?? list.length) >= limit;

  const confirmDelete = (apiKey: ApiKey) =>
    modal.confirm({
      title: t('apiKeys.delete.confirm', { name: apiKey.name }),
      content: t('apiKeys.delete.effect'),
      okText: t('apiKeys.delete'),
      okType: 'danger',
      cancelText: t('apiKeys.cancel'),
      okButtonProps: { 'data-testid': 'api-key-delete-confirm' } as Record<string, string>,
      onOk: () => remove.mutateAsync(apiKey).catch(() => undefined),
    });

  const deleteButton = (apiKey: ApiKey) => (
    <Button
      size="small"
      danger
      icon={<DeleteOutlined />}
      onClick={() => confirmDelete(apiKey)}
      data-testid={`api-key-delete-${apiKey.key_id}`}
    >
      {t('apiKeys.delete')}
    </Button>
  );

  const columns: TableColumnsType<ApiKey> = [
    {
      key: 'name',
      title: t('apiKeys.column.name'),
      dataIndex: 'name',
      render: (name: string) => (
        <Typography.Text strong style={{ wordBreak: 'break-word' }} data-testid="api-key-name">
          {name}
        </Typography.Text>
      ),
    },
    {
      key: 'hint',
      title: t('apiKeys.column.hint'),
      dataIndex: 'hint',
      render: (hint: string) => (
        <Typography.Text code style={nowrap}>
          {hint}
        </Typography.Text>
      ),
    },
    {
      key: 'scope',
      title: t('apiKeys.column.scope'),
      dataIndex: 'scope',
      render: (scope: ApiKey['scope']) => <ScopeTag scope={scope} />,
    },
    {
      key: 'allowList',
      title: t('apiKeys.column.allowList'),
      dataIndex: 'allow_list',
      render: (allowList: string[]) => <AllowList list={allowList} />,
    },
    {
      key: 'created',
      title: t('apiKeys.column.created'),
      dataIndex: 'create_time',
      render: (time: string) => <span style={nowrap}>{formatKeyTime(time)}</span>,
    },
    {
      key: 'lastUsed',
      title: t('apiKeys.column.lastUsed'),
      render: (_value, apiKey) => <LastUsed apiKey={apiKey} />,
    },
    {
      key: 'actions',
      title: t('apiKeys.column.actions'),
      render: (_value, apiKey) => deleteButton(apiKey),
    },
  ];

  const cards = (
    <Flex vertical gap={12} data-testid="api-key-cards">
      {list.map((apiKey) => (
        <Card
          key={apiKey.key_id}
          size="small"
          title={
            <Typography.Text
              strong
              style={{ wordBreak: 'break-word', whiteSpace: 'normal' }}
              data-testid="api-key-name"
            >
              {apiKey.name}
            </Typography.Text>
          }
          data-testid={`api-key-card-${apiKey.key_id}`}
        >
          <Flex vertical gap={6}>
            <CardLine label={t('apiKeys.column.hint')}>
              <Typography.Text code style={{ wordBreak: 'break-all' }}>
                {apiKey.hint}
              </Typography.Text>
            </CardLine>
            <CardLine label={t('apiKeys.column.scope')}>
              <ScopeTag scope={apiKey.scope} />
            </CardLine>
            <CardLine label={t('apiKeys.column.allowList')}>
              <AllowList list={apiKey.allow_list} />
            </CardLine>
            <CardLine label={t('apiKeys.column.created')}>{formatKeyTime(apiKey.create_time)}</CardLine>
            <CardLine label={t('apiKeys.column.lastUsed')}>
              <LastUsed apiKey={apiKey} />
            </CardLine>
            <div>{deleteButton(apiKey)}</div>
          </Flex>
        </Card>
      ))}
    </Flex>
  );

  const body = () => {
    if (keys.isError) {
      return (
        <LoadFailed title={t('apiKeys.loadFailed')} error={keys.error} onRetry={() => void keys.refetch()} />
      );
    }
    if (keys.isSuccess && list.length === 0) return <Empty description={t('apiKeys.empty')} />;
    if (isMobile) return keys.isPending ? <Card loading size="small" /> : cards;
    return (
      <Table<ApiKey>
        rowKey="key_id"
        size="small"
        loading={keys.isPending}
        columns={columns}
        dataSource={list}
        pagination={false}
        scroll={{ x: true }}
        data-testid="api-key-table"
      />
    );
  };

  return (
    <Flex vertical gap={16} style={{ minWidth: 0 }} data-testid="api-v2-keys">
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('menu.apiV2.apiKey')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('apiKeys.v2.intro')}{' '}
        <Typography.Link href={EXTERNAL_LINKS.apiV2Docs} target="_blank" data-testid="api-key-docs-link">
          <ReadOutlined /> {t('apiKeys.docs')}
        </Typography.Link>
      </Typography.Paragraph>
      <Card size={isMobile ? 'small' : 'default'}>
        <Flex vertical gap={12}>
          <Flex justify="space-between" align="center" gap={8} wrap>
            <Typography.Text type="secondary" data-testid="api-key-count">
              {keys.data ? t('apiKeys.count', { count: keys.data.total, max: limit }) : null}
            </Typography.Text>
            <Button
              type="primary"
              icon={isFull ? null : <PlusOutlined />}
              disabled={isFull || !keys.isSuccess}
              onClick={() => setIsAdding(true)}
              style={{ whiteSpace: 'normal', height: 'auto', minHeight: 32, maxWidth: '100%' }}
              data-testid="api-key-add"
            >
              {isFull ? t('errors.ApiKeyLimit') : t('apiKeys.add')}
            </Button>
          </Flex>
          {body()}
        </Flex>
      </Card>
      {isAdding ? (
        <AddApiKeyDialog
          onClose={() => setIsAdding(false)}
          onCreated={(answer) => {
            setIsAdding(false);
            setCreated(answer);
          }}
        />
      ) : null}
      {created ? (
        <SecretDialog
          title={t('apiKeys.secret.title', { name: created.name })}
          secret={created.password}
          onClose={() => setCreated(null)}
        >
          <Typography.Text strong>{t('apiKeys.firstCall.title')}</Typography.Text>
          <Typography.Text type="secondary">{t('apiKeys.firstCall.hint')}</Typography.Text>
          <CommandBlock
            value={firstCallCurl(API_BASE, window.location.origin, created.password)}
            testId="api-key-first-call"
          />
        </SecretDialog>
      ) : null}
    </Flex>
  );
};

export default ApiV2KeysPage;
