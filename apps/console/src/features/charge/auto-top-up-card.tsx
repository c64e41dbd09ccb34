import { CreditCardOutlined } from '@ant-design/icons';
import { AUTO_TOP_UP_LIMITS, isAppError } from '@ptc/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Input, Switch, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { queryClient } from '../../shared/api/query-client';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useFeedback } from '../../shared/ui/feedback';
import { createAmountMessage } from './amount-messages';
import {
  type AutoTopUp,
  fetchAutoTopUp,
  saveAutoTopUp,
  startCardBinding,
  unbindCard,
  WALLET_QUERY_KEYS,
} from './charge.api';
import { WalletCard } from './wallet-card';
import { formatCompact, readAmount, toAmountField } from './wallet-money';
import { checkAutoAmount, checkAutoThreshold, recommendThreshold } from './wallet-settings.rules';

interface AutoTopUpValues {
  enabled: boolean;
  amount: string;
  threshold: string;
}

/** Suggested amount before the user chose one. */
const DEFAULT_AMOUNT = '100';

/** An amount field as the server takes it ("30.50" → "30.5"). */
const normalizeAmount = (text: string): string => {
  const reading = readAmount(text);
  return reading.ok ? toAmountField(reading.amount) : text.trim();
};

const refetchAutoTopUp = () => queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEYS.autoTopUp });

/** The saved card, with "Save a card" (Stripe's page, back to `/stripe?card=saved`) or "Remove card". */
const SavedCard = ({ card }: { card: AutoTopUp['card'] }) => {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const [isBinding, setIsBinding] = useState(false);

  const bind = async () => {
    setIsBinding(true);
    try {
      const { url } = await startCardBinding();
      window.location.assign(url);
    } catch {
      // Shown by the API client.
      setIsBinding(false);
    }
  };

  const confirmUnbind = () => {
    void modal.confirm({
      title: t('autoTopUp.card.unbind'),
      content: t('autoTopUp.card.unbindConfirm'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await unbindCard();
          void message.success(t('autoTopUp.card.unbound'));
          await refetchAutoTopUp();
        } catch (error) {
          const reason = isAppError(error) ? error.message : '';
          void message.error([t('autoTopUp.card.unbindFailed'), reason].filter(Boolean).join(' '));
        }
      },
    });
  };

  return (
    <Flex justify="space-between" align="center" gap={8} wrap>
      <Flex align="center" gap={8}>
        <CreditCardOutlined />
        {card ? (
          <span data-testid="auto-topup-card">
            {t('autoTopUp.card.details', { brand: card.brand, last4: card.last4, exp: card.exp })}
          </span>
        ) : (
          <Typography.Text type="secondary" data-testid="auto-topup-card">
            {t('autoTopUp.card.none')}
          </Typography.Text>
        )}
      </Flex>
      {card ? (
        <Button danger onClick={confirmUnbind} data-testid="auto-topup-unbind-card">
          {t('autoTopUp.card.unbind')}
        </Button>
      ) : (
        <Button loading={isBinding} onClick={() => void bind()} data-testid="auto-topup-bind-card">
          {t('autoTopUp.card.bind')}
        </Button>
      )}
    </Flex>
  );
};

/** The auto top-up settings: on/off (a saved card is required), amount and threshold (30% recommended). */
const AutoTopUpForm = ({ info }: { info: AutoTopUp }) => {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const amountMessage = useMemo(() => createAmountMessage(t), [t]);
  const [form] = Form.useForm<AutoTopUpValues>();
  const [isSaving, setIsSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const hasCard = info.card !== null;
  const initialAmount = info.amount ? formatCompact(info.amount) : DEFAULT_AMOUNT;
  const initialValues: AutoTopUpValues = {
    enabled: info.enabled,
    amount: initialAmount,
    threshold: info.threshold ? formatCompact(info.threshold) : (recommendThreshold(initialAmount) ?? ''),
  };
  const amountText = Form.useWatch('amount', form) ?? initialValues.amount;
  const recommended = recommendThreshold(amountText);

  const onFinish = async (values: AutoTopUpValues) => {
    setSaveError(null);
    setIsSaving(true);
    try {
      await saveAutoTopUp({
        enabled: values.enabled,
        amount: normalizeAmount(values.amount),
        threshold: normalizeAmount(values.threshold),
      });
      void message.success(t('autoTopUp.saved'));
      await refetchAutoTopUp();
    } catch (error) {
      setSaveError(isAppError(error) ? error.message : '');
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <Form<AutoTopUpValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={initialValues}
      onFinish={onFinish}
      onValuesChange={() => setSaveError(null)}
    >
      <Form.Item
        name="enabled"
        label={t('autoTopUp.enabled')}
        valuePropName="checked"
        rules={[
          {
            validator: async (_rule, value: unknown) => {
              if (value === true && !hasCard) throw new Error(t('autoTopUp.cardRequired'));
            },
          },
        ]}
      >
        <Switch data-testid="auto-topup-enabled" />
      </Form.Item>
      <Flex gap={16} wrap>
        <Form.Item
          name="amount"
          label={t('autoTopUp.amount')}
          style={{ flex: '1 1 160px' }}
          rules={[
            {
              validator: async (_rule, value: unknown) => {
                const error = checkAutoAmount(typeof value === 'string' ? value : '');
                if (error) {
                  throw new Error(
                    amountMessage(error, {
                      min: AUTO_TOP_UP_LIMITS.MIN_AMOUNT,
                      max: AUTO_TOP_UP_LIMITS.MAX_AMOUNT,
                    }),
                  );
                }
              },
            },
          ]}
        >
          <Input
            prefix="$"
            suffix="PTC"
            inputMode="decimal"
            autoComplete="off"
            data-testid="auto-topup-amount"
          />
        </Form.Item>
        <Form.Item
          name="threshold"
          label={t('autoTopUp.threshold')}
          style={{ flex: '1 1 160px' }}
          dependencies={['amount']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_rule, value: unknown) => {
                const amount = getFieldValue('amount') as unknown;
                const error = checkAutoThreshold(
                  typeof value === 'string' ? value : '',
                  typeof amount === 'string' ? amount : '',
                );
                if (error) {
                  throw new Error(
                    amountMessage(error, {
                      min: AUTO_TOP_UP_LIMITS.MIN_THRESHOLD,
                      max: AUTO_TOP_UP_LIMITS.MAX_THRESHOLD,
                    }),
                  );
                }
              },
            }),
          ]}
        >
          <Input suffix="PTC" inputMode="decimal" autoComplete="off" data-testid="auto-topup-threshold" />
        </Form.Item>
      </Flex>
      {recommended ? (
        <Flex align="center" gap={8} wrap style={{ marginTop: -8, marginBottom: 16 }}>
          <Typography.Text type="secondary" data-testid="auto-topup-recommendation">
            {t('autoTopUp.recommended', {
              percent: info.recommended_threshold_percent,
              threshold: recommended,
            })}
          </Typography.Text>
          <Button
            size="small"
            onClick={() => form.setFieldValue('threshold', recommended)}
            data-testid="auto-topup-recommended"
          >
            {t('autoTopUp.useRecommended')}
          </Button>
        </Flex>
      ) : null}
      {saveError !== null ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('autoTopUp.saveFailed')}
          description={saveError || undefined}
          data-testid="auto-topup-error"
        />
      ) : null}
      <Button type="primary" htmlType="submit" loading={isSaving} data-testid="auto-topup-save">
        {t('wallet.save')}
      </Button>
    </Form>
  );
};

/**
 * Auto top-up (SPEC §2, §5): the saved card and the settings. The threshold must stay below the
 * amount; 30% of it is recommended. Hooks: `auto-topup-*`.
 */
export const AutoTopUpCard = () => {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: WALLET_QUERY_KEYS.autoTopUp,
    queryFn: ({ signal }) => fetchAutoTopUp(signal),
  });
  return (
    <WalletCard title={t('autoTopUp.title')} testId="auto-topup" query={query}>
      {(info) => (
        <Flex vertical gap={16}>
          <Typography.Text type="secondary">{t('autoTopUp.description')}</Typography.Text>
          {info.last_error ? (
            <Alert
              type="warning"
              showIcon
              title={t(`autoTopUp.lastError.${info.last_error}`)}
              data-testid="auto-topup-last-error"
            />
          ) : null}
          <SavedCard card={info.card} />
          <AutoTopUpForm key={query.dataUpdatedAt} info={info} />
        </Flex>
      )}
    </WalletCard>
  );
};
