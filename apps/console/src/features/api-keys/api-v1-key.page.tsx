import { KeyOutlined } from '@ant-design/icons';
import type { CreatedApiKeyV1 } from '@ptc/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Empty, Flex, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../shared/i18n/use-translation';
import { LoadFailed } from '../../shared/ui/load-failed';
import { formatKeyTime } from './api-keys';
import { API_KEY_QUERY_KEYS, createApiKeyV1, deleteApiKeyV1, getApiKeyV1 } from './api-keys.api';
import { DeprecationNotice, useConsolePath } from './deprecation-notice';
import { SecretDialog } from './secret-dialog';
import './api-keys-texts';
import { useFeedback } from '../../shared/ui/feedback';

/**
 * `/api-v1/api-key` (SPEC §2, issue #17): the single legacy key with its hint, creation and last
 * use; generating or regenerating it (after a confirmation, since the old key stops working) shows
 * the new id once; revoking it asks first. A notice points to V2.
 */
const ApiV1KeyPage = () => {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const queryClient = useQueryClient();
  const toConsolePath = useConsolePath();
  const current = useQuery({ queryKey: API_KEY_QUERY_KEYS.v1, queryFn: ({ signal }) => getApiKeyV1(signal) });
  const [created, setCreated] = useState<CreatedApiKeyV1 | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: API_KEY_QUERY_KEYS.v1 });
  const generate = useMutation({ mutationFn: createApiKeyV1, onSuccess: setCreated, onSettled: refresh });
  const revoke = useMutation({
    mutationFn: deleteApiKeyV1,
    onSuccess: () => void message.success(t('apiKeys.v1.revoke.done')),
    onSettled: refresh,
  });

  const key = current.data?.key ?? null;

  const confirmRegenerate = () =>
    modal.confirm({
      title: t('apiKeys.v1.regenerate.confirm'),
      content: t('apiKeys.v1.regenerate.effect'),
      okText: t('apiKeys.v1.regenerate'),
      okType: 'danger',
      cancelText: t('apiKeys.cancel'),
      okButtonProps: { 'data-testid': 'api-v1-confirm' } as Record<string, string>,
      onOk: () => generate.mutateAsync().catch(() => undefined),
    });

  const confirmRevoke = () =>
    modal.confirm({
      title: t('apiKeys.v1.revoke.confirm'),
      content: t('apiKeys.v1.revoke.effect'),
      okText: t('apiKeys.v1.revoke'),
      okType: 'danger',
      cancelText: t('apiKeys.cancel'),
      okButtonProps: { 'data-testid': 'api-v1-confirm' } as Record<string, string>,
      onOk: () => revoke.mutateAsync().catch(() => undefined),
    });

  const body = () => {
    if (current.isError) {
      return (
        <LoadFailed
          title={t('apiKeys.v1.loadFailed')}
          error={current.error}
          onRetry={() => void current.refetch()}
        />
      );
    }
    if (current.isPending) return <Card loading size="small" />;
    if (!key) {
      return (
        <Empty description={t('apiKeys.v1.none')}>
          <Button
            type="primary"
            icon={<KeyOutlined />}
            loading={generate.isPending}
            onClick={() => generate.mutate()}
            data-testid="api-v1-generate"
          >
            {t('apiKeys.v1.generate')}
          </Button>
        </Empty>
      );
    }
    return (
      <Flex vertical gap={16}>
        <Descriptions
          column={1}
          size="small"
          bordered
          data-testid="api-v1-key"
          items={[
            {
              key: 'hint',
              label: t('apiKeys.column.hint'),
              children: (
                <Typography.Text code style={{ wordBreak: 'break-all' }} data-testid="api-v1-hint">
                  {key.hint}
                </Typography.Text>
              ),
            },
            { key: 'created', label: t('apiKeys.column.created'), children: formatKeyTime(key.create_time) },
            {
              key: 'lastUsed',
              label: t('apiKeys.column.lastUsed'),
              children: key.last_used_time
                ? [
                    formatKeyTime(key.last_used_time),
                    key.last_used_ip ? t('apiKeys.lastUsed.from', { ip: key.last_used_ip }) : null,
                  ]
                    .filter(Boolean)
                    .join(' ')
                : t('apiKeys.lastUsed.never'),
            },
          ]}
        />
        <Flex gap={8} wrap>
          <Button onClick={confirmRegenerate} loading={generate.isPending} data-testid="api-v1-regenerate">
            {t('apiKeys.v1.regenerate')}
          </Button>
          <Button danger onClick={confirmRevoke} loading={revoke.isPending} data-testid="api-v1-revoke">
            {t('apiKeys.v1.revoke')}
          </Button>
        </Flex>
      </Flex>
    );
  };

  return (
    <Flex vertical gap={16} style={{ minWidth: 0 }} data-testid="api-v1-key-page">
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('menu.apiV1.apiKey')}
      </Typography.Title>
      <DeprecationNotice />
      <Card
        extra={<Link to={toConsolePath('/api-v1/document')}>{t('apiKeys.v1.reference')}</Link>}
        title={t('apiKeys.column.hint')}
      >
        {body()}
      </Card>
      {created ? (
        <SecretDialog
          title={t('apiKeys.v1.created.title')}
          secret={created.id}
          onClose={() => setCreated(null)}
        />
      ) : null}
    </Flex>
  );
};

export default ApiV1KeyPage;
