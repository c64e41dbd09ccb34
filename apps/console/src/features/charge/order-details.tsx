import type { TopUpOrder } from '@ptc/contracts';
import { Descriptions, Tag, Typography } from 'antd';
import { useTranslation } from '../../shared/i18n/use-translation';
import { formatAmount, formatMicro, parseWireAmount } from './wallet-money';

const CURRENCY_SYMBOLS: Readonly<Record<TopUpOrder['pay_currency'], string>> = {
  USD: '$',
  CNY: '¥',
  USDT: '',
};

/** An amount in the currency the provider charges ("$207.30", "¥1490.25", "202.60 USDT"). */
export const formatPayAmount = (order: Pick<TopUpOrder, 'pay_currency' | 'pay_amount'>): string => {
  const amount = formatAmount(order.pay_amount);
  return order.pay_currency === 'USDT'
    ? `${amount} USDT`
    : `${CURRENCY_SYMBOLS[order.pay_currency]}${amount}`;
};

/**
 * The figures of a top-up order (SPEC §3 WeChat top-up order): PTC amount, order price, order
 * number, fee and total paid. Hooks: `<prefix>-order-no`, `-order-amount`, `-order-total`.
 */
export const OrderDetails = ({ order, testIdPrefix }: { order: TopUpOrder; testIdPrefix: string }) => {
  const { t } = useTranslation();
  const hasBonus = (parseWireAmount(order.bonus) ?? 0n) > 0n;
  return (
    <Descriptions
      column={1}
      size="small"
      bordered
      styles={{ label: { width: 160 } }}
      items={[
        {
          key: 'amount',
          label: t('wechatPay.amount'),
          children: (
            <span>
              <span data-testid={`${testIdPrefix}-order-amount`}>{formatAmount(order.amount)}</span> PTC
              {hasBonus ? (
                <Tag color="volcano" style={{ marginInlineStart: 8 }}>
                  {t('charge.package.bonus', { bonus: formatAmount(order.bonus) })}
                </Tag>
              ) : null}
            </span>
          ),
        },
        { key: 'price', label: t('wechatPay.price'), children: `$${formatAmount(order.amount)}` },
        {
          key: 'orderNo',
          label: t('wechatPay.orderNo'),
          children: (
            <Typography.Text copyable data-testid={`${testIdPrefix}-order-no`}>
              {order.order_no}
            </Typography.Text>
          ),
        },
        { key: 'fee', label: t('wechatPay.fee'), children: `$${formatAmount(order.fee)}` },
        {
          key: 'total',
          label: t('wechatPay.totalPaid'),
          children: (
            <span>
              $<span data-testid={`${testIdPrefix}-order-total`}>{formatAmount(order.total)}</span>
              {order.pay_currency === 'USD' ? null : (
                <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
                  ({t('charge.order.payAmount')}: {formatPayAmount(order)})
                </Typography.Text>
              )}
            </span>
          ),
        },
      ]}
    />
  );
};

/** PTC the order credits: amount + bonus, with two decimals. */
export const formatCredited = (order: Pick<TopUpOrder, 'amount' | 'bonus'>): string => {
  const amount = parseWireAmount(order.amount);
  if (amount === null) return order.amount;
  return formatMicro(amount + (parseWireAmount(order.bonus) ?? 0n));
};
