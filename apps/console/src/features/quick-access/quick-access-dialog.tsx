import {
  isFullHttpUrl,
  QUICK_ACCESS_REMARK_MAX,
  QUICK_ACCESS_URL_MAX,
  type QuickAccessEntry,
  type QuickAccessRequest,
} from '@ptc/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { locationOf } from '../proxy-list/proxy-display';
import {
  createQuickAccess,
  listProxyChoices,
  type ProxyChoice,
  QUICK_ACCESS_QUERY_KEYS,
  updateQuickAccess,
} from './quick-access.api';

/** The family names the menu uses, to tell proxies of different families apart. */
const FAMILY_TITLE_KEYS = {
  'dynamic-traffic': 'menu.proxy.dynamicTraffic',
  'dynamic-ip': 'menu.proxy.dynamicIp',
  'static-traffic': 'menu.proxy.staticTraffic',
  'static-ip': 'menu.proxy.staticIp',
} as const;

interface FormValues {
  url: string;
  proxy_id: string;
  remark?: string;
}

/** Waits until typing has stopped for `delayMs` before the search changes. */
const useSettled = (value: string, delayMs: number): string => {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
};

/**
 * Adds a quick-access entry, or edits one (`entry`): a full URL with its scheme and a proxy are
 * required, the remark is optional (SPEC §5). The proxy is one of the customer's own, searched by
 * user name across the four families.
 */
export const QuickAccessDialog = ({
  entry,
  onClose,
  onSaved,
}: {
  /** The entry to edit; null adds one. */
  entry: QuickAccessEntry | null;
  onClose: () => void;
  onSaved: (saved: QuickAccessEntry) => void;
}) => {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const [search, setSearch] = useState('');
  const settledSearch = useSettled(search, 300);
  const choices = useQuery({
    queryKey: QUICK_ACCESS_QUERY_KEYS.proxies(settledSearch),
    queryFn: ({ signal }) => listProxyChoices(settledSearch, signal),
    placeholderData: (previous) => previous,
  });
  const save = useMutation({
    mutationFn: (request: QuickAccessRequest) =>
      entry ? updateQuickAccess(entry.id, request) : createQuickAccess(request),
    onSuccess: onSaved,
  });

  const labelOf = ({ row, family }: ProxyChoice) =>
    [row.username, locationOf(row.area, i18n.language), t(FAMILY_TITLE_KEYS[family])]
      .filter(Boolean)
      .join(' · ');
  const options = (choices.data ?? []).map((choice) => ({ value: choice.row.id, label: labelOf(choice) }));
  // The entry's own proxy stays choosable (and named) even when the search or its state hides it.
  if (entry && !options.some((option) => option.value === entry.proxy_id)) {
    const name = entry.proxy ? `${entry.proxy.username} · ${entry.proxy.location}` : entry.proxy_id;
    options.unshift({ value: entry.proxy_id, label: name });
  }

  const submit = (values: FormValues) => {
    const remark = values.remark?.trim() ?? '';
    save.mutate({ url: values.url.trim(), proxy_id: values.proxy_id, remark });
  };

  return (
    <Modal
      open
      title={entry ? t('quickAccess.edit.title') : t('quickAccess.add.title')}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('quickAccess.cancel')}
        </Button>,
        <Button
          key="save"
          type="primary"
          loading={save.isPending}
          onClick={() => form.submit()}
          data-testid="quick-access-save"
        >
          {t('quickAccess.form.save')}
        </Button>,
      ]}
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={entry ? { url: entry.url, proxy_id: entry.proxy_id, remark: entry.remark ?? '' } : {}}
        data-testid="quick-access-form"
      >
        <Form.Item
          name="url"
          label={t('quickAccess.form.url')}
          extra={t('quickAccess.form.urlHint')}
          rules={[
            { required: true, whitespace: true, message: t('quickAccess.form.urlRequired') },
            {
              max: QUICK_ACCESS_URL_MAX,
              message: t('quickAccess.form.tooLong', { max: QUICK_ACCESS_URL_MAX }),
            },
            {
              validator: async (_rule, value: string | undefined) => {
                const text = value?.trim() ?? '';
                if (text === '' || isFullHttpUrl(text)) return;
                throw new Error(t('quickAccess.form.urlInvalid'));
              },
            },
          ]}
        >
          <Input
            placeholder="https://example.com/"
            inputMode="url"
            autoComplete="url"
            data-testid="quick-access-url"
          />
        </Form.Item>
        <Form.Item
          name="proxy_id"
          label={t('quickAccess.form.proxy')}
          rules={[{ required: true, message: t('quickAccess.form.proxyRequired') }]}
        >
          <Select
            showSearch={{ filterOption: false, onSearch: setSearch }}
            placeholder={t('quickAccess.form.proxyPlaceholder')}
            options={options}
            loading={choices.isFetching}
            notFoundContent={
              choices.isFetching ? null : (
                <Typography.Text type="secondary">
                  {search ? t('quickAccess.form.noMatch') : t('quickAccess.form.noProxies')}
                </Typography.Text>
              )
            }
            data-testid="quick-access-proxy"
          />
        </Form.Item>
        <Form.Item
          name="remark"
          label={t('quickAccess.form.remark')}
          rules={[
            {
              max: QUICK_ACCESS_REMARK_MAX,
              message: t('quickAccess.form.tooLong', { max: QUICK_ACCESS_REMARK_MAX }),
            },
          ]}
        >
          <Input
            placeholder={t('quickAccess.form.remarkHint')}
            maxLength={QUICK_ACCESS_REMARK_MAX}
            data-testid="quick-access-remark"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
};
