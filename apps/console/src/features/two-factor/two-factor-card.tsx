import type { TwoFactorStatus } from '@ptc/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Flex,
  Form,
  Input,
  List,
  Modal,
  QRCode,
  Segmented,
  Spin,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { getLocale } from '../../shared/i18n/i18n';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useFeedback } from '../../shared/ui/feedback';
import { PasskeysSection } from './passkeys-section';
import {
  disableTwoFactor,
  enableTotp,
  fetchTwoFactor,
  forgetDevice,
  setUpTotp,
  TWO_FACTOR_QUERY_KEY,
} from './two-factor.api';
import { twoFactorErrorText } from './two-factor-errors';
import './two-factor-texts';

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString(getLocale(), { dateStyle: 'medium', timeStyle: 'short' }) : '';

/** Saves the recovery codes as a text file. */
const downloadCodes = (codes: string[]) => {
  const url = URL.createObjectURL(new Blob([`${codes.join('\n')}\n`], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'ptc-recovery-codes.txt';
  link.click();
  URL.revokeObjectURL(url);
};

/**
 * Turning TOTP on: a QR code and the key (typed in when scanning is not possible), the first code
 * confirms it, then the recovery codes are shown this once.
 */
const EnrolDialog = ({ onClose }: { onClose: () => void }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ code: string }>();
  const setup = useQuery({
    queryKey: ['two-factor', 'setup'],
    queryFn: setUpTotp,
    gcTime: 0,
    staleTime: Infinity,
    retry: false,
  });
  const enable = useMutation({
    mutationFn: (code: string) => enableTotp({ code }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TWO_FACTOR_QUERY_KEY }),
    onError: () => form.setFieldValue('code', ''),
  });
  const codes = enable.data?.recovery_codes;

  return (
    <Modal
      open
      title={t(codes ? 'twoFactor.recovery.title' : 'twoFactor.enrol.title')}
      onCancel={onClose}
      footer={null}
      maskClosable={!codes}
      closable={!codes}
      destroyOnHidden
      data-testid="two-factor-enrol-dialog"
    >
      {codes ? (
        <Flex vertical gap={12}>
          <Typography.Paragraph>{t('twoFactor.recovery.intro')}</Typography.Paragraph>
          <Typography.Paragraph copyable={{ text: codes.join('\n') }} style={{ margin: 0 }}>
            <code
              data-testid="two-factor-recovery-codes"
              style={{
                display: 'grid',
                gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))',
                gap: 4,
              }}
            >
              {codes.map((code) => (
                <span key={code}>{code}</span>
              ))}
            </code>
          </Typography.Paragraph>
          <Flex gap={8} wrap justify="flex-end">
            <Button onClick={() => downloadCodes(codes)}>{t('twoFactor.recovery.download')}</Button>
            <Button type="primary" onClick={onClose} data-testid="two-factor-recovery-saved">
              {t('twoFactor.recovery.saved')}
            </Button>
          </Flex>
        </Flex>
      ) : setup.data ? (
        <Form form={form} layout="vertical" requiredMark={false} onFinish={({ code }) => enable.mutate(code)}>
          <Typography.Paragraph>{t('twoFactor.enrol.scan')}</Typography.Paragraph>
          <Flex vertical align="center" gap={8} style={{ marginBottom: 16 }}>
            <div role="img" aria-label={t('twoFactor.enrol.qr')}>
              <QRCode value={setup.data.otpauth_url} type="svg" size={200} data-testid="two-factor-qr" />
            </div>
            <Typography.Text type="secondary">{t('twoFactor.enrol.secret')}</Typography.Text>
            <Typography.Text
              code
              copyable={{ text: setup.data.secret }}
              style={{ overflowWrap: 'anywhere', textAlign: 'center' }}
              data-testid="two-factor-secret"
            >
              {setup.data.secret}
            </Typography.Text>
          </Flex>
          <Form.Item
            name="code"
            label={t('twoFactor.enrol.enterCode')}
            rules={[{ required: true, pattern: /^\d{6}$/, message: t('twoFactor.step.code.invalid') }]}
          >
            <Input
              size="large"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              data-testid="two-factor-enrol-code"
            />
          </Form.Item>
          {enable.isError ? (
            <Alert
              type="error"
              showIcon
              title={twoFactorErrorText(enable.error, t)}
              style={{ marginBottom: 16 }}
              data-testid="two-factor-enrol-error"
            />
          ) : null}
          <Button
            type="primary"
            htmlType="submit"
            block
            size="large"
            loading={enable.isPending}
            data-testid="two-factor-enrol-submit"
          >
            {t('twoFactor.enrol.confirm')}
          </Button>
        </Form>
      ) : setup.isError ? (
        <Alert type="error" showIcon title={t('twoFactor.card.loadFailed')} />
      ) : (
        <Spin style={{ display: 'block', margin: '24px auto' }} />
      )}
    </Modal>
  );
};

type DisableMethod = 'code' | 'recovery_code' | 'password';

/** Turning 2FA off with an app code, a recovery code or the password. */
const DisableDialog = ({ onClose }: { onClose: () => void }) => {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const [method, setMethod] = useState<DisableMethod>('code');
  const [form] = Form.useForm<{ secret: string }>();
  const disable = useMutation({
    mutationFn: (secret: string) => disableTwoFactor({ [method]: secret.trim() }),
    onSuccess: async () => {
      void message.success(t('twoFactor.disable.done'));
      await queryClient.invalidateQueries({ queryKey: TWO_FACTOR_QUERY_KEY });
      onClose();
    },
    onError: () => form.setFieldValue('secret', ''),
  });
  const rule =
    method === 'code'
      ? { pattern: /^\d{6}$/, message: t('twoFactor.step.code.invalid') }
      : method === 'recovery_code'
        ? { pattern: /^[0-9a-fA-F -]{8,64}$/, message: t('twoFactor.step.recovery.invalid') }
        : { max: 128, message: t('twoFactor.disable.password.required') };

  return (
    <Modal open title={t('twoFactor.disable.title')} onCancel={onClose} footer={null} destroyOnHidden>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={({ secret }) => disable.mutate(secret)}
      >
        <Typography.Paragraph>{t('twoFactor.disable.intro')}</Typography.Paragraph>
        <Segmented<DisableMethod>
          block
          value={method}
          onChange={(value) => {
            setMethod(value);
            form.resetFields();
          }}
          options={[
            { value: 'code', label: t('twoFactor.disable.method.code') },
            { value: 'recovery_code', label: t('twoFactor.disable.method.recovery') },
            { value: 'password', label: t('twoFactor.disable.method.password') },
          ]}
          style={{ marginBottom: 16 }}
        />
        <Form.Item name="secret" rules={[{ required: true, message: rule.message }, rule]}>
          {method === 'password' ? (
            <Input.Password
              size="large"
              autoComplete="current-password"
              data-testid="two-factor-disable-input"
            />
          ) : (
            <Input
              size="large"
              autoComplete={method === 'code' ? 'one-time-code' : 'off'}
              inputMode={method === 'code' ? 'numeric' : 'text'}
              data-testid="two-factor-disable-input"
            />
          )}
        </Form.Item>
        {disable.isError ? (
          <Alert
            type="error"
            showIcon
            title={twoFactorErrorText(disable.error, t)}
            style={{ marginBottom: 16 }}
            data-testid="two-factor-disable-error"
          />
        ) : null}
        <Button
          danger
          type="primary"
          htmlType="submit"
          block
          size="large"
          loading={disable.isPending}
          data-testid="two-factor-disable-submit"
        >
          {t('twoFactor.disable.submit')}
        </Button>
      </Form>
    </Modal>
  );
};

/** The remembered devices, each with its Forget button. */
const Devices = ({ devices }: { devices: TwoFactorStatus['devices'] }) => {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const forget = useMutation({
    mutationFn: forgetDevice,
    onSuccess: async () => {
      void message.success(t('twoFactor.devices.forgotten'));
      await queryClient.invalidateQueries({ queryKey: TWO_FACTOR_QUERY_KEY });
    },
  });
  return (
    <Flex vertical gap={4}>
      <Typography.Text strong>{t('twoFactor.devices.title')}</Typography.Text>
      <Typography.Text type="secondary">{t('twoFactor.devices.intro')}</Typography.Text>
      <List
        size="small"
        dataSource={devices}
        locale={{ emptyText: t('twoFactor.devices.empty') }}
        data-testid="two-factor-devices"
        renderItem={(device) => (
          <List.Item
            data-testid="two-factor-device"
            actions={[
              <Button
                key="forget"
                size="small"
                loading={forget.isPending && forget.variables === device.id}
                onClick={() => forget.mutate(device.id)}
                data-testid="two-factor-device-forget"
              >
                {t('twoFactor.devices.forget')}
              </Button>,
            ]}
          >
            <Flex vertical style={{ minWidth: 0 }}>
              <span style={{ overflowWrap: 'anywhere' }}>
                {device.current ? <Tag color="green">{t('twoFactor.devices.current')}</Tag> : null}
                {device.label}
              </span>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('twoFactor.devices.lastUsed', {
                  date: when(device.last_used_at),
                  until: when(device.expires_at),
                })}
              </Typography.Text>
            </Flex>
          </List.Item>
        )}
      />
    </Flex>
  );
};

/** The user center's two-factor card: on or off, turn on (QR enrolment), turn off, remembered devices. */
export const TwoFactorCard = () => {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<'enrol' | 'disable' | null>(null);
  const status = useQuery({
    queryKey: TWO_FACTOR_QUERY_KEY,
    queryFn: ({ signal }) => fetchTwoFactor(signal),
  });
  const close = () => setDialog(null);

  return (
    <Card title={t('twoFactor.card.title')} data-testid="two-factor-card">
      {status.data ? (
        <Flex vertical gap={16}>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {t('twoFactor.card.description')}
          </Typography.Paragraph>
          <Flex justify="space-between" align="center" gap={8} wrap>
            <Flex vertical>
              <span data-testid="two-factor-state">
                {status.data.enabled ? (
                  <Tag color="green">{t('twoFactor.card.on', { date: when(status.data.enabled_at) })}</Tag>
                ) : (
                  <Tag>{t('twoFactor.card.off')}</Tag>
                )}
              </span>
              {status.data.enabled ? (
                <Typography.Text type="secondary" data-testid="two-factor-recovery-left">
                  {t('twoFactor.card.recoveryLeft', { count: status.data.recovery_codes_left })}
                </Typography.Text>
              ) : null}
            </Flex>
            {status.data.enabled ? (
              <Button danger onClick={() => setDialog('disable')} data-testid="two-factor-disable">
                {t('twoFactor.card.disable')}
              </Button>
            ) : (
              <Button type="primary" onClick={() => setDialog('enrol')} data-testid="two-factor-enable">
                {t('twoFactor.card.enable')}
              </Button>
            )}
          </Flex>
          {status.data.enabled ? <PasskeysSection passkeys={status.data.passkeys} /> : null}
          {status.data.enabled || status.data.devices.length > 0 ? (
            <Devices devices={status.data.devices} />
          ) : null}
        </Flex>
      ) : status.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('twoFactor.card.loadFailed')}
          action={<Button onClick={() => void status.refetch()}>{t('twoFactor.card.retry')}</Button>}
        />
      ) : (
        <Spin style={{ display: 'block', margin: '16px auto' }} />
      )}
      {dialog === 'enrol' ? <EnrolDialog onClose={close} /> : null}
      {dialog === 'disable' ? <DisableDialog onClose={close} /> : null}
    </Card>
  );
};

export default TwoFactorCard;
