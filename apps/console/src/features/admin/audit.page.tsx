import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, Table, type TableColumnsType, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { LoadFailed } from '../../shared/ui/load-failed';
import { searchAudit } from './admin.api';
import type { AuditFilters, AuditRecord } from './admin.types';
import './admin-texts';

/** Rows per page of the trail. */
export const AUDIT_PAGE_SIZE = 20;

const FILTER_FIELDS = [
  { name: 'actor', labelKey: 'admin.audit.actor' },
  { name: 'action', labelKey: 'admin.audit.action' },
  { name: 'target_type', labelKey: 'admin.audit.targetType' },
  { name: 'target_id', labelKey: 'admin.audit.targetId' },
] as const;

/** A before/after value on one line: compact JSON, or a dash when there is none. */
export const compactJson = (value: unknown): string =>
  value === null || value === undefined ? '—' : JSON.stringify(value);

const JsonCell = ({ value }: { value: unknown }) => (
  <Typography.Text code style={{ fontSize: 12, wordBreak: 'break-all' }}>
    {compactJson(value)}
  </Typography.Text>
);

/** `/admin/audit` (owner): the operator actions, newest first, searchable, read-only. */
const AuditPage = () => {
  const { t } = useTranslation();
  const [form] = Form.useForm<AuditFilters>();
  const [filters, setFilters] = useState<AuditFilters>({});
  const [page, setPage] = useState(1);
  const trail = useQuery({
    queryKey: ['admin', 'audit', filters, page],
    queryFn: ({ signal }) => searchAudit(filters, { page, pageSize: AUDIT_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
  const records = trail.data?.records ?? [];
  // The server answers no total: a full page means there may be another.
  const hasNextPage = records.length === AUDIT_PAGE_SIZE;

  const columns: TableColumnsType<AuditRecord> = [
    {
      key: 'at',
      title: t('admin.audit.at'),
      dataIndex: 'at',
      width: 170,
      render: (at: string) => dayjs(at).format('YYYY-MM-DD HH:mm:ss'),
    },
    { key: 'actor', title: t('admin.audit.actor'), dataIndex: 'actor' },
    { key: 'action', title: t('admin.audit.action'), dataIndex: 'action' },
    { key: 'target_type', title: t('admin.audit.targetType'), dataIndex: 'target_type' },
    { key: 'target_id', title: t('admin.audit.targetId'), dataIndex: 'target_id' },
    {
      key: 'before',
      title: t('admin.audit.before'),
      render: (_value, record) => <JsonCell value={record.before} />,
    },
    {
      key: 'after',
      title: t('admin.audit.after'),
      render: (_value, record) => <JsonCell value={record.after} />,
    },
    { key: 'client_ip', title: t('admin.audit.clientIp'), dataIndex: 'client_ip', render: (ip) => ip ?? '—' },
  ];

  const search = (values: AuditFilters) => {
    setFilters(values);
    setPage(1);
  };

  return (
    <Card title={t('admin.menu.audit')}>
      <Form form={form} layout="inline" onFinish={search} style={{ marginBottom: 16, rowGap: 8 }}>
        {FILTER_FIELDS.map((field) => (
          <Form.Item key={field.name} name={field.name} label={t(field.labelKey)}>
            <Input allowClear data-testid={`admin-audit-filter-${field.name}`} />
          </Form.Item>
        ))}
        <Form.Item>
          <Flex gap={8}>
            <Button type="primary" htmlType="submit" data-testid="admin-audit-search">
              {t('admin.audit.search')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                search({});
              }}
            >
              {t('admin.audit.reset')}
            </Button>
          </Flex>
        </Form.Item>
      </Form>
      {trail.isError ? (
        <LoadFailed
          title={t('admin.audit.loadFailed')}
          error={trail.error}
          onRetry={() => void trail.refetch()}
        />
      ) : (
        <>
          <Table<AuditRecord>
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={records}
            loading={trail.isFetching}
            pagination={false}
            scroll={{ x: true }}
            data-testid="admin-audit-table"
          />
          <Flex justify="end" align="center" gap={8} style={{ marginTop: 12 }}>
            <Button disabled={page === 1} onClick={() => setPage((value) => value - 1)}>
              {t('admin.audit.previous')}
            </Button>
            <Typography.Text data-testid="admin-audit-page">
              {t('admin.audit.page', { page })}
            </Typography.Text>
            <Button
              disabled={!hasNextPage}
              onClick={() => setPage((value) => value + 1)}
              data-testid="admin-audit-next"
            >
              {t('admin.audit.next')}
            </Button>
          </Flex>
        </>
      )}
    </Card>
  );
};

export default AuditPage;
