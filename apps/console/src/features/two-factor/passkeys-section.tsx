import type { TwoFactorStatus } from '@ptc/contracts';
import { startRegistration } from '@simplewebauthn/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Input, List, Modal, Typography } from 'antd';
import { useState } from 'react';
import { getLocale } from '../../shared/i18n/i18n';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useFeedback } from '../../shared/ui/feedback';
import {
  deletePasskey,
  passkeyRegistrationOptions,
  registerPasskey,
  TWO_FACTOR_QUERY_KEY,
} from './two-factor.api';
import { passkeyErrorText } from './two-factor-errors';

const when = (iso: string) =>
  new Date(iso).toLocaleString(getLocale(), { dateStyle: 'medium', timeStyle: 'short' });

/** Registers a passkey: a name, then the browser's own dialog (`navigator.credentials.create`). */
const AddPasskeyDialog = ({ onClose }: { onClose: () => void }) => {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ name: string }>();
  const add = useMutation({
    mutationFn: async (name: string) => {
      const { options } = await passkeyRegistrationOptions();
      const response = await startRegistration({ optionsJSON: options as never });
      return registerPasskey({ name, response: response as never });
    },
    onSuccess: async () => {
      void message.success(t('twoFactor.passkeys.added'));
      await queryClient.invalidateQueries({ queryKey: TWO_FACTOR_QUERY_KEY });
      onClose();
    },
  });
  return (
    <Modal open title={t('twoFactor.passkeys.add')} onCancel={onClose} footer={null} destroyOnHidden>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={({ name }) => add.mutate(name.trim())}
      >
        <Form.Item
          name="name"
          label={t('twoFactor.passkeys.name')}
          rules={[
            { required: true, whitespace: true, max: 64, message: t('twoFactor.passkeys.name.required') },
          ]}
        >
          <Input
            maxLength={64}
            placeholder={t('twoFactor.passkeys.name.placeholder')}
            data-testid="passkey-name"
          />
        </Form.Item>
        {add.isError ? (
          <Alert
            type="error"
            showIcon
            title={passkeyErrorText(add.error, t)}
            style={{ marginBottom: 16 }}
            data-testid="passkey-add-error"
          />
        ) : null}
        <Button
          type="primary"
          htmlType="submit"
          block
          loading={add.isPending}
          data-testid="passkey-add-submit"
        >
          {t('twoFactor.passkeys.create')}
        </Button>
      </Form>
    </Modal>
  );
};

/** The user center's passkeys: list, add, delete. */
export const PasskeysSection = ({ passkeys }: { passkeys: TwoFactorStatus['passkeys'] }) => {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const [isAdding, setIsAdding] = useState(false);
  const remove = useMutation({
    mutationFn: deletePasskey,
    onSuccess: async () => {
      void message.success(t('twoFactor.passkeys.deleted'));
      await queryClient.invalidateQueries({ queryKey: TWO_FACTOR_QUERY_KEY });
    },
  });
  return (
    <Flex vertical gap={4}>
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Text strong>{t('twoFactor.passkeys.title')}</Typography.Text>
        <Button onClick={() => setIsAdding(true)} data-testid="passkey-add">
          {t('twoFactor.passkeys.add')}
        </Button>
      </Flex>
      <Typography.Text type="secondary">{t('twoFactor.passkeys.intro')}</Typography.Text>
      <List
        size="small"
        dataSource={passkeys}
        locale={{ emptyText: t('twoFactor.passkeys.empty') }}
        renderItem={(passkey) => (
          <List.Item
            data-testid="passkey-item"
            actions={[
              <Button
                key="delete"
                size="small"
                danger
                loading={remove.isPending && remove.variables === passkey.id}
                onClick={() => remove.mutate(passkey.id)}
                data-testid="passkey-delete"
              >
                {t('twoFactor.passkeys.delete')}
              </Button>,
            ]}
          >
            <Flex vertical style={{ minWidth: 0 }}>
              <span style={{ overflowWrap: 'anywhere' }}>{passkey.name}</span>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('twoFactor.passkeys.lastUsed', {
                  date: when(passkey.created_at),
                  used: passkey.last_used_at ? when(passkey.last_used_at) : t('twoFactor.passkeys.never'),
                })}
              </Typography.Text>
            </Flex>
          </List.Item>
        )}
      />
      {isAdding ? <AddPasskeyDialog onClose={() => setIsAdding(false)} /> : null}
    </Flex>
  );
};
