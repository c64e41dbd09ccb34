import { useQuery } from '@tanstack/react-query';
import { AutoComplete, Checkbox, Form, Input } from 'antd';
import { useMemo } from 'react';
import { usePlaceNames } from '../../shared/i18n/place-names';
import { useTranslation } from '../../shared/i18n/use-translation';
import { LabelledTabs } from '../../shared/ui/labelled-tabs';
import { AreaFields } from './area-fields';
import { CountAndProtocolFields } from './form-fields';
import { GeneratorCard } from './generator-card';
import { GeneratorForm } from './generator-form';
import {
  buildDynamicIpByAreaForm,
  buildDynamicIpByIpForm,
  buildPriceQuery,
  checkIpPattern,
  type DynamicIpByAreaValues,
  type DynamicIpByIpValues,
} from './generator-rules';
import { fetchIpPrefixes, GENERATOR_QUERY_KEYS } from './generators.api';
import { type GeneratorProps, useGeneration } from './use-generation';

const TEST_ID = 'gen-dynamic-ip';

type Generate = ReturnType<typeof useGeneration>['generate'];

const BY_IP_DEFAULTS: DynamicIpByIpValues = { ip: '', autoReturn: false, count: 1, protocol: 'http' };
const BY_AREA_DEFAULTS: DynamicIpByAreaValues = { count: 1, protocol: 'http' };

/**
 * Generate by IP: an address or a pattern with `*` octets (69.32.3.*), with the same-location
 * fallback. The prefixes the supply has (in the area chosen above it, if any) are offered.
 */
const ByIpForm = ({ generate, isGenerating }: { generate: Generate; isGenerating: boolean }) => {
  const { t } = useTranslation();
  const placeNames = usePlaceNames();
  const [form] = Form.useForm<DynamicIpByIpValues & { country?: string; state?: string; city?: string }>();
  const count = Form.useWatch('count', form);
  const country = Form.useWatch<string | undefined>('country', form);
  const state = Form.useWatch<string | undefined>('state', form);
  const city = Form.useWatch<string | undefined>('city', form);
  const area = useMemo(
    () => ({ ...(country ? { country } : {}), ...(state ? { state } : {}), ...(city ? { city } : {}) }),
    [country, state, city],
  );
  const prefixes = useQuery({
    queryKey: GENERATOR_QUERY_KEYS.ipPrefixes(area),
    queryFn: ({ signal }) => fetchIpPrefixes(area, signal),
    staleTime: 60_000,
  });
  const prefixOptions = useMemo(
    () =>
      (prefixes.data?.records ?? []).map((record) => ({
        value: record.prefix,
        label: (
          <span data-testid={`${TEST_ID}-by-ip-prefix`}>
            {record.prefix}
            <span style={{ opacity: 0.6 }}>
              {' '}
              · {placeNames.place(record)} · {record.available}
            </span>
          </span>
        ),
      })),
    [prefixes.data, placeNames],
  );
  const prefix = `${TEST_ID}-by-ip`;
  return (
    <GeneratorForm<DynamicIpByIpValues & { country?: string; state?: string; city?: string }>
      form={form}
      initialValues={BY_IP_DEFAULTS}
      family="dynamic-ip"
      priceQuery={buildPriceQuery('dynamic-ip', { count })}
      count={count}
      isGenerating={isGenerating}
      onSubmit={(values) => void generate('dynamicIpByIp', buildDynamicIpByIpForm(values))}
      testIdPrefix={prefix}
    >
      <AreaFields form={form} useIn="dynamic_ip" isCountryRequired={false} testIdPrefix={prefix} />
      <Form.Item
        name="ip"
        label={t('generators.ip')}
        extra={t('generators.ip.hint')}
        rules={[
          {
            validator: async (_rule, value: unknown) => {
              const error = checkIpPattern(typeof value === 'string' ? value : '');
              if (error === 'required') throw new Error(t('generators.ip.required'));
              if (error === 'format') throw new Error(t('generators.ip.format'));
            },
          },
        ]}
      >
        <AutoComplete options={prefixOptions} popupMatchSelectWidth={false}>
          <Input
            placeholder={prefixOptions[0]?.value ?? '69.32.3.*'}
            autoComplete="off"
            spellCheck={false}
            inputMode="decimal"
            data-testid={`${prefix}-ip`}
          />
        </AutoComplete>
      </Form.Item>
      <Form.Item name="autoReturn" valuePropName="checked">
        <Checkbox data-testid={`${prefix}-auto-return`}>{t('generators.ip.autoReturn')}</Checkbox>
      </Form.Item>
      <CountAndProtocolFields testIdPrefix={prefix} />
    </GeneratorForm>
  );
};

/** Generate by location: country (required), state and city. */
const ByAreaForm = ({ generate, isGenerating }: { generate: Generate; isGenerating: boolean }) => {
  const [form] = Form.useForm<DynamicIpByAreaValues>();
  const count = Form.useWatch('count', form);
  const prefix = `${TEST_ID}-by-area`;
  return (
    <GeneratorForm<DynamicIpByAreaValues>
      form={form}
      initialValues={BY_AREA_DEFAULTS}
      family="dynamic-ip"
      priceQuery={buildPriceQuery('dynamic-ip', { count })}
      count={count}
      isGenerating={isGenerating}
      onSubmit={(values) => void generate('dynamicIpByArea', buildDynamicIpByAreaForm(values))}
      testIdPrefix={prefix}
    >
      <AreaFields form={form} useIn="dynamic_ip" isCountryRequired testIdPrefix={prefix} />
      <CountAndProtocolFields testIdPrefix={prefix} />
    </GeneratorForm>
  );
};

/**
 * Rotating proxies paid by IP (SPEC §2 "Dynamic proxy generation"): by location or by IP,
 * 0.15 PTC each, valid 24 hours. E2E hooks start with `gen-dynamic-ip-by-area-` and `-by-ip-`.
 */
export const DynamicIpGenerator = ({ onGenerated }: GeneratorProps) => {
  const { t } = useTranslation();
  const generation = useGeneration(onGenerated);
  return (
    <GeneratorCard title={t('generators.dynamicIp.title')} generation={generation} testId={TEST_ID}>
      <LabelledTabs
        items={[
          {
            key: 'by-area',
            label: <span data-testid={`${TEST_ID}-tab-by-area`}>{t('generators.tab.byArea')}</span>,
            children: <ByAreaForm generate={generation.generate} isGenerating={generation.isGenerating} />,
          },
          {
            key: 'by-ip',
            label: <span data-testid={`${TEST_ID}-tab-by-ip`}>{t('generators.tab.byIp')}</span>,
            children: <ByIpForm generate={generation.generate} isGenerating={generation.isGenerating} />,
          },
        ]}
      />
    </GeneratorCard>
  );
};
