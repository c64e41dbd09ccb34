import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from '../../shared/i18n/use-translation';
import type { ChargePackages } from './charge.api';
import { ChoiceCard, ChoiceGrid } from './choice-card';
import { FormSection } from './form-section';
import { type AmountReading, formatAmount, formatCompact, parseWireAmount } from './wallet-money';

/** One predefined top-up amount. */
export type TopUpPackage = ChargePackages['packages'][number];

/** The amount of a package, read like a typed amount. */
export const readPackage = (item: TopUpPackage): AmountReading => {
  const amount = parseWireAmount(item.amount);
  return amount === null ? { ok: false, error: 'format' } : { ok: true, amount };
};

/** Props of {@link PackagePicker}. */
export interface PackagePickerProps {
  packages: ChargePackages;
  selectedId: string | null;
  onSelect: (id: string) => void;
}

/** The predefined amounts with their bonus (hooks `charge-package-<amount>`). */
export const PackagePicker = ({ packages, selectedId, onSelect }: PackagePickerProps) => {
  const { t } = useTranslation();
  return (
    <FormSection
      title={t('charge.packages')}
      extra={
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('charge.bonusHint', {
            threshold: formatCompact(packages.bonus_threshold),
            percent: packages.bonus_percent,
          })}
        </Typography.Text>
      }
    >
      <ChoiceGrid label={t('charge.packages')} minWidth={130}>
        {packages.packages.map((item) => {
          const hasBonus = (parseWireAmount(item.bonus) ?? 0n) > 0n;
          return (
            <ChoiceCard
              key={item.id}
              testId={`charge-package-${formatCompact(item.amount)}`}
              isSelected={item.id === selectedId}
              onSelect={() => onSelect(item.id)}
              style={{ minHeight: 84 }}
            >
              <Flex vertical gap={2}>
                <Typography.Text strong style={{ fontSize: 20 }}>
                  {formatCompact(item.amount)} PTC
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  ${formatAmount(item.amount)}
                </Typography.Text>
                {hasBonus ? (
                  <Tag color="volcano" style={{ alignSelf: 'flex-start', marginInlineEnd: 0 }}>
                    {t('charge.package.bonus', { bonus: formatCompact(item.bonus) })}
                  </Tag>
                ) : null}
              </Flex>
            </ChoiceCard>
          );
        })}
      </ChoiceGrid>
    </FormSection>
  );
};
