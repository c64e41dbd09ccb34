import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Card, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';

/** Props of {@link WalletCard}. */
export interface WalletCardProps<T> {
  title: string;
  testId: string;
  /** The read the card shows. */
  query: UseQueryResult<T>;
  /** The card's body once the read has answered. */
  children: (data: T) => ReactNode;
}

/** A card of the charge page showing one read: a retry while it failed, a skeleton while it loads. */
export const WalletCard = <T,>({ title, testId, query, children }: WalletCardProps<T>) => {
  const { t } = useTranslation();
  const body = () => {
    if (query.isError) {
      return (
        <Alert
          type="error"
          showIcon
          title={t('wallet.loadFailed')}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              {t('wallet.retry')}
            </Button>
          }
        />
      );
    }
    if (query.isPending) return <Skeleton active />;
    return children(query.data);
  };
  return (
    <Card title={title} data-testid={testId} style={{ height: '100%' }}>
      {body()}
    </Card>
  );
};
