import { GiftOutlined } from '@ant-design/icons';
import { type ShareCode, STORAGE_KEYS, type UserInfo } from '@ptc/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Result, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { findRoute } from '../../app/navigation/route-tree';
import { HOME_PATH } from '../../routes.paths';
import { useTranslation } from '../../shared/i18n/use-translation';
import { isTouristSession, tokenStore, userStore } from '../../shared/session/session';
import { browserStorage } from '../../shared/storage/storage';
import { useStore } from '../../shared/store/create-store';
import { PageSpinner } from '../../shared/ui/page-spinner';
import { loadUserInfo } from '../auth/auth.api';
import { AuthCard } from '../auth/auth-card';
import { normalizeShareCode } from '../auth/share-code';
import { getShareCode, isUnknownShareCode } from './share-code.api';
import './share-code-texts';

const pathOf = (name: string, fallback: string) => findRoute(name)?.fullPath ?? fallback;

/** "Already have an account? Log in". */
const LoginLine = () => {
  const { t } = useTranslation();
  return (
    <Typography.Paragraph type="secondary" style={{ textAlign: 'center', margin: 0 }}>
      {t('shareCode.haveAccount')}{' '}
      <Link to={pathOf('login', '/login')} data-testid="share-code-login">
        {t('shareCode.login')}
      </Link>
    </Typography.Paragraph>
  );
};

/** A visitor (or a tourist): who invited them, and registration with the code filled in. */
const InvitedVisitor = ({ share }: { share: ShareCode }) => {
  const { t } = useTranslation();
  const registerPath = `${pathOf('register', '/register')}?ref=${encodeURIComponent(share.code)}`;
  return (
    <Flex vertical gap={16}>
      <Typography.Paragraph type="secondary" style={{ textAlign: 'center', margin: 0 }}>
        {t('shareCode.registerHint')}
      </Typography.Paragraph>
      <Link to={registerPath} style={{ display: 'block' }}>
        <Button type="primary" size="large" block data-testid="share-code-register">
          {t('shareCode.register')}
        </Button>
      </Link>
      <LoginLine />
    </Flex>
  );
};

/** A signed-in customer: their own code, a referrer already bound, or how to bind this one. */
const SignedInCustomer = ({ share, user }: { share: ShareCode; user: UserInfo }) => {
  const { t } = useTranslation();
  const same = (code: string | null | undefined) => code?.toUpperCase() === share.code.toUpperCase();
  const state = same(user.invite_code)
    ? 'own'
    : same(user.ref)
      ? 'boundToThis'
      : user.ref
        ? 'alreadyBound'
        : 'bindHint';
  return (
    <Flex vertical gap={16}>
      <Typography.Paragraph style={{ margin: 0 }} data-testid="share-code-signed-in" data-state={state}>
        {t(`shareCode.signedIn.${state}`, { code: share.code })}
      </Typography.Paragraph>
      {state === 'bindHint' ? (
        <Link to={pathOf('userCenter', '/user-center')} style={{ display: 'block' }}>
          <Button type="primary" size="large" block data-testid="share-code-user-center">
            {t('shareCode.signedIn.openUserCenter')}
          </Button>
        </Link>
      ) : (
        <Link to={HOME_PATH} style={{ display: 'block' }}>
          <Button size="large" block data-testid="share-code-console">
            {t('shareCode.toConsole')}
          </Button>
        </Link>
      )}
    </Flex>
  );
};

/**
 * `/authentication/:auth` (SPEC §2, issue #20): the share-code entry, public. A share code is a
 * customer's invite code in any case, granting what their invitation link grants (see
 * `packages/contracts/src/share-codes.ts`). A valid one is kept as the referral code (the same
 * storage as `?ref=`, which registration sends) and the page says who invited the visitor, with
 * Register (the code filled in) and Log in; a signed-in customer is told how to bind it in the
 * user center, or that a referrer is already bound. An unknown code says so (4201), with the way
 * to register or log in all the same.
 */
const ShareCodePage = () => {
  const { t } = useTranslation();
  const { auth = '' } = useParams();
  const code = auth.trim();
  const token = useStore(tokenStore);
  const user = useStore(userStore);
  const lookup = useQuery({
    queryKey: ['share-code', normalizeShareCode(code)],
    queryFn: ({ signal }) => getShareCode(code, signal),
    enabled: code !== '',
    retry: false,
  });

  // The guard lets this page pass without loading the user (SPEC §2): a stored session is asked
  // who it is here, to tell a signed-in customer apart from a visitor.
  const [hasUserFailed, setUserFailed] = useState(false);
  const isUserPending = Boolean(token) && user === null && !hasUserFailed;
  useEffect(() => {
    if (!token || user !== null) return;
    loadUserInfo().catch(() => setUserFailed(true));
  }, [token, user]);

  useEffect(() => {
    if (lookup.data) browserStorage.setItem(STORAGE_KEYS.ref, lookup.data.code);
  }, [lookup.data]);

  if ((code !== '' && lookup.isPending) || isUserPending) return <PageSpinner />;

  if (code === '' || isUnknownShareCode(lookup.error)) {
    return (
      <AuthCard title={t('shareCode.title')}>
        <Result
          status="warning"
          style={{ padding: '8px 0' }}
          title={<span data-testid="share-code-invalid-title">{t('errors.REFERRAL_CODE_INVALID')}</span>}
          subTitle={t('shareCode.invalid.description')}
          extra={
            <Flex vertical gap={16}>
              <Link to={pathOf('register', '/register')} style={{ display: 'block' }}>
                <Button type="primary" size="large" block data-testid="share-code-register">
                  {t('shareCode.register')}
                </Button>
              </Link>
              <LoginLine />
            </Flex>
          }
          data-testid="share-code-invalid"
        />
      </AuthCard>
    );
  }

  if (lookup.isError || !lookup.data) {
    return (
      <AuthCard title={t('shareCode.title')}>
        <Result
          status="error"
          style={{ padding: '8px 0' }}
          title={t('shareCode.loadFailed')}
          subTitle={lookup.error instanceof Error ? lookup.error.message : undefined}
          extra={
            <Button type="primary" onClick={() => void lookup.refetch()} data-testid="share-code-retry">
              {t('common.retry')}
            </Button>
          }
          data-testid="share-code-failed"
        />
      </AuthCard>
    );
  }

  const share = lookup.data;
  const isCustomer = Boolean(token) && user !== null && !isTouristSession(user);
  return (
    <AuthCard title={t('shareCode.title')}>
      <Flex vertical gap={16} style={{ minWidth: 0 }} data-testid="share-code-valid">
        <Flex vertical align="center" gap={4} style={{ textAlign: 'center' }}>
          <GiftOutlined style={{ fontSize: 40, color: 'var(--ant-color-primary, #1677ff)' }} />
          <Typography.Title level={2} style={{ fontSize: 20, margin: 0, overflowWrap: 'anywhere' }}>
            <span data-testid="share-code-inviter">
              {t('shareCode.invitedBy', { inviter: share.inviter })}
            </span>
          </Typography.Title>
          <Typography.Text type="secondary" data-testid="share-code-code">
            {t('shareCode.code', { code: share.code })}
          </Typography.Text>
        </Flex>
        {isCustomer && user ? (
          <SignedInCustomer share={share} user={user} />
        ) : (
          <InvitedVisitor share={share} />
        )}
      </Flex>
    </AuthCard>
  );
};

export default ShareCodePage;
