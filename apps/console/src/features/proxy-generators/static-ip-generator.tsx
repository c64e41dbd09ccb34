import { SearchOutlined } from '@ant-design/icons';
import { type AppError, isAppError } from '@ptc/contracts';
import {
  Button,
  Col,
  Flex,
  Form,
  type FormInstance,
  Input,
  Radio,
  Row,
  Switch,
  Table,
  Typography,
} from 'antd';
import { useState } from 'react';
import { usePlaceNames } from '../../shared/i18n/place-names';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useGuidePrefill } from '../new-user-guide/guide-prefill';
import { AreaFields } from './area-fields';
import { CountAndProtocolFields } from './form-fields';
import { GenerationFailure } from './generated-proxies';
import { GeneratorCard } from './generator-card';
import { GeneratorForm } from './generator-form';
import {
  buildPriceQuery,
  buildStaticIpForm,
  RENTAL_DAYS,
  STATIC_TYPES,
  type StaticIpValues,
} from './generator-rules';
import { type StaticStoreItem, searchStaticStore } from './generators.api';
import { type GeneratorProps, useGeneration } from './use-generation';

const TEST_ID = 'gen-static-ip';

/** Addresses one store search shows. */
const STORE_PAGE_SIZE = 100;

interface StaticIpFormValues extends StaticIpValues {
  /** Pick addresses from the store instead of any free one of the area. */
  isPicking?: boolean;
}

const DEFAULTS: StaticIpFormValues = {
  type: 'residential',
  days: 30,
  autoRenew: false,
  count: 1,
  protocol: 'http',
  isPicking: false,
  exitIds: [],
};

/**
 * Addresses on sale (`GET /proxy/store/static`), searched by the chosen area or by IP on
 * request only (each search counts against the daily limit, 4010), picked with checkboxes.
 */
const StorePicker = ({
  form,
  value = [],
  onChange,
  onFailure,
}: {
  form: FormInstance<StaticIpFormValues>;
  /** The picked addresses' ids (a form control: `exitIds`). */
  value?: readonly string[];
  onChange?: (ids: string[]) => void;
  onFailure: (error: AppError | null) => void;
}) => {
  const { t } = useTranslation();
  const placeNames = usePlaceNames();
  const [items, setItems] = useState<StaticStoreItem[] | null>(null);
  const [ipText, setIpText] = useState('');
  const [isSearching, setIsSearching] = useState(false);
  const picked = value;
  const onPick = (ids: string[]) => onChange?.(ids);

  const search = async () => {
    const values = form.getFieldsValue(true) as StaticIpFormValues;
    const ip = ipText.trim();
    onFailure(null);
    setIsSearching(true);
    try {
      const answer = await searchStaticStore({
        type: values.type ?? 'residential',
        ...(values.country ? { country: values.country } : {}),
        ...(values.country && values.state ? { state: values.state } : {}),
        ...(values.country && values.city ? { city: values.city } : {}),
        ...(ip ? { ip } : {}),
        page_size: STORE_PAGE_SIZE,
      });
      setItems(answer.records);
      onPick(picked.filter((id) => answer.records.some((item) => item.id === id)));
    } catch (error) {
      if (isAppError(error)) onFailure(error);
    } finally {
      setIsSearching(false);
    }
  };

  return (
    <Flex vertical gap={8} data-testid={`${TEST_ID}-store`}>
      <Flex gap={8} wrap align="start">
        <Input
          style={{ flex: '1 1 200px', width: 'auto' }}
          value={ipText}
          onChange={(event) => setIpText(event.target.value)}
          placeholder={t('generators.store.ipPlaceholder')}
          aria-label={t('generators.store.ipPlaceholder')}
          autoComplete="off"
          spellCheck={false}
          onPressEnter={(event) => {
            event.preventDefault();
            void search();
          }}
          data-testid={`${TEST_ID}-store-ip`}
        />
        <Button
          icon={<SearchOutlined />}
          loading={isSearching}
          onClick={() => void search()}
          data-testid={`${TEST_ID}-store-search`}
        >
          {t('generators.store.search')}
        </Button>
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('generators.store.hint')}
      </Typography.Text>
      {items ? (
        <Table<StaticStoreItem>
          size="small"
          rowKey="id"
          dataSource={items}
          scroll={{ x: 'max-content', y: 240 }}
          pagination={false}
          rowSelection={{
            selectedRowKeys: [...picked],
            onChange: (keys) => onPick(keys.map(String)),
          }}
          locale={{ emptyText: t('generators.store.empty') }}
          columns={[
            { key: 'ip', title: t('generators.store.ip'), render: (_value, item) => item.ip ?? '—' },
            {
              key: 'place',
              title: t('generators.result.place'),
              render: (_value, item) => placeNames.place(item),
            },
          ]}
        />
      ) : null}
    </Flex>
  );
};

/**
 * Static proxies paid by IP (SPEC §2 "Static generation"): residential or data center,
 * location (or addresses picked from the store), protocol, count, 1 or 30 days, auto renew,
 * and the price before purchase. E2E hooks start with `gen-static-ip-`.
 */
export const StaticIpGenerator = ({ onGenerated }: GeneratorProps) => {
  const { t } = useTranslation();
  const generation = useGeneration(onGenerated);
  // The page's address may pre-fill the type (and days): the new-user guide's recommendation.
  const prefill = useGuidePrefill();
  const [form] = Form.useForm<StaticIpFormValues>();
  const [storeFailure, setStoreFailure] = useState<AppError | null>(null);
  const type = Form.useWatch('type', form) ?? prefill.type ?? DEFAULTS.type ?? 'residential';
  const days = Form.useWatch('days', form) ?? prefill.days ?? DEFAULTS.days;
  const isPicking = Form.useWatch('isPicking', form) ?? false;
  const picked = Form.useWatch('exitIds', form) ?? [];
  const typedCount = Form.useWatch('count', form);
  const count = isPicking ? picked.length : typedCount;

  return (
    <GeneratorCard title={t('generators.staticIp.title')} generation={generation} testId={TEST_ID}>
      <GeneratorForm<StaticIpFormValues>
        form={form}
        initialValues={{ ...DEFAULTS, ...prefill }}
        family="static-ip"
        priceQuery={buildPriceQuery('static-ip', { type, days, count })}
        count={count}
        isGenerating={generation.isGenerating}
        onSubmit={(values) =>
          void generation.generate(
            'staticIp',
            buildStaticIpForm({ ...values, exitIds: values.isPicking ? values.exitIds : [] }),
          )
        }
        onValuesChange={(changed) => {
          // Each type has its own supply, and picked addresses belong to the last search.
          if (changed.type) form.setFieldsValue({ country: undefined, state: undefined, city: undefined });
          if (changed.type || 'country' in changed || changed.isPicking !== undefined) {
            form.setFieldsValue({ exitIds: [] });
          }
        }}
        testIdPrefix={TEST_ID}
      >
        <Row gutter={[16, 0]}>
          <Col xs={24} md={12}>
            <Form.Item name="type" label={t('generators.staticType')}>
              <Radio.Group
                optionType="button"
                buttonStyle="solid"
                options={STATIC_TYPES.map((value) => ({
                  value,
                  label: (
                    <span data-testid={`${TEST_ID}-type-${value}`}>
                      {t(`generators.staticType.${value}`)}
                    </span>
                  ),
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="days"
              label={t('generators.days')}
              rules={[{ required: true, message: t('generators.days.required') }]}
            >
              <Radio.Group
                optionType="button"
                options={RENTAL_DAYS.map((value) => ({
                  value,
                  label: (
                    <span data-testid={`${TEST_ID}-days-${value}`}>{t(`generators.days.${value}`)}</span>
                  ),
                }))}
              />
            </Form.Item>
          </Col>
        </Row>
        <AreaFields
          form={form}
          useIn={`static_${type}_ip`}
          isCountryRequired={!isPicking}
          // Read from the form, so switching to picked addresses counts at once.
          countryRules={[
            ({ getFieldValue }) => ({
              validator: async (_rule, value: unknown) => {
                if (!getFieldValue('isPicking') && !value)
                  throw new Error(t('generators.area.countryRequired'));
              },
            }),
          ]}
          testIdPrefix={TEST_ID}
        />
        <Row gutter={[16, 0]}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="autoRenew"
              label={t('generators.autoRenew')}
              valuePropName="checked"
              extra={t('generators.autoRenew.hint')}
            >
              <Switch data-testid={`${TEST_ID}-auto-renew`} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="isPicking"
              label={t('generators.store.pick')}
              valuePropName="checked"
              extra={t('generators.store.pickHint')}
            >
              <Switch data-testid={`${TEST_ID}-pick`} />
            </Form.Item>
          </Col>
        </Row>
        {isPicking ? (
          <Form.Item
            name="exitIds"
            rules={[
              {
                validator: async (_rule, value: unknown) => {
                  if (!Array.isArray(value) || value.length === 0) {
                    throw new Error(t('generators.store.pickRequired'));
                  }
                },
              },
            ]}
          >
            <StorePicker form={form} onFailure={setStoreFailure} />
          </Form.Item>
        ) : null}
        <GenerationFailure
          failure={storeFailure}
          onClose={() => setStoreFailure(null)}
          testIdPrefix={`${TEST_ID}-store`}
        />
        <CountAndProtocolFields
          testIdPrefix={TEST_ID}
          isCountDisabled={isPicking}
          countExtra={isPicking ? t('generators.store.countFollows', { n: picked.length }) : undefined}
        />
      </GeneratorForm>
    </GeneratorCard>
  );
};
