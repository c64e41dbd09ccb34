import type { UseQueryResult } from '@tanstack/react-query';
import { Empty, Flex, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { LoadFailed } from '../../shared/ui/load-failed';
import './connection-help-texts';

/** A connection-help page: its title and introduction, then `children`. */
export const HelpPage = ({
  testId,
  title,
  intro,
  children,
}: {
  testId: string;
  title: string;
  intro: string;
  children: ReactNode;
}) => (
  <Flex vertical gap={16} style={{ minWidth: 0 }} data-testid={testId}>
    <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
      {title}
    </Typography.Title>
    <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
      {intro}
    </Typography.Paragraph>
    {children}
  </Flex>
);

/** A list from the server: skeleton while loading, the failure with "retry", empty, or `render`. */
export const HelpList = <T,>({
  query,
  render,
}: {
  query: UseQueryResult<{ list: T[] }>;
  render: (list: T[]) => ReactNode;
}) => {
  const { t } = useTranslation();
  if (query.isError)
    return (
      <LoadFailed
        title={t('connectionHelp.loadFailed')}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  if (query.isPending) return <Skeleton active />;
  if (query.data.list.length === 0) return <Empty description={t('connectionHelp.empty')} />;
  return <>{render(query.data.list)}</>;
};
