import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Skeleton, Typography, theme } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { isPrepaidFamily, type PriceFamily } from './generator-rules';
import { fetchPrice, GENERATOR_QUERY_KEYS, type PriceQuery, type PriceQuote } from './generators.api';

/** How long the price waits for typing to stop before it asks again. */
export const PRICE_DEBOUNCE_MS = 300;

/** `value`, once it has stopped changing for `delayMs`. */
export const useDebounced = <T,>(value: T, delayMs: number): T => {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
};

/** The price of what a form would buy, asked of the server as the form changes. */
export const usePriceQuote = (query: PriceQuery) => {
  const settled = useDebounced(query, PRICE_DEBOUNCE_MS);
  return useQuery({
    queryKey: GENERATOR_QUERY_KEYS.price(settled),
    queryFn: ({ signal }) => fetchPrice(settled, signal),
    staleTime: 60_000,
    placeholderData: (previous) => previous,
  });
};

/** Props of {@link PricePreview}. */
export interface PricePreviewProps {
  family: PriceFamily;
  query: ReturnType<typeof usePriceQuote>;
  /** Whether the count is valid: the total is shown only then. */
  hasValidCount: boolean;
  /** E2E hooks: `<prefix>-price`, `-price-unit`, `-price-total`. */
  testIdPrefix: string;
}

/** The unit of a price in the interface language ("GB", "IP", "day", "30 days"). */
const useUnitText = () => {
  const { t } = useTranslation();
  return (unit: PriceQuote['unit']) => t(`generators.unit.${unit}`);
};

/**
 * The price before purchase (SPEC §2): the unit price, and for the families charged now the
 * total of this purchase; the traffic families say they are charged for the traffic they carry.
 */
export const PricePreview = ({ family, query, hasValidCount, testIdPrefix }: PricePreviewProps) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const unitText = useUnitText();
  const prepaid = isPrepaidFamily(family);

  const body = () => {
    if (query.isError && !query.data) {
      return (
        <Flex align="center" gap={8} wrap>
          <Typography.Text type="danger">{t('generators.price.failed')}</Typography.Text>
          <Button size="small" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        </Flex>
      );
    }
    if (!query.data) return <Skeleton active title={false} paragraph={{ rows: 1 }} />;
    const quote = query.data;
    return (
      <Flex vertical gap={4}>
        <Flex justify="space-between" align="baseline" gap={8} wrap>
          <Typography.Text type="secondary">{t('generators.price.unit')}</Typography.Text>
          <Typography.Text data-testid={`${testIdPrefix}-price-unit`}>
            {t('generators.price.perUnit', { price: quote.unit_price, unit: unitText(quote.unit) })}
          </Typography.Text>
        </Flex>
        {prepaid ? (
          <Flex justify="space-between" align="baseline" gap={8} wrap>
            <Typography.Text strong>{t('generators.price.total')}</Typography.Text>
            <Typography.Text strong style={{ fontSize: 18 }} data-testid={`${testIdPrefix}-price-total`}>
              {hasValidCount ? t('generators.price.amount', { amount: quote.total }) : '—'}
            </Typography.Text>
          </Flex>
        ) : (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('generators.price.byTraffic')}
          </Typography.Text>
        )}
      </Flex>
    );
  };

  return (
    <div
      data-testid={`${testIdPrefix}-price`}
      aria-live="polite"
      aria-busy={query.isFetching}
      style={{
        padding: 12,
        borderRadius: token.borderRadiusLG,
        background: token.colorFillQuaternary,
        opacity: query.isPlaceholderData ? 0.6 : 1,
        transition: 'opacity 0.2s',
      }}
    >
      {body()}
    </div>
  );
};
