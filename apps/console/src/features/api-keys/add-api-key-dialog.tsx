import {
  API_KEY_ALLOW_LIST_MAX,
  API_KEY_NAME_MAX,
  API_KEY_SCOPES,
  type ApiKeyScope,
  type CreatedApiKey,
} from '@ptc/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form, Input, Modal, Radio, Typography } from 'antd';
import { useTranslation } from '../../shared/i18n/use-translation';
import { parseAllowList } from './api-keys';
import { API_KEY_QUERY_KEYS, createApiKey } from './api-keys.api';

/** The add form as typed. */
interface NewKeyValues {
  name: string;
  scope: ApiKeyScope;
  allowList?: string;
}

/**
 * Adds a V2 key: a name (required), its access (full or read-only) and an optional allow-list of
 * client addresses, one per line. `onCreated` gets the answer with the secret, shown once. A
 * refusal (601 at the limit, …) is the API client's toast; the dialog stays open with what was typed.
 */
export const AddApiKeyDialog = ({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (created: CreatedApiKey) => void;
}) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<NewKeyValues>();
  const add = useMutation({
    mutationFn: (values: NewKeyValues) => {
      const allowList = parseAllowList(values.allowList);
      return createApiKey({
        name: values.name.trim(),
        scope: values.scope,
        allow_list: allowList.ok ? allowList.list : [],
      });
    },
    onSuccess: (created) => onCreated(created),
    onSettled: () => queryClient.invalidateQueries({ queryKey: API_KEY_QUERY_KEYS.v2 }),
  });

  return (
    <Modal
      open
      title={t('apiKeys.add.title')}
      okText={t('apiKeys.add.submit')}
      okButtonProps={{ loading: add.isPending, 'data-testid': 'api-key-add-submit' }}
      cancelText={t('apiKeys.cancel')}
      onOk={() => form.submit()}
      onCancel={() => {
        if (!add.isPending) onClose();
      }}
      destroyOnHidden
      data-testid="api-key-add-dialog"
    >
      <Form<NewKeyValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ scope: 'full' }}
        onFinish={(values) => {
          // Enter in the name submits again while the first answer is still out.
          if (!add.isPending) add.mutate(values);
        }}
      >
        <Form.Item
          name="name"
          label={t('apiKeys.add.name')}
          rules={[
            { required: true, whitespace: true, message: t('apiKeys.add.nameRequired') },
            { max: API_KEY_NAME_MAX, message: t('apiKeys.add.nameTooLong', { max: API_KEY_NAME_MAX }) },
          ]}
        >
          <Input
            autoComplete="off"
            maxLength={API_KEY_NAME_MAX}
            placeholder={t('apiKeys.add.namePlaceholder')}
            data-testid="api-key-add-name"
          />
        </Form.Item>
        <Form.Item name="scope" label={t('apiKeys.add.scope')}>
          <Radio.Group data-testid="api-key-add-scope">
            {API_KEY_SCOPES.map((scope) => (
              <Radio key={scope} value={scope} style={{ display: 'flex', marginBottom: 8 }}>
                <Typography.Text>{t(`apiKeys.scope.${scope}`)}</Typography.Text>
                <br />
                <Typography.Text type="secondary">{t(`apiKeys.add.scope.${scope}Hint`)}</Typography.Text>
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item
          name="allowList"
          label={t('apiKeys.add.allowList')}
          extra={t('apiKeys.add.allowListHint')}
          rules={[
            {
              validator: async (_rule, value: string | undefined) => {
                const parsed = parseAllowList(value);
                if (parsed.ok) return;
                throw new Error(
                  parsed.reason === 'invalid'
                    ? t('apiKeys.add.allowListInvalid', { lines: parsed.lines.join(', ') })
                    : t('apiKeys.add.allowListTooMany', { max: API_KEY_ALLOW_LIST_MAX }),
                );
              },
            },
          ]}
        >
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: 8 }}
            spellCheck={false}
            data-testid="api-key-add-allow-list"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
};
