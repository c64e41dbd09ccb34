import { IP_ALLOWLIST_DEFAULTS, type IpAllowList, isAppError } from '@ptc/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useFeedback } from '../../shared/ui/feedback';
import { addAllowListEntry, IP_ALLOWLIST_QUERY_KEYS } from './ip-allowlist.api';

interface RangeValues {
  network: string;
  proxy?: string;
  note?: string;
}

/**
 * Adds a range to the allow-list: the address or CIDR range (the caller's IP when opened from "Add
 * this IP"), the proxy its clients use, and a note. A refusal (overlap with another account 4021,
 * not listable 4024, listed already 4025, the maximum 4022 …) is said in the dialog, which keeps
 * what was typed.
 */
export const AddRangeDialog = ({
  allowList,
  initialNetwork,
  onClose,
}: {
  allowList: IpAllowList;
  initialNetwork: string;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<RangeValues>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (values: RangeValues) =>
      addAllowListEntry({
        network: values.network.trim(),
        token_id: values.proxy ?? '',
        ...(values.note?.trim() ? { note: values.note.trim() } : {}),
      }),
    onMutate: () => setRefusal(null),
    onSuccess: (entry) => {
      void message.success(t('ipAllowList.dialog.saved', { network: entry.network }));
      onClose();
    },
    onError: (error) =>
      setRefusal(
        isAppError(error) && error.key
          ? t(`errors.${error.key}`, { defaultValue: error.message })
          : String(error),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: IP_ALLOWLIST_QUERY_KEYS.list }),
  });
  const choices = allowList.choices.map((proxy) => ({
    value: proxy.id,
    label: [
      proxy.username,
      proxy.protocol.toUpperCase(),
      t(`ipAllowList.family.${proxy.family}`),
      proxy.remark,
    ]
      .filter(Boolean)
      .join(' · '),
  }));

  return (
    <Modal
      open
      title={t('ipAllowList.dialog.title')}
      okText={t('ipAllowList.dialog.save')}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'ip-allowlist-save' } as { loading: boolean }}
      cancelText={t('ipAllowList.cancel')}
      onOk={() => form.submit()}
      onCancel={() => {
        if (!save.isPending) onClose();
      }}
      destroyOnHidden
      data-testid="ip-allowlist-dialog"
    >
      <Form<RangeValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{
          network: initialNetwork,
          proxy: choices.length === 1 ? choices[0]?.value : undefined,
        }}
        onFinish={(values) => {
          if (!save.isPending) save.mutate(values);
        }}
      >
        <Form.Item
          name="network"
          label={t('ipAllowList.dialog.network')}
          extra={t('ipAllowList.dialog.networkHint')}
          rules={[
            { required: true, whitespace: true, message: t('ipAllowList.dialog.networkRequired') },
            {
              max: IP_ALLOWLIST_DEFAULTS.RANGE_MAX,
              message: t('ipAllowList.dialog.noteTooLong', { max: IP_ALLOWLIST_DEFAULTS.RANGE_MAX }),
            },
          ]}
        >
          <Input autoComplete="off" spellCheck={false} data-testid="ip-allowlist-network" />
        </Form.Item>
        <Form.Item
          name="proxy"
          label={t('ipAllowList.dialog.proxy')}
          rules={[{ required: true, message: t('ipAllowList.dialog.proxyRequired') }]}
          extra={choices.length === 0 ? t('ipAllowList.dialog.noProxies') : undefined}
        >
          <Select
            showSearch
            optionFilterProp="label"
            options={choices}
            popupMatchSelectWidth
            style={{ width: '100%' }}
            data-testid="ip-allowlist-proxy"
          />
        </Form.Item>
        <Form.Item
          name="note"
          label={t('ipAllowList.dialog.note')}
          rules={[
            {
              max: IP_ALLOWLIST_DEFAULTS.NOTE_MAX,
              message: t('ipAllowList.dialog.noteTooLong', { max: IP_ALLOWLIST_DEFAULTS.NOTE_MAX }),
            },
          ]}
        >
          <Input autoComplete="off" data-testid="ip-allowlist-note" />
        </Form.Item>
      </Form>
      {refusal ? <Alert type="error" showIcon message={refusal} data-testid="ip-allowlist-error" /> : null}
    </Modal>
  );
};
