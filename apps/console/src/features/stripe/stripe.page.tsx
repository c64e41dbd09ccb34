import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Result, Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../shared/i18n/use-translation';
import { fetchAutoTopUp, WALLET_QUERY_KEYS } from '../charge/charge.api';
import { TopUpOrderStatus } from '../charge/order-status';
import { useWalletPaths } from '../charge/wallet-paths';
import '../charge/wallet-texts';

/** After saving a card: the card as the server now knows it, read again rather than from the cache. */
const CardSaved = ({ backButton }: { backButton: ReactNode }) => {
  const { t } = useTranslation();
  const info = useQuery({
    queryKey: WALLET_QUERY_KEYS.autoTopUp,
    queryFn: ({ signal }) => fetchAutoTopUp(signal),
    refetchOnMount: 'always',
  });
  const card = info.data?.card;
  return (
    <Card>
      <Result
        status="success"
        title={t('stripe.cardSaved')}
        subTitle={
          <Flex vertical gap={4} align="center">
            {info.isFetching && !card ? <Spin size="small" /> : null}
            {card ? (
              <Typography.Text data-testid="stripe-card">
                {t('autoTopUp.card.details', { brand: card.brand, last4: card.last4, exp: card.exp })}
              </Typography.Text>
            ) : null}
            <span>{t('stripe.cardSavedDetail')}</span>
          </Flex>
        }
        extra={[backButton]}
        data-testid="stripe-card-saved"
      />
    </Card>
  );
};

/**
 * The card payment page (`/stripe`): with `?order=` the state of that card order (asked for
 * until final, with "Continue to payment" while pending); with `?card=saved` the confirmation
 * that the card for auto top-up was saved. Hooks: `stripe-order`, `charge-result` (paid),
 * `stripe-continue`, `stripe-card-saved`, `stripe-card`, `stripe-back`.
 */
const StripePage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const paths = useWalletPaths();
  const [searchParams] = useSearchParams();
  const orderNo = searchParams.get('order');
  const isCardSaved = searchParams.get('card') === 'saved';
  const backButton = (
    <Button key="back" type="primary" onClick={() => void navigate(paths.charge)} data-testid="stripe-back">
      {t('stripe.back')}
    </Button>
  );

  return (
    <Flex vertical gap={16} style={{ maxWidth: 760 }}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('menu.stripe')}
      </Typography.Title>
      {orderNo ? <TopUpOrderStatus key={orderNo} orderNo={orderNo} testIdPrefix="stripe" /> : null}
      {isCardSaved ? <CardSaved backButton={backButton} /> : null}
      {orderNo || isCardSaved ? null : (
        <Card>
          <Result status="info" title={t('stripe.nothing')} extra={[backButton]} />
        </Card>
      )}
    </Flex>
  );
};

export default StripePage;
