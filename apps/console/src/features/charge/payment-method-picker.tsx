import { DEFAULT_LOCALE, type PaymentMethod } from '@ptc/contracts';
import { Alert, Flex, Radio, Tag, Typography } from 'antd';
import { isLocale } from '../../shared/i18n/detect-locale';
import { useTranslation } from '../../shared/i18n/use-translation';
import { ChoiceCard, ChoiceGrid } from './choice-card';
import { FormSection } from './form-section';
import {
  EPAY_CHANNELS,
  type EpayChannel,
  getFeeParts,
  getPaywayName,
  type PaywayItem,
} from './payment-methods';
import { formatAmount } from './wallet-money';

/** One payment method: localized name, fee and a Sandbox tag when no real money moves. */
const MethodCard = ({
  item,
  isSelected,
  onSelect,
}: {
  item: PaywayItem;
  isSelected: boolean;
  onSelect: () => void;
}) => {
  const { t, i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
  const fee = getFeeParts(item);
  const feeText = [fee.percent ? `${fee.percent}%` : null, fee.fixed ? `$${formatAmount(fee.fixed)}` : null]
    .filter(Boolean)
    .join(' + ');
  return (
    <ChoiceCard isSelected={isSelected} onSelect={onSelect} testId={`charge-method-${item.id}`}>
      <Flex justify="space-between" align="center" gap={8}>
        <Typography.Text strong>{getPaywayName(item, locale)}</Typography.Text>
        {item.sandbox ? (
          <Tag color="orange" style={{ marginInlineEnd: 0 }} title={t('charge.method.sandboxHint')}>
            {t('charge.method.sandbox')}
          </Tag>
        ) : null}
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {feeText ? t('charge.method.fee', { fee: feeText }) : t('charge.method.noFee')}
      </Typography.Text>
    </ChoiceCard>
  );
};

/** Props of {@link PaymentMethodPicker}. */
export interface PaymentMethodPickerProps {
  methods: readonly PaywayItem[];
  method: PaymentMethod | null;
  onSelect: (method: PaymentMethod) => void;
  epayChannel: EpayChannel;
  onEpayChannel: (channel: EpayChannel) => void;
}

/** The payment methods of the plan (hooks `charge-method-*`), and the aggregator's channel (`charge-epay-channel-*`). */
export const PaymentMethodPicker = ({
  methods,
  method,
  onSelect,
  epayChannel,
  onEpayChannel,
}: PaymentMethodPickerProps) => {
  const { t } = useTranslation();
  return (
    <FormSection title={t('charge.methods')}>
      {methods.length === 0 ? (
        <Alert type="warning" showIcon title={t('charge.methods.empty')} />
      ) : (
        <ChoiceGrid label={t('charge.methods')} minWidth={190}>
          {methods.map((item) => (
            <MethodCard
              key={item.id}
              item={item}
              isSelected={item.id === method}
              onSelect={() => onSelect(item.id)}
            />
          ))}
        </ChoiceGrid>
      )}
      {method === 'epay' ? (
        <Flex align="center" gap={12} wrap>
          <Typography.Text type="secondary">{t('charge.epay.channel')}</Typography.Text>
          <Radio.Group
            value={epayChannel}
            onChange={(event) => onEpayChannel(event.target.value as EpayChannel)}
            options={EPAY_CHANNELS.map((value) => ({
              value,
              label: <span data-testid={`charge-epay-channel-${value}`}>{t(`charge.epay.${value}`)}</span>,
            }))}
          />
        </Flex>
      ) : null}
    </FormSection>
  );
};
