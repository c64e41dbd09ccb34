import type { PaymentMethod } from '@ptc/contracts';
import { Button, Card, Flex, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import type { QuoteDisplay } from './top-up-quote';

/** Methods that charge in yuan. */
const CNY_METHODS: ReadonlySet<PaymentMethod> = new Set(['alipay', 'wechat', 'epay']);

const QuoteRow = ({
  label,
  children,
  isStrong = false,
}: {
  label: string;
  children: ReactNode;
  isStrong?: boolean;
}) => (
  <Flex justify="space-between" align="baseline" gap={8}>
    <Typography.Text type={isStrong ? undefined : 'secondary'} strong={isStrong}>
      {label}
    </Typography.Text>
    <Typography.Text strong={isStrong} style={isStrong ? { fontSize: 18 } : undefined}>
      {children}
    </Typography.Text>
  </Flex>
);

/** The price preview: amount, fee, bonus, total to pay and PTC credited (hooks `charge-quote-*`). */
const QuoteSummary = ({ quote }: { quote: QuoteDisplay }) => {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={6} data-testid="charge-quote">
      <QuoteRow label={t('charge.quote.amount')}>
        $<span data-testid="charge-quote-amount">{quote.amount}</span>
      </QuoteRow>
      <QuoteRow label={t('charge.quote.fee')}>
        $<span data-testid="charge-quote-fee">{quote.fee}</span>
      </QuoteRow>
      <QuoteRow label={t('charge.quote.total')} isStrong>
        $<span data-testid="charge-quote-total">{quote.total}</span>
      </QuoteRow>
      <QuoteRow label={t('charge.quote.bonus')}>
        <span data-testid="charge-quote-bonus">{quote.bonus}</span> PTC
      </QuoteRow>
      <QuoteRow label={t('charge.quote.credited')} isStrong>
        <span data-testid="charge-quote-credited">{quote.credited}</span> PTC
      </QuoteRow>
    </Flex>
  );
};

/** Props of {@link TopUpQuoteCard}. */
export interface TopUpQuoteCardProps {
  /** The price of what is chosen, or null until an amount and a method are. */
  quote: QuoteDisplay | null;
  method: PaymentMethod | null;
  isPaying: boolean;
  onPay: () => void;
}

/** The price computed before paying, "Pay" (hook `charge-pay`) and the notes on top-ups. */
export const TopUpQuoteCard = ({ quote, method, isPaying, onPay }: TopUpQuoteCardProps) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Card title={t('charge.quote')} style={{ position: 'sticky', top: 72 }}>
      <Flex vertical gap={16}>
        {quote ? (
          <QuoteSummary quote={quote} />
        ) : (
          <Typography.Text type="secondary">{t('charge.quote.empty')}</Typography.Text>
        )}
        {method && CNY_METHODS.has(method) ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('charge.quote.cnyNote')}
          </Typography.Text>
        ) : null}
        <Button
          type="primary"
          size="large"
          block
          loading={isPaying}
          disabled={!method}
          onClick={onPay}
          data-testid="charge-pay"
        >
          {quote ? `${t('charge.pay')} $${quote.total}` : t('charge.pay')}
        </Button>
        <ul
          data-testid="charge-notes"
          style={{ margin: 0, paddingInlineStart: 18, color: token.colorTextSecondary, fontSize: 12 }}
        >
          <li>{t('charge.notes.nonRefundable')}</li>
          <li>{t('charge.notes.delay')}</li>
        </ul>
      </Flex>
    </Card>
  );
};
