import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Form, Input, QRCode, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { OPERATOR_BASE_PATH } from '../../routes.paths';
import { useTranslation } from '../../shared/i18n/use-translation';
import { confirmOperatorTotp, signInOperator } from './admin.api';
import type { OperatorSignIn, SecondFactor } from './admin.types';
import { signInErrorText } from './operator-errors';
import { setOperatorToken } from './operator-session';
import './admin-texts';

/** Where the sign-in is: password, then the second factor, then (at enrolment) the recovery codes. */
type Step =
  | { kind: 'password' }
  | { kind: 'second-factor'; pending: OperatorSignIn }
  | { kind: 'recovery-codes'; token: string; codes: string[] };

const TOTP_CODE = /^\d{6}$/;

const ErrorLine = ({ text }: { text: string | null }) =>
  text ? <Alert type="error" showIcon title={text} role="alert" data-testid="admin-login-error" /> : null;

/** Step 1: email and password. */
const PasswordStep = ({ onPassed }: { onPassed: (pending: OperatorSignIn) => void }) => {
  const { t } = useTranslation();
  const signIn = useMutation({ mutationFn: signInOperator, onSuccess: onPassed });
  return (
    <Form
      layout="vertical"
      requiredMark={false}
      onFinish={(values: { email: string; password: string }) => signIn.mutate(values)}
    >
      <Form.Item
        name="email"
        label={t('admin.login.email')}
        rules={[{ required: true, whitespace: true, message: t('admin.login.emailRequired') }]}
      >
        <Input autoComplete="username" data-testid="admin-login-email" />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('admin.login.password')}
        rules={[{ required: true, message: t('admin.login.passwordRequired') }]}
      >
        <Input.Password autoComplete="current-password" data-testid="admin-login-password" />
      </Form.Item>
      <Flex vertical gap={12}>
        <ErrorLine text={signIn.isError ? signInErrorText(signIn.error, t) : null} />
        <Button
          type="primary"
          htmlType="submit"
          block
          loading={signIn.isPending}
          data-testid="admin-login-submit"
        >
          {t('admin.login.continue')}
        </Button>
      </Flex>
    </Form>
  );
};

/** Step 2: the TOTP secret to enrol (first sign-in), then a code; or a recovery code instead. */
const SecondFactorStep = ({
  pending,
  onConfirmed,
  onStartOver,
}: {
  pending: OperatorSignIn;
  onConfirmed: (answer: { token: string; recovery_codes?: string[] }) => void;
  onStartOver: () => void;
}) => {
  const { t } = useTranslation();
  const [isRecovery, setIsRecovery] = useState(false);
  const confirm = useMutation({
    mutationFn: (factor: SecondFactor) => confirmOperatorTotp(pending.token, factor),
    onSuccess: onConfirmed,
  });
  const enrolment = pending.stage === 'enrol' ? pending.enrolment : undefined;
  const submit = (values: { code?: string; recovery_code?: string }) =>
    confirm.mutate(
      isRecovery ? { recovery_code: values.recovery_code?.trim() ?? '' } : { code: values.code ?? '' },
    );

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t(enrolment ? 'admin.login.enrolTitle' : 'admin.login.totpTitle')}
      </Typography.Title>
      {enrolment ? (
        <Flex vertical align="center" gap={12} data-testid="admin-enrolment">
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {t('admin.login.enrolHint')}
          </Typography.Paragraph>
          <div role="img" aria-label={t('admin.login.qrCode')}>
            <QRCode value={enrolment.otpauth_url} type="svg" size={200} data-testid="admin-enrolment-qr" />
          </div>
          <Typography.Text>
            {t('admin.login.secret')}:{' '}
            <Typography.Text code copyable data-testid="admin-enrolment-secret">
              {enrolment.secret}
            </Typography.Text>
          </Typography.Text>
        </Flex>
      ) : (
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('admin.login.totpHint')}
        </Typography.Paragraph>
      )}
      <Form layout="vertical" requiredMark={false} onFinish={submit} key={isRecovery ? 'recovery' : 'code'}>
        {isRecovery ? (
          <Form.Item
            name="recovery_code"
            label={t('admin.login.recoveryCode')}
            rules={[{ required: true, whitespace: true, message: t('admin.login.recoveryCodeRequired') }]}
          >
            <Input autoComplete="off" data-testid="admin-login-recovery-code" />
          </Form.Item>
        ) : (
          <Form.Item
            name="code"
            label={t('admin.login.code')}
            rules={[{ required: true, pattern: TOTP_CODE, message: t('admin.login.codeRequired') }]}
          >
            <Input
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              data-testid="admin-login-code"
            />
          </Form.Item>
        )}
        <Flex vertical gap={12}>
          <ErrorLine text={confirm.isError ? signInErrorText(confirm.error, t) : null} />
          <Button
            type="primary"
            htmlType="submit"
            block
            loading={confirm.isPending}
            data-testid="admin-login-verify"
          >
            {t('admin.login.verify')}
          </Button>
          <Flex justify="space-between" wrap gap={8}>
            {enrolment ? (
              <span />
            ) : (
              <Button
                type="link"
                style={{ padding: 0 }}
                data-testid="admin-login-toggle-recovery"
                onClick={() => {
                  confirm.reset();
                  setIsRecovery((value) => !value);
                }}
              >
                {t(isRecovery ? 'admin.login.useAppCode' : 'admin.login.useRecoveryCode')}
              </Button>
            )}
            <Button type="link" style={{ padding: 0 }} onClick={onStartOver}>
              {t('admin.login.startOver')}
            </Button>
          </Flex>
        </Flex>
      </Form>
    </Flex>
  );
};

/** After enrolment: the recovery codes, shown this once. */
const RecoveryCodesStep = ({ codes, onSaved }: { codes: string[]; onSaved: () => void }) => {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={16} data-testid="admin-recovery-codes">
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('admin.login.recoveryTitle')}
      </Typography.Title>
      <Alert type="warning" showIcon title={t('admin.login.recoveryHint')} />
      <ol style={{ columns: 2, margin: 0 }}>
        {codes.map((code) => (
          <li key={code}>
            <Typography.Text code>{code}</Typography.Text>
          </li>
        ))}
      </ol>
      <Button type="primary" block onClick={onSaved} data-testid="admin-recovery-saved">
        {t('admin.login.saved')}
      </Button>
    </Flex>
  );
};

/** `/admin/login`: operator sign-in with password and TOTP, enrolling TOTP the first time. */
const OperatorLoginPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const enter = (token: string) => {
    setOperatorToken(token);
    void navigate(OPERATOR_BASE_PATH, { replace: true });
  };

  return (
    <Card title={t('admin.login.title')} data-testid="admin-login">
      {step.kind === 'password' ? (
        <PasswordStep onPassed={(pending) => setStep({ kind: 'second-factor', pending })} />
      ) : null}
      {step.kind === 'second-factor' ? (
        <SecondFactorStep
          pending={step.pending}
          onStartOver={() => setStep({ kind: 'password' })}
          onConfirmed={(answer) => {
            if (answer.recovery_codes?.length) {
              setStep({ kind: 'recovery-codes', token: answer.token, codes: answer.recovery_codes });
              return;
            }
            enter(answer.token);
          }}
        />
      ) : null}
      {step.kind === 'recovery-codes' ? (
        <RecoveryCodesStep codes={step.codes} onSaved={() => enter(step.token)} />
      ) : null}
    </Card>
  );
};

export default OperatorLoginPage;
