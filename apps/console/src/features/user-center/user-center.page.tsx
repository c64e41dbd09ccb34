import { Alert, Button, Card, Descriptions, Flex, Modal, Spin, Typography, theme } from 'antd';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { findRoute } from '../../app/navigation/route-tree';
import { useTranslation } from '../../shared/i18n/use-translation';
import { isTouristSession, userStore } from '../../shared/session/session';
import { useStore } from '../../shared/store/create-store';
import { useFeedback } from '../../shared/ui/feedback';
import { PageSpinner } from '../../shared/ui/page-spinner';
import { useIsMobile } from '../../shared/ui/use-is-mobile';
import {
  BindReferralModal,
  ChangePasswordModal,
  ChangeUsernameModal,
  DeleteAccountModal,
} from './account-modals';
import { BindEmailForm } from './bind-email-form';
import { refreshUserInfo } from './refresh-user-info';

// The phone form brings libphonenumber's metadata; it loads when its dialog opens.
const BindPhoneForm = lazy(() => import('./bind-phone-form'));
// Two-step verification (QR code, dialogs, its texts) in a chunk of its own.
const TwoFactorCard = lazy(() => import('../two-factor/two-factor-card'));
// The per-domain usage switch (issue #21), with its texts.
const DomainUsageSettingCard = lazy(() => import('../domain-usage/domain-usage-setting-card'));

type DialogName = 'username' | 'password' | 'phone' | 'email' | 'referral' | 'delete';

/** A value with its action on the right. */
const Row = ({ value, action }: { value: ReactNode; action?: ReactNode }) => (
  <Flex justify="space-between" align="center" gap={8} wrap>
    <span style={{ minWidth: 0, overflowWrap: 'anywhere' }}>{value}</span>
    {action}
  </Flex>
);

/**
 * The user center (SPEC §2): user name, email, phone, password, referral codes, and the
 * account actions in dialogs. The user info is reloaded after each change.
 */
const UserCenterPage = () => {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const { token } = theme.useToken();
  const isMobile = useIsMobile();
  const user = useStore(userStore);
  const [dialog, setDialog] = useState<DialogName | null>(null);
  const close = () => setDialog(null);
  const anonymousPath = findRoute('anonymous')?.fullPath ?? '/anonymous';

  if (!user) return <PageSpinner />;

  // On phones each label sits above its value: side by side, long labels and links overflow 390 px.
  const descriptionsLayout = isMobile
    ? ({ column: 1, bordered: true, layout: 'vertical' } as const)
    : ({ column: 1, bordered: true, styles: { label: { width: 160 } } } as const);

  const notBound = <Typography.Text type="secondary">{t('userCenter.notBound')}</Typography.Text>;
  const onContactBound = async (textKey: string) => {
    close();
    void message.success(t(textKey));
    await refreshUserInfo();
  };

  return (
    <Flex vertical gap={16} style={{ maxWidth: 880 }}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('menu.userCenter')}
      </Typography.Title>
      {isTouristSession(user) ? (
        <Alert
          type="warning"
          showIcon
          title={t('userCenter.touristNotice')}
          action={<Link to={anonymousPath}>{t('userCenter.touristNotice.action')}</Link>}
        />
      ) : null}

      <Card title={t('userCenter.account')}>
        <Descriptions
          {...descriptionsLayout}
          items={[
            {
              key: 'username',
              label: t('userCenter.username'),
              children: (
                <Row
                  value={<span data-testid="user-center-username">{user.user_name}</span>}
                  action={
                    <Button onClick={() => setDialog('username')} data-testid="change-username-button">
                      {t('userCenter.username.change')}
                    </Button>
                  }
                />
              ),
            },
            {
              key: 'email',
              label: t('auth.email'),
              children: (
                <Row
                  value={user.email ? <span data-testid="user-center-email">{user.email}</span> : notBound}
                  action={
                    user.email ? null : (
                      <Button
                        type="primary"
                        ghost
                        onClick={() => setDialog('email')}
                        data-testid="bind-email-button"
                      >
                        {t('userCenter.email.bind')}
                      </Button>
                    )
                  }
                />
              ),
            },
            {
              key: 'phone',
              label: t('auth.phone'),
              children: (
                <Row
                  value={user.phone ? <span data-testid="user-center-phone">{user.phone}</span> : notBound}
                  action={
                    user.phone ? null : (
                      <Button
                        type="primary"
                        ghost
                        onClick={() => setDialog('phone')}
                        data-testid="bind-phone-button"
                      >
                        {t('userCenter.phone.bind')}
                      </Button>
                    )
                  }
                />
              ),
            },
            {
              key: 'password',
              label: t('auth.password'),
              children: (
                <Row
                  value={
                    user.has_pwd ? (
                      t('userCenter.password.isSet')
                    ) : (
                      <Typography.Text type="secondary">{t('userCenter.password.notSet')}</Typography.Text>
                    )
                  }
                  action={
                    <Button onClick={() => setDialog('password')} data-testid="change-password-button">
                      {t(user.has_pwd ? 'userCenter.password.change' : 'userCenter.password.set')}
                    </Button>
                  }
                />
              ),
            },
          ]}
        />
      </Card>

      {isTouristSession(user) ? null : (
        <Suspense fallback={<Spin style={{ display: 'block', margin: '16px auto' }} />}>
          <TwoFactorCard />
        </Suspense>
      )}

      <Suspense fallback={null}>
        <DomainUsageSettingCard />
      </Suspense>

      <Card title={t('userCenter.referral')}>
        <Descriptions
          {...descriptionsLayout}
          items={[
            {
              key: 'inviteCode',
              label: t('userCenter.inviteCode'),
              children: (
                <Typography.Text copyable data-testid="invite-code">
                  {user.invite_code}
                </Typography.Text>
              ),
            },
            {
              key: 'invitationLink',
              label: t('userCenter.invitationLink'),
              children: (
                <Typography.Text copyable style={{ overflowWrap: 'anywhere' }} data-testid="invitation-link">
                  {user.invitation_link}
                </Typography.Text>
              ),
            },
            {
              key: 'referrer',
              label: t('userCenter.referrer'),
              children: (
                <Row
                  value={user.ref ? <span data-testid="referrer-code">{user.ref}</span> : notBound}
                  action={
                    user.ref ? null : (
                      <Button onClick={() => setDialog('referral')} data-testid="bind-referral-button">
                        {t('userCenter.referrer.bind')}
                      </Button>
                    )
                  }
                />
              ),
            },
          ]}
        />
      </Card>

      <Card
        title={<span style={{ color: token.colorError }}>{t('userCenter.dangerZone')}</span>}
        style={{ borderColor: token.colorErrorBorder }}
      >
        <Row
          value={<Typography.Text type="secondary">{t('userCenter.delete.description')}</Typography.Text>}
          action={
            <Button danger onClick={() => setDialog('delete')} data-testid="delete-account-button">
              {t('userCenter.delete.title')}
            </Button>
          }
        />
      </Card>

      <ChangeUsernameModal open={dialog === 'username'} onClose={close} currentName={user.user_name} />
      <ChangePasswordModal open={dialog === 'password'} onClose={close} hasPassword={user.has_pwd} />
      <BindReferralModal open={dialog === 'referral'} onClose={close} />
      <DeleteAccountModal open={dialog === 'delete'} onClose={close} hasPassword={user.has_pwd} />
      <Modal
        open={dialog === 'phone'}
        title={t('userCenter.phone.bind')}
        onCancel={close}
        footer={null}
        destroyOnHidden
      >
        <Suspense fallback={<Spin style={{ display: 'block', margin: '24px auto' }} />}>
          <BindPhoneForm
            onBound={() => onContactBound('userCenter.phone.bound')}
            submitTestId="modal-submit"
          />
        </Suspense>
      </Modal>
      <Modal
        open={dialog === 'email'}
        title={t('userCenter.email.bind')}
        onCancel={close}
        footer={null}
        destroyOnHidden
      >
        <BindEmailForm
          uid={user.uid}
          onBound={() => onContactBound('userCenter.email.bound')}
          submitTestId="modal-submit"
        />
      </Modal>
    </Flex>
  );
};

export default UserCenterPage;
