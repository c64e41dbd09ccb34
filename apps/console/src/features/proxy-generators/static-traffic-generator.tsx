import { Form, Radio } from 'antd';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useGuidePrefill } from '../new-user-guide/guide-prefill';
import { AreaFields } from './area-fields';
import { CountAndProtocolFields } from './form-fields';
import { GeneratorCard } from './generator-card';
import { GeneratorForm } from './generator-form';
import {
  buildPriceQuery,
  buildStaticTrafficForm,
  STATIC_TYPES,
  type StaticTrafficValues,
} from './generator-rules';
import { type GeneratorProps, useGeneration } from './use-generation';

const TEST_ID = 'gen-static-traffic';

const DEFAULTS: StaticTrafficValues = { type: 'residential', count: 1, protocol: 'http' };

/**
 * Static proxies paid by traffic (SPEC §2 "Static generation"): residential or data center,
 * location, count and protocol; each leases one address and is charged for its traffic.
 * E2E hooks start with `gen-static-traffic-`.
 */
export const StaticTrafficGenerator = ({ onGenerated }: GeneratorProps) => {
  const { t } = useTranslation();
  const generation = useGeneration(onGenerated);
  // The page's address may pre-fill the type: the new-user guide's recommendation.
  const prefill = useGuidePrefill();
  const [form] = Form.useForm<StaticTrafficValues>();
  const type = Form.useWatch('type', form) ?? prefill.type ?? DEFAULTS.type ?? 'residential';
  const count = Form.useWatch('count', form);
  return (
    <GeneratorCard title={t('generators.staticTraffic.title')} generation={generation} testId={TEST_ID}>
      <GeneratorForm<StaticTrafficValues>
        form={form}
        initialValues={{ ...DEFAULTS, ...(prefill.type ? { type: prefill.type } : {}) }}
        family="static-traffic"
        priceQuery={buildPriceQuery('static-traffic', { type, count })}
        count={count}
        isGenerating={generation.isGenerating}
        onSubmit={(values) => void generation.generate('staticTraffic', buildStaticTrafficForm(values))}
        onValuesChange={(changed) => {
          // Each type has its own supply: the place chosen for the other may not exist here.
          if (changed.type) form.setFieldsValue({ country: undefined, state: undefined, city: undefined });
        }}
        testIdPrefix={TEST_ID}
      >
        <Form.Item name="type" label={t('generators.staticType')}>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={STATIC_TYPES.map((value) => ({
              value,
              label: (
                <span data-testid={`${TEST_ID}-type-${value}`}>{t(`generators.staticType.${value}`)}</span>
              ),
            }))}
          />
        </Form.Item>
        <AreaFields form={form} useIn={`static_${type}_traffic`} isCountryRequired testIdPrefix={TEST_ID} />
        <CountAndProtocolFields testIdPrefix={TEST_ID} />
      </GeneratorForm>
    </GeneratorCard>
  );
};
