import { DownOutlined, ReloadOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import type { ProxyFamily } from '@ptc/contracts';
import { Button, Col, DatePicker, Flex, Form, Input, Row, Select } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useAreaOptions } from './area-options';
import { FAMILY_TRAITS } from './proxy-family';
import { EMPTY_FILTERS, isIpFilter, type ProxyFilters } from './proxy-filters';

/** Props of {@link ProxyFiltersForm}. */
export interface ProxyFiltersFormProps {
  family: ProxyFamily;
  value: ProxyFilters;
  /** Applies new filters (the list goes back to its first page). */
  onChange: (filters: ProxyFilters) => void;
  isMobile: boolean;
}

const column = { xs: 24, sm: 12, lg: 8, xl: 6 } as const;

/**
 * The filters of SPEC §2 Proxy list: IP (a prefix or a pattern with `*`), type (static families),
 * username, password, location (country, state, city), remark, status, creation time range and
 * purchased or deleted proxies. Status and purchased/deleted apply at once, the others on Search.
 * Scope, status, IP and username show; the rest (all but the first two on phones) unfold on demand.
 */
export const ProxyFiltersForm = ({ family, value, onChange, isMobile }: ProxyFiltersFormProps) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<ProxyFilters>();
  const [isExpanded, setIsExpanded] = useState(false);
  const country = Form.useWatch('country', form) ?? null;
  const state = Form.useWatch('state', form) ?? null;
  const countries = useAreaOptions(family, 'countries', null, null);
  const states = useAreaOptions(family, 'states', country, null);
  const cities = useAreaOptions(family, 'cities', country, state);
  const traits = FAMILY_TRAITS[family];
  // The less used filters fold away behind "More filters"; on phones all but the first two do.
  const isFolded = !isExpanded;
  const isFoldedOnPhone = isMobile && isFolded;

  const apply = (values: Partial<ProxyFilters>) => onChange({ ...EMPTY_FILTERS, ...value, ...values });
  const applyNow = () => apply(form.getFieldsValue(true));
  const reset = () => {
    form.setFieldsValue(EMPTY_FILTERS);
    onChange(EMPTY_FILTERS);
  };

  const statusOptions = (['all', 'normal', 'unhealthy', 'expired'] as const).map((status) => ({
    value: status,
    label: t(`proxies.filter.status.${status}`),
  }));
  const hidden = (isHidden: boolean) => (isHidden ? { style: { display: 'none' } } : {});

  return (
    <Form<ProxyFilters>
      form={form}
      layout="vertical"
      initialValues={value}
      onFinish={apply}
      requiredMark={false}
      data-testid="proxy-filters"
    >
      <Row gutter={[12, 0]}>
        <Col {...column}>
          <Form.Item name="deleted" label={t('proxies.filter.scope')}>
            <Select
              onChange={applyNow}
              options={[
                { value: false, label: t('proxies.filter.purchased') },
                { value: true, label: t('proxies.filter.deleted') },
              ]}
              data-testid="proxy-filter-scope"
            />
          </Form.Item>
        </Col>
        <Col {...column}>
          <Form.Item name="status" label={t('proxies.filter.status')}>
            <Select onChange={applyNow} options={statusOptions} data-testid="proxy-filter-status" />
          </Form.Item>
        </Col>
        <Col {...column} {...hidden(isFoldedOnPhone)}>
          <Form.Item
            name="ip"
            label={t('proxies.filter.ip')}
            rules={[
              {
                validator: (_rule, text: string | undefined) =>
                  isIpFilter(text ?? '')
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('proxies.filter.ipFormat'))),
              },
            ]}
          >
            <Input allowClear placeholder={t('proxies.filter.ipPlaceholder')} data-testid="proxy-filter-ip" />
          </Form.Item>
        </Col>
        {traits.hasExitType ? (
          <Col {...column} {...hidden(isFolded)}>
            <Form.Item name="type" label={t('proxies.filter.type')}>
              <Select
                allowClear
                placeholder={t('proxies.filter.any')}
                options={[
                  { value: 'residential', label: t('proxies.type.residential') },
                  { value: 'datacenter', label: t('proxies.type.datacenter') },
                ]}
              />
            </Form.Item>
          </Col>
        ) : null}
        <Col {...column} {...hidden(isFoldedOnPhone)}>
          <Form.Item name="username" label={t('proxies.filter.username')}>
            <Input allowClear data-testid="proxy-filter-username" />
          </Form.Item>
        </Col>
        <Col {...column} {...hidden(isFolded)}>
          <Form.Item name="password" label={t('proxies.filter.password')}>
            <Input allowClear />
          </Form.Item>
        </Col>
        <Col {...column} {...hidden(isFolded)}>
          <Form.Item name="country" label={t('proxies.filter.country')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('proxies.filter.any')}
              options={countries.options}
              loading={countries.isLoading}
              onChange={() => form.setFieldsValue({ state: null, city: null })}
              data-testid="proxy-filter-country"
            />
          </Form.Item>
        </Col>
        <Col {...column} {...hidden(isFolded)}>
          <Form.Item name="state" label={t('proxies.filter.state')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              disabled={country === null}
              placeholder={t('proxies.filter.any')}
              options={states.options}
              loading={states.isLoading}
              onChange={() => form.setFieldsValue({ city: null })}
            />
          </Form.Item>
        </Col>
        <Col {...column} {...hidden(isFolded)}>
          <Form.Item name="city" label={t('proxies.filter.city')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              disabled={country === null}
              placeholder={t('proxies.filter.any')}
              options={cities.options}
              loading={cities.isLoading}
            />
          </Form.Item>
        </Col>
        <Col {...column} {...hidden(isFolded)}>
          <Form.Item name="remark" label={t('proxies.filter.remark')}>
            <Input allowClear data-testid="proxy-filter-remark" />
          </Form.Item>
        </Col>
        <Col {...column} {...hidden(isFolded)}>
          <Form.Item name="range" label={t('proxies.filter.created')}>
            <DatePicker.RangePicker
              style={{ width: '100%' }}
              disabledDate={(date) => date.isAfter(dayjs(), 'day')}
            />
          </Form.Item>
        </Col>
      </Row>
      <Flex gap={8} wrap justify="end" style={{ marginBottom: 16 }}>
        <Button
          type="link"
          icon={isExpanded ? <UpOutlined /> : <DownOutlined />}
          onClick={() => setIsExpanded((expanded) => !expanded)}
          data-testid="proxy-filter-more"
        >
          {t(isExpanded ? 'proxies.filter.less' : 'proxies.filter.more')}
        </Button>
        <Button icon={<ReloadOutlined />} onClick={reset} data-testid="proxy-filter-reset">
          {t('proxies.filter.reset')}
        </Button>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="proxy-filter-search">
          {t('proxies.filter.search')}
        </Button>
      </Flex>
    </Form>
  );
};
