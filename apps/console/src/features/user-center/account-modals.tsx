import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Form, Input } from 'antd';
import { useMemo } from 'react';
import { LOGIN_PATH } from '../../routes.paths';
import { useTranslation } from '../../shared/i18n/use-translation';
import { navigateTo } from '../../shared/navigation/navigation';
import { browserStorage } from '../../shared/storage/storage';
import { useFeedback } from '../../shared/ui/feedback';
import { createAuthRules } from '../auth/auth.rules';
import { logout, logoutToLogin } from '../auth/logout';
import { REMEMBERED_ACCOUNT_KEY } from '../auth/remembered-account';
import { ModalForm } from './modal-form';
import { refreshUserInfo } from './refresh-user-info';
import { bindReferral, changePassword, changeUsername, deleteAccount } from './user-center.api';

/** What every dialog of the user center gets. */
export interface AccountModalProps {
  open: boolean;
  onClose: () => void;
}

/** Changing the user name revokes every session: the user logs in again under the new name. */
export const ChangeUsernameModal = ({
  open,
  onClose,
  currentName,
}: AccountModalProps & { currentName: string }) => {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const rules = useMemo(() => createAuthRules(t), [t]);
  return (
    <ModalForm<{ username: string }>
      open={open}
      onClose={onClose}
      title={t('userCenter.username.change')}
      submitText={t('common.save')}
      onSubmit={async ({ username }) => {
        await changeUsername({ username: username.trim() });
        onClose();
        logoutToLogin();
        void message.success({ content: t('userCenter.username.changed'), key: 'relogin' });
      }}
    >
      <Form.Item name="username" label={t('userCenter.username.new')} rules={rules.username}>
        <Input
          prefix={<UserOutlined />}
          placeholder={currentName}
          autoComplete="username"
          data-testid="new-username"
        />
      </Form.Item>
      <Alert type="info" showIcon title={t('userCenter.reloginNotice')} style={{ marginBottom: 16 }} />
    </ModalForm>
  );
};

interface PasswordValues {
  old_password?: string;
  new_password: string;
  confirm_password: string;
}

/**
 * Changes the password (the server revokes every session, so the user logs in again), or sets
 * a first one when the account has none (OAuth and phone sign-ups), which keeps the session.
 */
export const ChangePasswordModal = ({
  open,
  onClose,
  hasPassword,
}: AccountModalProps & { hasPassword: boolean }) => {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const rules = useMemo(() => createAuthRules(t), [t]);
  return (
    <ModalForm<PasswordValues>
      open={open}
      onClose={onClose}
      title={t(hasPassword ? 'userCenter.password.change' : 'userCenter.password.set')}
      submitText={t('common.save')}
      onSubmit={async ({ old_password, new_password, confirm_password }) => {
        await changePassword({
          ...(hasPassword && old_password !== undefined ? { old_password } : {}),
          new_password,
          confirm_password,
        });
        onClose();
        if (hasPassword) {
          logoutToLogin();
          void message.success({ content: t('userCenter.password.changed'), key: 'relogin' });
          return;
        }
        void message.success(t('userCenter.password.setDone'));
        await refreshUserInfo();
      }}
    >
      {hasPassword ? (
        <Form.Item name="old_password" label={t('userCenter.password.old')} rules={rules.oldPassword}>
          <Input.Password
            prefix={<LockOutlined />}
            autoComplete="current-password"
            data-testid="old-password"
          />
        </Form.Item>
      ) : null}
      <Form.Item name="new_password" label={t('auth.newPassword')} rules={rules.newPassword}>
        <Input.Password
          prefix={<LockOutlined />}
          autoComplete="new-password"
          placeholder={t('auth.newPassword.placeholder')}
          data-testid="new-password"
        />
      </Form.Item>
      <Form.Item
        name="confirm_password"
        label={t('auth.confirmPassword')}
        dependencies={['new_password']}
        rules={rules.confirmPassword('new_password')}
      >
        <Input.Password
          prefix={<LockOutlined />}
          autoComplete="new-password"
          placeholder={t('auth.confirmPassword.placeholder')}
          data-testid="confirm-password"
        />
      </Form.Item>
      {hasPassword ? (
        <Alert type="info" showIcon title={t('userCenter.reloginNotice')} style={{ marginBottom: 16 }} />
      ) : null}
    </ModalForm>
  );
};

/** Binds the referral code of whoever invited the user. */
export const BindReferralModal = ({ open, onClose }: AccountModalProps) => {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const rules = useMemo(() => createAuthRules(t), [t]);
  return (
    <ModalForm<{ ref: string }>
      open={open}
      onClose={onClose}
      title={t('userCenter.referrer.bind')}
      submitText={t('common.save')}
      onSubmit={async ({ ref }) => {
        await bindReferral({ ref: ref.trim() });
        onClose();
        void message.success(t('userCenter.referrer.bound'));
        await refreshUserInfo();
      }}
    >
      <Form.Item name="ref" label={t('userCenter.referrer.code')} rules={rules.referral}>
        <Input
          placeholder={t('userCenter.referrer.placeholder')}
          autoComplete="off"
          data-testid="referral-code"
        />
      </Form.Item>
    </ModalForm>
  );
};

/**
 * Deletes the account after a last warning (and the password, when the account has one), then
 * forgets everything on this device and goes to login.
 */
export const DeleteAccountModal = ({
  open,
  onClose,
  hasPassword,
}: AccountModalProps & { hasPassword: boolean }) => {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const rules = useMemo(() => createAuthRules(t), [t]);
  return (
    <ModalForm<{ password?: string }>
      open={open}
      onClose={onClose}
      title={t('userCenter.delete.title')}
      submitText={t('userCenter.delete.confirm')}
      isDanger
      onSubmit={async ({ password }) => {
        await deleteAccount(hasPassword && password !== undefined ? { password } : {});
        onClose();
        logout();
        browserStorage.removeItem(REMEMBERED_ACCOUNT_KEY);
        void navigateTo(LOGIN_PATH, { replace: true });
        void message.success({ content: t('userCenter.delete.done'), key: 'account-deleted' });
      }}
    >
      <Alert type="error" showIcon title={t('userCenter.delete.warning')} style={{ marginBottom: 16 }} />
      {hasPassword ? (
        <Form.Item name="password" label={t('userCenter.delete.password')} rules={rules.password}>
          <Input.Password
            prefix={<LockOutlined />}
            autoComplete="current-password"
            data-testid="delete-password"
          />
        </Form.Item>
      ) : null}
    </ModalForm>
  );
};
