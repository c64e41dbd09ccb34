import { PLANS, type Plan } from '@ptc/contracts';
import { Alert, Flex, Radio, Typography } from 'antd';
import { useTranslation } from '../../shared/i18n/use-translation';
import { FormSection } from './form-section';

/** Who to write to about enterprise offers (an address, or a link). */
const SALES_CONTACT = import.meta.env.VITE_SALES_CONTACT || 'sales@example.com';

/**
 * The plan tabs of the top-up form (hooks `charge-plan-*`); on the enterprise tab, what the plan
 * offers and whom to contact for it (`charge-enterprise-*`).
 */
export const PlanPicker = ({ plan, onChange }: { plan: Plan; onChange: (plan: Plan) => void }) => {
  const { t } = useTranslation();
  return (
    <FormSection title={t('charge.plan')}>
      <Radio.Group
        optionType="button"
        buttonStyle="solid"
        value={plan}
        onChange={(event) => onChange(event.target.value as Plan)}
        options={PLANS.map((value) => ({
          value,
          label: (
            <span data-testid={`charge-plan-${value}`} data-selected={value === plan ? 'true' : 'false'}>
              {t(`charge.plan.${value}`)}
            </span>
          ),
        }))}
      />
      {plan === 'enterprise' ? (
        <Alert
          type="info"
          showIcon
          data-testid="charge-enterprise-notice"
          title={t('charge.plan.enterprise.title')}
          description={
            <Flex vertical gap={4}>
              <span>{t('charge.plan.enterprise.description')}</span>
              <span>
                {t('charge.plan.enterprise.contact')}{' '}
                <Typography.Link
                  href={SALES_CONTACT.includes('@') ? `mailto:${SALES_CONTACT}` : SALES_CONTACT}
                  data-testid="charge-enterprise-contact"
                >
                  {SALES_CONTACT}
                </Typography.Link>
              </span>
            </Flex>
          }
        />
      ) : null}
    </FormSection>
  );
};
