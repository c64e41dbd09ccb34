import { ReadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Flex, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from '../../shared/i18n/use-translation';
import {
  API_KEY_QUERY_KEYS,
  type DocumentedOperation,
  fetchV1Operations,
  PUBLIC_API_DOCUMENTS,
} from './api-keys.api';
import { DeprecationNotice } from './deprecation-notice';
import './api-keys-texts';

const METHOD_COLORS: Readonly<Record<string, string>> = {
  GET: 'blue',
  POST: 'green',
  PUT: 'orange',
  PATCH: 'orange',
  DELETE: 'red',
};

/**
 * `/api-v1/document` (SPEC §2, issue #17): the deprecation notice and the V1 reference, a compact
 * list of the operations of `/api/v1/openapi.json` (method, path, summary) with a link to the
 * rendered document.
 */
const ApiV1DocumentPage = () => {
  const { t } = useTranslation();
  const operations = useQuery({
    queryKey: API_KEY_QUERY_KEYS.v1Document,
    queryFn: ({ signal }) => fetchV1Operations(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

  const columns: TableColumnsType<DocumentedOperation> = [
    {
      key: 'method',
      title: t('apiKeys.v1doc.method'),
      dataIndex: 'method',
      width: 96,
      render: (method: string) => <Tag color={METHOD_COLORS[method] ?? 'default'}>{method}</Tag>,
    },
    {
      key: 'path',
      title: t('apiKeys.v1doc.path'),
      dataIndex: 'path',
      render: (path: string) => (
        <Typography.Text code style={{ wordBreak: 'break-all' }}>
          {path}
        </Typography.Text>
      ),
    },
    {
      key: 'summary',
      title: t('apiKeys.v1doc.summary'),
      dataIndex: 'summary',
      render: (summary: string) => <span style={{ wordBreak: 'break-word' }}>{summary}</span>,
    },
  ];

  const body = () => {
    if (operations.isError) {
      return (
        <Alert
          type="error"
          showIcon
          title={t('apiKeys.v1doc.loadFailed')}
          action={
            <Button size="small" onClick={() => void operations.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      );
    }
    if (operations.isSuccess && operations.data.length === 0) {
      return <Empty description={t('apiKeys.v1doc.empty')} />;
    }
    return (
      <Table<DocumentedOperation>
        rowKey={(operation) => `${operation.method} ${operation.path}`}
        size="small"
        loading={operations.isPending}
        columns={columns}
        dataSource={operations.data ?? []}
        pagination={false}
        tableLayout="fixed"
        data-testid="api-v1-operations"
      />
    );
  };

  return (
    <Flex vertical gap={16} style={{ minWidth: 0 }} data-testid="api-v1-document">
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('menu.apiV1.document')}
      </Typography.Title>
      <DeprecationNotice />
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('apiKeys.v1doc.intro')}
      </Typography.Paragraph>
      <Card
        title={t('apiKeys.v1doc.operations')}
        extra={
          <Typography.Link href={PUBLIC_API_DOCUMENTS.v1Docs} target="_blank" data-testid="api-v1-docs-link">
            <ReadOutlined /> {t('apiKeys.v1doc.full')}
          </Typography.Link>
        }
      >
        {body()}
      </Card>
    </Flex>
  );
};

export default ApiV1DocumentPage;
