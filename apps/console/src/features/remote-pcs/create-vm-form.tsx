import { ERRORS, isAppError, type VmConf, type VmCreateRequest, type VmPayway } from '@ptc/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Form, Radio, Select, Skeleton, Switch, Typography, theme } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { usePlaceNames } from '../../shared/i18n/place-names';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useFeedback } from '../../shared/ui/feedback';
import { LoadFailed } from '../../shared/ui/load-failed';
import { loadUserInfo } from '../auth/auth.api';
import { fetchAreas, GENERATOR_QUERY_KEYS } from '../proxy-generators/generators.api';
import { BalanceShortAlert } from '../proxy-list/balance-short-alert';
import { locationOf } from '../proxy-list/proxy-display';
import { listProxyChoices, type ProxyChoice } from '../quick-access/quick-access.api';
import { createVm, fetchVmPayway, REMOTE_PC_QUERY_KEYS } from './remote-pcs.api';
import { useConfSpec, useDaysText } from './vm-display';
import { confName, priceOf } from './vm-rules';

/** The family names the menu uses, to tell proxies of different families apart. */
const FAMILY_TITLE_KEYS = {
  'dynamic-traffic': 'menu.proxy.dynamicTraffic',
  'dynamic-ip': 'menu.proxy.dynamicIp',
  'static-traffic': 'menu.proxy.staticTraffic',
  'static-ip': 'menu.proxy.staticIp',
} as const;

/** The form's fields. */
interface FormValues {
  area?: string;
  vm_conf?: number;
  days?: number;
  proxy_id?: string;
  auto_renew: boolean;
}

/** `value`, once it has stopped changing for `delayMs`. */
const useSettled = <T,>(value: T, delayMs: number): T => {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
};

/** `GET /proxy/payway/vm`, shared by the form and the renew dialog. */
export const useVmPayway = () =>
  useQuery({
    queryKey: REMOTE_PC_QUERY_KEYS.payway,
    queryFn: ({ signal }) => fetchVmPayway(signal),
    staleTime: 30_000,
  });

/** The countries remote PCs are offered in (`use_in=vm`), named in the interface language. */
const useVmCountries = () => {
  const placeNames = usePlaceNames();
  const countries = useQuery({
    queryKey: GENERATOR_QUERY_KEYS.areas('countries', { use_in: 'vm' }),
    queryFn: ({ signal }) => fetchAreas('countries', { use_in: 'vm' }, signal),
    staleTime: 60_000,
  });
  const options = useMemo(
    () =>
      (countries.data?.records ?? []).map((record) => {
        const local = placeNames.country(record.code);
        return { value: record.code, label: local === record.code.toUpperCase() ? record.name : local };
      }),
    [countries.data, placeNames],
  );
  return { options, isLoading: countries.isFetching };
};

/** The customer's proxies, searched by user name across the four families (as quick access does). */
const useProxyOptions = (search: string) => {
  const { t, i18n } = useTranslation();
  const settled = useSettled(search, 300);
  const choices = useQuery({
    queryKey: REMOTE_PC_QUERY_KEYS.proxies(settled),
    queryFn: ({ signal }) => listProxyChoices(settled, signal),
    placeholderData: (previous) => previous,
  });
  const labelOf = ({ row, family }: ProxyChoice) =>
    [row.username, locationOf(row.area, i18n.language), t(FAMILY_TITLE_KEYS[family])]
      .filter(Boolean)
      .join(' · ');
  const options = (choices.data ?? []).map((choice) => ({ value: choice.row.id, label: labelOf(choice) }));
  return { options, isLoading: choices.isFetching };
};

/** The price line under the form: `pay_value[conf][days]`, or what to choose to see it. */
const PriceLine = ({ payway, values }: { payway: VmPayway; values: Partial<FormValues> }) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const price = priceOf(payway, values.vm_conf, values.days);
  return (
    <Flex align="baseline" gap={8} wrap data-testid="vm-create-price-line">
      <Typography.Text type="secondary">{t('remotePc.create.price')}:</Typography.Text>
      {price ? (
        <Typography.Text
          strong
          style={{ fontSize: 20, color: token.colorPrimary }}
          data-testid="vm-create-price"
        >
          {t('remotePc.ptc', { amount: price })}
        </Typography.Text>
      ) : (
        <Typography.Text type="secondary" data-testid="vm-create-price-pending">
          {t('remotePc.create.pricePending')}
        </Typography.Text>
      )}
    </Flex>
  );
};

/**
 * The create form of `/remote-service` (SPEC §2, §5): area (`use_in=vm`), configuration, days, the
 * proxy its Chromium browses through, auto renew, and the price before paying; location,
 * configuration and days (and the proxy) are required. When creation is unavailable the payway's
 * message is shown and the form is disabled. Creating asks for a confirmation with the price.
 */
export const CreateVmForm = ({ isMobile }: { isMobile: boolean }) => {
  const { t, i18n } = useTranslation();
  const { message, modal } = useFeedback();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const values = Form.useWatch([], form) as Partial<FormValues> | undefined;
  const payway = useVmPayway();
  const countries = useVmCountries();
  const [proxySearch, setProxySearch] = useState('');
  const proxies = useProxyOptions(proxySearch);
  const daysText = useDaysText();
  const confSpec = useConfSpec();
  const [isShort, setIsShort] = useState(false);

  const create = useMutation({
    mutationFn: (request: VmCreateRequest) => createVm(request),
    onSuccess: () => {
      void message.success(t('remotePc.create.done'));
      form.resetFields();
      setProxySearch('');
      void loadUserInfo().catch(() => undefined);
    },
    onError: (error) => setIsShort(isAppError(error) && error.code === ERRORS.ERR_BALANCE_NOT_ENOUGH.code),
    onSettled: () => queryClient.invalidateQueries({ queryKey: REMOTE_PC_QUERY_KEYS.all }),
  });

  const confOptions = (payway.data?.vm_conf ?? []).map((conf: VmConf) => ({
    value: conf.id,
    label: `${confName(conf, i18n.language)} · ${confSpec(conf)} · ${t('remotePc.perDay', { amount: conf.price_per_day })}`,
  }));

  const submit = (chosen: FormValues) => {
    const price = priceOf(payway.data, chosen.vm_conf, chosen.days);
    if (!price || chosen.area === undefined || chosen.vm_conf === undefined || chosen.days === undefined)
      return;
    if (chosen.proxy_id === undefined) return;
    const request: VmCreateRequest = {
      area: chosen.area,
      vm_conf: chosen.vm_conf,
      days: chosen.days,
      auto_renew: chosen.auto_renew === true,
      proxy_id: chosen.proxy_id,
    };
    setIsShort(false);
    modal.confirm({
      title: t('remotePc.create.confirmTitle'),
      content: t('remotePc.create.confirmText', { amount: price }),
      okText: t('remotePc.create.confirmOk', { amount: price }),
      cancelText: t('remotePc.cancel'),
      okButtonProps: { 'data-testid': 'vm-create-confirm' } as Record<string, string>,
      onOk: () => create.mutateAsync(request).catch(() => undefined),
    });
  };

  const body = () => {
    if (payway.isError) {
      return (
        <LoadFailed
          title={t('remotePc.create.unavailable')}
          error={payway.error}
          onRetry={() => void payway.refetch()}
        />
      );
    }
    if (!payway.data) return <Skeleton active />;
    const isUnavailable = !payway.data.available;
    return (
      <Flex vertical gap={12}>
        {isUnavailable ? (
          <Alert
            type="warning"
            showIcon
            title={t('remotePc.create.unavailable')}
            {...(payway.data.message ? { description: payway.data.message } : {})}
            data-testid="vm-create-unavailable"
          />
        ) : null}
        <Form<FormValues>
          form={form}
          layout="vertical"
          disabled={isUnavailable || create.isPending}
          initialValues={{ auto_renew: false }}
          onFinish={submit}
          requiredMark
          style={{ maxWidth: 640 }}
          data-testid="vm-create-form"
        >
          <Form.Item
            name="area"
            label={t('remotePc.create.area')}
            rules={[{ required: true, message: t('remotePc.create.areaRequired') }]}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('remotePc.create.areaPlaceholder')}
              options={countries.options}
              loading={countries.isLoading}
              notFoundContent={countries.isLoading ? null : t('remotePc.create.noAreas')}
              data-testid="vm-create-area"
            />
          </Form.Item>
          <Form.Item
            name="vm_conf"
            label={t('remotePc.create.conf')}
            rules={[{ required: true, message: t('remotePc.create.confRequired') }]}
          >
            <Select
              placeholder={t('remotePc.create.confPlaceholder')}
              options={confOptions}
              optionRender={(option) => <span style={{ whiteSpace: 'normal' }}>{option.label}</span>}
              data-testid="vm-create-conf"
            />
          </Form.Item>
          <Form.Item
            name="days"
            label={t('remotePc.create.days')}
            rules={[{ required: true, message: t('remotePc.create.daysRequired') }]}
          >
            <Radio.Group
              optionType="button"
              buttonStyle="solid"
              options={payway.data.days.map((days) => ({
                value: days,
                label: <span data-testid={`vm-create-days-${days}`}>{daysText(days)}</span>,
              }))}
              data-testid="vm-create-days"
            />
          </Form.Item>
          <Form.Item
            name="proxy_id"
            label={t('remotePc.create.proxy')}
            extra={t('remotePc.create.proxyHint')}
            rules={[{ required: true, message: t('remotePc.create.proxyRequired') }]}
          >
            <Select
              showSearch={{ filterOption: false, onSearch: setProxySearch }}
              placeholder={t('remotePc.create.proxyPlaceholder')}
              options={proxies.options}
              loading={proxies.isLoading}
              notFoundContent={
                proxies.isLoading ? null : (
                  <Typography.Text type="secondary">
                    {proxySearch ? t('remotePc.create.noMatch') : t('remotePc.create.noProxies')}
                  </Typography.Text>
                )
              }
              data-testid="vm-create-proxy"
            />
          </Form.Item>
          <Form.Item
            name="auto_renew"
            label={t('remotePc.create.autoRenew')}
            extra={t('remotePc.create.autoRenewHint')}
            valuePropName="checked"
          >
            <Switch aria-label={t('remotePc.create.autoRenew')} data-testid="vm-create-auto-renew" />
          </Form.Item>
          <Flex vertical gap={12}>
            <PriceLine payway={payway.data} values={values ?? {}} />
            {isShort ? (
              <BalanceShortAlert topUpLabel={t('remotePc.topUp')} data-testid="vm-create-short" />
            ) : null}
            <div>
              <Button
                type="primary"
                htmlType="submit"
                loading={create.isPending}
                block={isMobile}
                data-testid="vm-create-submit"
              >
                {t('remotePc.create.submit')}
              </Button>
            </div>
          </Flex>
        </Form>
      </Flex>
    );
  };

  return (
    <Card title={t('remotePc.create.title')} {...(isMobile ? { size: 'small' as const } : {})}>
      {body()}
    </Card>
  );
};
