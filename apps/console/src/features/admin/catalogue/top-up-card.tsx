import { type AdminTopUpTerms, CATALOGUE_LIMITS, TOP_UP } from '@ptc/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Flex, Form, Input, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useFeedback } from '../../../shared/ui/feedback';
import { operatorErrorText } from '../operator-errors';
import { CATALOGUE_QUERY_KEYS, getTopUpTerms, setTopUpTerms } from './catalogue.api';
import {
  basisPointsOfPercent,
  CENTS_PATTERN,
  isAmountWithin,
  isPackageList,
  PERCENT_PATTERN,
  percentOfBasisPoints,
  plainAmount,
  splitAmounts,
} from './catalogue-display';

interface TopUpValues {
  /** Amounts separated by commas. */
  packages: string;
  threshold: string;
  /** Percent, at most two decimals. */
  bonusPercent: string;
}

const valuesOf = (terms: AdminTopUpTerms): TopUpValues => ({
  packages: terms.packages.map((item) => plainAmount(item.amount)).join(', '),
  threshold: plainAmount(terms.bonus.threshold),
  bonusPercent: percentOfBasisPoints(terms.bonus.basis_points),
});

/**
 * The top-up packages customers pick from and the bonus rule (owner and finance change them). A
 * change applies to orders made from then on; an order keeps the bonus it was made with.
 */
export const TopUpCard = ({ canEdit }: { canEdit: boolean }) => {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<TopUpValues>();
  const terms = useQuery({
    queryKey: CATALOGUE_QUERY_KEYS.topUp,
    queryFn: ({ signal }) => getTopUpTerms(signal),
  });
  // The form follows the terms when they load or change (after a save, or another operator's).
  useEffect(() => {
    if (terms.data && canEdit) form.setFieldsValue(valuesOf(terms.data));
  }, [form, terms.data, canEdit]);
  const save = useMutation({
    mutationFn: (values: TopUpValues) =>
      setTopUpTerms({
        packages: splitAmounts(values.packages),
        bonus: {
          threshold: values.threshold.trim(),
          basis_points: basisPointsOfPercent(values.bonusPercent) ?? 0,
        },
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData(CATALOGUE_QUERY_KEYS.topUp, answer);
      void message.success(t('admin.catalogue.saved'));
    },
  });

  if (terms.isError) return <Alert type="error" showIcon title={t('admin.catalogue.loadFailed')} />;
  const data = terms.data;

  return (
    <Card title={t('admin.catalogue.topUp.title')} loading={terms.isPending} style={{ height: '100%' }}>
      <Typography.Paragraph type="secondary">{t('admin.catalogue.topUp.hint')}</Typography.Paragraph>
      {data ? (
        <Descriptions
          size="small"
          column={1}
          style={{ marginBottom: 16 }}
          items={[
            {
              key: 'packages',
              label: t('admin.catalogue.topUp.current'),
              children: (
                <Flex wrap gap={4} data-testid="admin-top-up-packages">
                  {data.packages.map((item) => (
                    <Tag key={item.amount}>
                      {t('admin.catalogue.topUp.packageBonus', {
                        amount: plainAmount(item.amount),
                        bonus: plainAmount(item.bonus),
                      })}
                    </Tag>
                  ))}
                  {data.is_default.packages ? (
                    <Tag color="default">{t('admin.catalogue.default')}</Tag>
                  ) : null}
                </Flex>
              ),
            },
            {
              key: 'bonus',
              label: t('admin.catalogue.topUp.bonusRule'),
              children: (
                <span data-testid="admin-top-up-bonus">
                  {t('admin.catalogue.topUp.bonusRuleText', {
                    percent: percentOfBasisPoints(data.bonus.basis_points),
                    threshold: plainAmount(data.bonus.threshold),
                  })}
                  {data.is_default.bonus ? (
                    <Tag style={{ marginLeft: 8 }}>{t('admin.catalogue.default')}</Tag>
                  ) : null}
                </span>
              ),
            },
          ]}
        />
      ) : null}
      {canEdit ? (
        <Form<TopUpValues>
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={(values) => save.mutate(values)}
        >
          <Form.Item
            name="packages"
            label={t('admin.catalogue.topUp.packages')}
            rules={[
              {
                validator: async (_rule, value: string | undefined) => {
                  if (!isPackageList(value ?? '', CATALOGUE_LIMITS.PACKAGES_MAX)) {
                    throw new Error(t('admin.catalogue.topUp.packagesInvalid'));
                  }
                },
              },
            ]}
          >
            <Input data-testid="admin-top-up-packages-input" />
          </Form.Item>
          <Flex gap={16} wrap>
            <Form.Item
              name="threshold"
              label={t('admin.catalogue.topUp.threshold')}
              rules={[
                {
                  validator: async (_rule, value: string | undefined) => {
                    if (!isAmountWithin(value ?? '', CENTS_PATTERN, TOP_UP.MIN_AMOUNT, TOP_UP.MAX_AMOUNT)) {
                      throw new Error(t('admin.catalogue.topUp.thresholdInvalid'));
                    }
                  },
                },
              ]}
            >
              <Input
                inputMode="decimal"
                suffix="PTC"
                style={{ width: 180 }}
                data-testid="admin-top-up-threshold"
              />
            </Form.Item>
            <Form.Item
              name="bonusPercent"
              label={t('admin.catalogue.topUp.bonusPercent')}
              rules={[
                {
                  validator: async (_rule, value: string | undefined) => {
                    const text = value?.trim() ?? '';
                    const basisPoints = PERCENT_PATTERN.test(text) ? basisPointsOfPercent(text) : null;
                    if (basisPoints === null || basisPoints > CATALOGUE_LIMITS.BONUS_MAX_BASIS_POINTS) {
                      throw new Error(t('admin.catalogue.topUp.bonusInvalid'));
                    }
                  },
                },
              ]}
            >
              <Input
                inputMode="decimal"
                suffix="%"
                style={{ width: 140 }}
                data-testid="admin-top-up-percent"
              />
            </Form.Item>
          </Flex>
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="admin-top-up-save">
            {t('admin.catalogue.topUp.save')}
          </Button>
          {save.isError ? (
            <Alert
              style={{ marginTop: 16 }}
              type="error"
              showIcon
              data-testid="admin-top-up-error"
              title={t('admin.catalogue.failed')}
              description={operatorErrorText(save.error, t)}
            />
          ) : null}
        </Form>
      ) : null}
    </Card>
  );
};
