import { LockOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Result, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { findRoute } from '../../app/navigation/route-tree';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useFeedback } from '../../shared/ui/feedback';
import { PageSpinner } from '../../shared/ui/page-spinner';
import { createAuthRules } from '../auth/auth.rules';
import { AuthCard } from '../auth/auth-card';
import { checkResetCredential, resetPasswordWithCredential } from './password.api';
import { isDeadLink } from './reset-link';

interface ResetPasswordValues {
  password: string;
  confirm_password: string;
}

/**
 * The page of the emailed reset link (`/reset-password/{credential}`): the link is checked
 * first; a dead one says so and leads to "forgot password", a good one asks for the new password.
 */
const ResetPasswordPage = () => {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const { credential = '' } = useParams();
  const rules = useMemo(() => createAuthRules(t), [t]);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [hasDied, setHasDied] = useState(false);
  const loginPath = findRoute('login')?.fullPath ?? '/login';
  const forgotPath = findRoute('forgetPassword')?.fullPath ?? '/forget-password';
  const link = useQuery({
    queryKey: ['user', 'reset_pw', credential],
    queryFn: ({ signal }) => checkResetCredential(credential, signal),
    enabled: credential !== '',
    staleTime: 0,
    gcTime: 0,
  });

  const onFinish = async (values: ResetPasswordValues) => {
    setIsSubmitting(true);
    try {
      await resetPasswordWithCredential(credential, values);
      void message.success({ content: t('password.reset.success'), key: 'password-reset' });
      void navigate(loginPath);
    } catch (error) {
      if (isDeadLink(error)) setHasDied(true);
      setIsSubmitting(false);
    }
  };

  if (link.isPending && credential !== '') return <PageSpinner />;

  if (credential === '' || hasDied || isDeadLink(link.error)) {
    return (
      <AuthCard title={t('menu.resetPassword')}>
        <Result
          status="warning"
          title={t('reset.invalid.title')}
          subTitle={t('reset.invalid.description')}
          extra={
            <Button type="primary" onClick={() => void navigate(forgotPath)} data-testid="reset-forgot-link">
              {t('reset.invalid.action')}
            </Button>
          }
          data-testid="reset-invalid"
        />
      </AuthCard>
    );
  }

  if (link.isError) {
    return (
      <AuthCard title={t('menu.resetPassword')}>
        <Result
          status="error"
          title={t('reset.checkFailed')}
          extra={
            <Button type="primary" onClick={() => void link.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('menu.resetPassword')}>
      <Typography.Paragraph type="secondary" data-testid="reset-email">
        {t('reset.forAccount', { email: link.data?.email ?? '' })}
      </Typography.Paragraph>
      <Form<ResetPasswordValues> layout="vertical" requiredMark={false} onFinish={onFinish}>
        <Form.Item name="password" label={t('auth.newPassword')} rules={rules.newPassword}>
          <Input.Password
            size="large"
            prefix={<LockOutlined />}
            autoComplete="new-password"
            placeholder={t('auth.newPassword.placeholder')}
            data-testid="reset-password"
          />
        </Form.Item>
        <Form.Item
          name="confirm_password"
          label={t('auth.confirmPassword')}
          dependencies={['password']}
          rules={rules.confirmPassword('password')}
        >
          <Input.Password
            size="large"
            prefix={<LockOutlined />}
            autoComplete="new-password"
            placeholder={t('auth.confirmPassword.placeholder')}
            data-testid="reset-confirm-password"
          />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          size="large"
          block
          loading={isSubmitting}
          data-testid="reset-submit"
        >
          {t('reset.submit')}
        </Button>
      </Form>
    </AuthCard>
  );
};

export default ResetPasswordPage;
