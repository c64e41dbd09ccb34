import { Col, Form, Radio, Row, Switch } from 'antd';
import { useTranslation } from '../../shared/i18n/use-translation';
import { LabelledTabs } from '../../shared/ui/labelled-tabs';
import { AreaFields } from './area-fields';
import { CountAndProtocolFields } from './form-fields';
import { GeneratorCard } from './generator-card';
import { GeneratorForm } from './generator-form';
import {
  buildDynamicCommonForm,
  buildDynamicTrafficForm,
  buildPriceQuery,
  COUNTRY_ONLY_LINE,
  checkLineArea,
  checkUniversalArea,
  type DynamicCommonValues,
  type DynamicTrafficValues,
  isCountryOnlyLine,
  isRotationCountry,
  nodeFor,
  PRECISIONS,
  ROUTE_LINES,
  ROUTE_TYPES,
} from './generator-rules';
import { type GeneratorProps, useGeneration } from './use-generation';

const TEST_ID = 'gen-dynamic-traffic';

type Generate = ReturnType<typeof useGeneration>['generate'];

const UNIVERSAL_DEFAULTS: DynamicCommonValues = { precision: 'country', count: 1, protocol: 'http' };
const REGIONAL_DEFAULTS: DynamicTrafficValues = {
  route: 'premier',
  line: 1,
  rotation: false,
  count: 1,
  protocol: 'http',
};

/**
 * The universal generator: proxies of any country or one country (country level), or of a
 * state or city (state/city level), whose exits rotate every 3–5 minutes.
 */
const UniversalForm = ({ generate, isGenerating }: { generate: Generate; isGenerating: boolean }) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<DynamicCommonValues>();
  const precision = Form.useWatch('precision', form) ?? UNIVERSAL_DEFAULTS.precision ?? 'country';
  const count = Form.useWatch('count', form);
  const prefix = `${TEST_ID}-universal`;
  return (
    <GeneratorForm<DynamicCommonValues>
      form={form}
      initialValues={UNIVERSAL_DEFAULTS}
      family="dynamic-traffic"
      priceQuery={buildPriceQuery('dynamic-traffic', { count })}
      count={count}
      isGenerating={isGenerating}
      onSubmit={(values) => void generate('dynamicCommon', buildDynamicCommonForm(values))}
      onValuesChange={(changed) => {
        if (changed.precision === 'country') form.setFieldsValue({ state: undefined, city: undefined });
        // What was refused at the other precision no longer applies.
        if (changed.precision) {
          form.setFields([
            { name: 'country', errors: [] },
            { name: 'state', errors: [] },
          ]);
        }
      }}
      testIdPrefix={prefix}
    >
      <Form.Item name="precision" label={t('generators.precision')}>
        <Radio.Group
          optionType="button"
          options={PRECISIONS.map((value) => ({
            value,
            label: (
              <span data-testid={`${prefix}-precision-${value}`}>{t(`generators.precision.${value}`)}</span>
            ),
          }))}
        />
      </Form.Item>
      <AreaFields
        form={form}
        useIn="dynamic_traffic"
        isCountryRequired={precision === 'city'}
        hasPlaces={precision === 'city'}
        // The rules read the precision from the form, so a change of it counts at once.
        countryRules={[
          ({ getFieldValue }) => ({
            validator: async () => {
              if (
                checkUniversalArea(getFieldValue('precision'), { country: getFieldValue('country') }) ===
                'country'
              ) {
                throw new Error(t('generators.area.countryRequired'));
              }
            },
          }),
        ]}
        stateRules={[
          ({ getFieldValue }) => ({
            validator: async () => {
              const error = checkUniversalArea(getFieldValue('precision'), {
                country: getFieldValue('country'),
                state: getFieldValue('state'),
                city: getFieldValue('city'),
              });
              if (error === 'place') throw new Error(t('generators.precision.placeRequired'));
            },
          }),
        ]}
        testIdPrefix={prefix}
      />
      <CountAndProtocolFields testIdPrefix={prefix} />
    </GeneratorForm>
  );
};

/**
 * The regional generator: country (required), state and city, route type premier or budget and
 * its node (lines 1–2 or 3–4; line 3 whole countries only), automatic rotation (United States
 * and Taiwan), count and protocol.
 */
const RegionalForm = ({ generate, isGenerating }: { generate: Generate; isGenerating: boolean }) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<DynamicTrafficValues>();
  const line = Form.useWatch('line', form) ?? REGIONAL_DEFAULTS.line;
  const route = Form.useWatch('route', form) ?? REGIONAL_DEFAULTS.route ?? 'premier';
  const country = Form.useWatch('country', form);
  const count = Form.useWatch('count', form);
  const canRotate = isRotationCountry(country);
  const prefix = `${TEST_ID}-regional`;
  return (
    <GeneratorForm<DynamicTrafficValues>
      form={form}
      initialValues={REGIONAL_DEFAULTS}
      family="dynamic-traffic"
      priceQuery={buildPriceQuery('dynamic-traffic', { line, count })}
      count={count}
      isGenerating={isGenerating}
      onSubmit={(values) => void generate('dynamicTraffic', buildDynamicTrafficForm(values))}
      onValuesChange={(changed, all) => {
        // A new route type keeps the node when it belongs to it, else takes its first one serving the area.
        if (changed.route !== undefined) {
          form.setFieldsValue({ line: nodeFor(changed.route, all.line, Boolean(all.state || all.city)) });
        }
        if (changed.line !== undefined && isCountryOnlyLine(changed.line)) {
          form.setFieldsValue({ state: undefined, city: undefined });
        }
        if (changed.country !== undefined && !isRotationCountry(all.country)) {
          form.setFieldsValue({ rotation: false });
        }
      }}
      testIdPrefix={prefix}
    >
      <AreaFields
        form={form}
        useIn="dynamic_traffic"
        isCountryRequired
        arePlacesDisabled={isCountryOnlyLine(line)}
        stateRules={[
          ({ getFieldValue }) => ({
            validator: async () => {
              const error = checkLineArea(getFieldValue('line'), {
                state: getFieldValue('state'),
                city: getFieldValue('city'),
              });
              if (error) throw new Error(t('generators.line.countryOnly', { line: COUNTRY_ONLY_LINE }));
            },
          }),
        ]}
        testIdPrefix={prefix}
      />
      <Row gutter={[16, 0]}>
        <Col xs={24} md={8}>
          <Form.Item name="route" label={t('generators.route')} extra={t(`generators.route.hint.${route}`)}>
            <Radio.Group
              optionType="button"
              options={ROUTE_TYPES.map((value) => ({
                value,
                label: <span data-testid={`${prefix}-route-${value}`}>{t(`generators.route.${value}`)}</span>,
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="line"
            label={t('generators.node')}
            extra={
              isCountryOnlyLine(line)
                ? t('generators.line.countryOnly', { line: COUNTRY_ONLY_LINE })
                : undefined
            }
          >
            <Radio.Group
              optionType="button"
              options={ROUTE_LINES[route].map((value) => ({
                value,
                label: (
                  <span data-testid={`${prefix}-line-${value}`}>
                    {t('generators.line.option', { line: value })}
                  </span>
                ),
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="rotation"
            label={t('generators.rotation')}
            valuePropName="checked"
            extra={t('generators.rotation.hint')}
          >
            <Switch disabled={!canRotate} data-testid={`${prefix}-rotation`} />
          </Form.Item>
        </Col>
      </Row>
      <CountAndProtocolFields testIdPrefix={prefix} />
    </GeneratorForm>
  );
};

/**
 * Rotating proxies paid by traffic (SPEC §2 "Dynamic proxy generation"): the universal and the
 * regional generator. E2E hooks start with `gen-dynamic-traffic-universal-` and `-regional-`.
 */
export const DynamicTrafficGenerator = ({ onGenerated }: GeneratorProps) => {
  const { t } = useTranslation();
  const generation = useGeneration(onGenerated);
  return (
    <GeneratorCard title={t('generators.dynamicTraffic.title')} generation={generation} testId={TEST_ID}>
      <LabelledTabs
        items={[
          {
            key: 'universal',
            label: <span data-testid={`${TEST_ID}-tab-universal`}>{t('generators.tab.universal')}</span>,
            children: <UniversalForm generate={generation.generate} isGenerating={generation.isGenerating} />,
          },
          {
            key: 'regional',
            label: <span data-testid={`${TEST_ID}-tab-regional`}>{t('generators.tab.regional')}</span>,
            children: <RegionalForm generate={generation.generate} isGenerating={generation.isGenerating} />,
          },
        ]}
      />
    </GeneratorCard>
  );
};
