import type { GatewayHostAnswer } from '@ptc/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Radio, Skeleton, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useFeedback } from '../../shared/ui/feedback';
import { LoadFailed } from '../../shared/ui/load-failed';
import { CONNECTION_HELP_QUERY_KEYS, getGatewayHost, putGatewayHost } from './connection-help.api';

/**
 * The customer's preferred gateway host (SPEC §7 `GET`/`PUT /proxy/proxy/host`): the hosts the
 * operator lists, the default marked, the current address, and "save".
 */
export const GatewayHostCard = () => {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const current = useQuery({
    queryKey: CONNECTION_HELP_QUERY_KEYS.gatewayHost,
    queryFn: ({ signal }) => getGatewayHost(signal),
  });
  const [picked, setPicked] = useState<string | null>(null);
  useEffect(() => {
    if (current.data) setPicked(current.data.host);
  }, [current.data]);
  const save = useMutation({
    mutationFn: (host: string) => putGatewayHost(host),
    onSuccess: (answer: GatewayHostAnswer) => {
      queryClient.setQueryData(CONNECTION_HELP_QUERY_KEYS.gatewayHost, answer);
      void message.success(t('connectionHelp.host.saved'));
    },
  });
  const body = () => {
    if (current.isError)
      return (
        <LoadFailed
          title={t('connectionHelp.host.loadFailed')}
          error={current.error}
          onRetry={() => void current.refetch()}
        />
      );
    if (current.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
    const data = current.data;
    return (
      <Flex vertical gap={12}>
        <Typography.Text data-testid="gateway-host-current" data-host={data.host}>
          {t('connectionHelp.host.current')}{' '}
          <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
            {`${data.host}:${data.port}`}
          </Typography.Text>
        </Typography.Text>
        {data.hosts.length > 1 ? (
          <>
            <Radio.Group
              value={picked}
              onChange={(event) => setPicked(event.target.value as string)}
              data-testid="gateway-host-choices"
            >
              <Flex vertical gap={8}>
                {data.hosts.map((host) => (
                  <Radio key={host} value={host} data-testid={`gateway-host-${host}`}>
                    <span style={{ wordBreak: 'break-all' }}>{host}</span>
                    {host === data.default_host ? (
                      <Tag style={{ marginInlineStart: 8 }}>{t('connectionHelp.host.default')}</Tag>
                    ) : null}
                  </Radio>
                ))}
              </Flex>
            </Radio.Group>
            <div>
              <Button
                type="primary"
                disabled={!picked || picked === data.host}
                loading={save.isPending}
                onClick={() => picked && save.mutate(picked)}
                data-testid="gateway-host-save"
              >
                {t('connectionHelp.host.save')}
              </Button>
            </div>
          </>
        ) : (
          <Typography.Text type="secondary">{t('connectionHelp.host.single')}</Typography.Text>
        )}
      </Flex>
    );
  };
  return (
    <Card size="small" title={t('connectionHelp.host.title')} data-testid="gateway-host">
      <Flex vertical gap={8}>
        <Typography.Text type="secondary">{t('connectionHelp.host.intro')}</Typography.Text>
        {body()}
      </Flex>
    </Card>
  );
};
