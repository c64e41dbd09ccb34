import { CloseOutlined } from '@ant-design/icons';
import type { IpAllowListEntry } from '@ptc/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Input, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { IP_ALLOWLIST_QUERY_KEYS, setAllowListPortRules } from './ip-allowlist.api';

/**
 * An entry's targeting by gateway port (issue #21): each rule's ready `host:port` (copyable) with
 * its parameters and a remove button, and, when the gateway has targeting ports, a port and
 * parameters to add one. Any other port uses the proxy's own targeting.
 */
export const PortRules = ({ entry, targetPorts }: { entry: IpAllowListEntry; targetPorts: number[] }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [port, setPort] = useState<number | null>(null);
  const [params, setParams] = useState('');
  const save = useMutation({
    mutationFn: (rules: { port: number; params: string }[]) => setAllowListPortRules(entry.id, { rules }),
    onSuccess: () => {
      setPort(null);
      setParams('');
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: IP_ALLOWLIST_QUERY_KEYS.list }),
  });
  const current = entry.port_rules.map((rule) => ({ port: rule.port, params: rule.params }));
  const free = targetPorts.filter((candidate) => !current.some((rule) => rule.port === candidate));
  return (
    <Flex vertical gap={4} style={{ minWidth: 0 }} data-testid={`ip-allowlist-ports-${entry.id}`}>
      {entry.port_rules.length === 0 ? (
        <Typography.Text type="secondary">{t('ipAllowList.ports.none')}</Typography.Text>
      ) : null}
      {entry.port_rules.map((rule) => (
        <Flex key={rule.port} gap={6} align="center" wrap data-testid={`ip-allowlist-port-rule-${rule.port}`}>
          <Typography.Text code copyable={{ text: rule.host_port }} data-testid="ip-allowlist-host-port">
            {rule.host_port}
          </Typography.Text>
          <Typography.Text style={{ wordBreak: 'break-all' }}>{rule.params}</Typography.Text>
          <Button
            size="small"
            type="text"
            icon={<CloseOutlined />}
            aria-label={t('ipAllowList.ports.remove', { port: rule.port })}
            disabled={save.isPending}
            onClick={() => save.mutate(current.filter((other) => other.port !== rule.port))}
          />
        </Flex>
      ))}
      {free.length > 0 ? (
        <Flex gap={6} align="center" wrap>
          <Select<number>
            size="small"
            style={{ width: 100 }}
            placeholder={t('ipAllowList.ports.port')}
            value={port ?? undefined}
            onChange={setPort}
            options={free.map((candidate) => ({ value: candidate, label: String(candidate) }))}
            showSearch
            data-testid={`ip-allowlist-port-select-${entry.id}`}
          />
          <Input
            size="small"
            style={{ width: 200 }}
            maxLength={200}
            placeholder="country-us-session-a1"
            aria-label={t('ipAllowList.ports.params')}
            value={params}
            onChange={(event) => setParams(event.target.value)}
            data-testid={`ip-allowlist-port-params-${entry.id}`}
          />
          <Button
            size="small"
            disabled={port === null || params.trim() === ''}
            loading={save.isPending}
            onClick={() => port !== null && save.mutate([...current, { port, params: params.trim() }])}
            data-testid={`ip-allowlist-port-add-${entry.id}`}
          >
            {t('ipAllowList.ports.add')}
          </Button>
        </Flex>
      ) : null}
    </Flex>
  );
};
