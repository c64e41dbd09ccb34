import { LogoutOutlined, MenuOutlined } from '@ant-design/icons';
import { isAppError } from '@ptc/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, Flex, Layout, Menu, Result, Tag, Typography, theme } from 'antd';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { Link, Navigate, Outlet } from 'react-router';
import { LanguageSwitch } from '../../app/layouts/language-switch';
import type { MenuEntry } from '../../app/navigation/route-tree';
import { useCurrentRoute } from '../../app/navigation/use-current-route';
import { OPERATOR_LOGIN_PATH } from '../../routes.paths';
import type { AppRoute } from '../../routes.types';
import { queryClient } from '../../shared/api/query-client';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useStore } from '../../shared/store/create-store';
import { LoadFailed } from '../../shared/ui/load-failed';
import { PageSpinner } from '../../shared/ui/page-spinner';
import { useIsMobile } from '../../shared/ui/use-is-mobile';
import { getOperator, signOutOperator } from './admin.api';
import type { Operator } from './admin.types';
import { buildOperatorMenu, canOperatorOpen } from './admin-menu';
import { clearOperatorSession, operatorTokenStore } from './operator-session';
import './admin-texts';

const HEADER_HEIGHT = 56;
const SIDER_WIDTH = 220;
const ROLE_COLOURS = { owner: 'gold', finance: 'green', support: 'blue' } as const;

/** The query of the signed-in operator, keyed by the session so a new sign-in asks again. */
export const operatorQueryKey = (token: string | null) => ['admin', 'me', token] as const;

/**
 * Header bar shared by the sign-in page and the signed-in area. It grows to a second line rather
 * than widen the page when its items do not fit (a phone, a long email).
 */
const OperatorHeader = ({ menuButton, children }: { menuButton?: ReactNode; children?: ReactNode }) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Layout.Header
      style={{
        height: 'auto',
        minHeight: HEADER_HEIGHT,
        lineHeight: 'normal',
        paddingBlock: 8,
        paddingInline: 16,
        display: 'flex',
        alignItems: 'center',
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <Flex align="center" justify="space-between" wrap gap={8} style={{ width: '100%', minWidth: 0 }}>
        <Flex align="center" gap={8} style={{ minWidth: 0 }}>
          {menuButton}
          <Typography.Text strong>{t('admin.menu.home')}</Typography.Text>
        </Flex>
        <Flex align="center" wrap gap={8} style={{ minWidth: 0 }}>
          <LanguageSwitch isCompact />
          {children}
        </Flex>
      </Flex>
    </Layout.Header>
  );
};

/** Ends the session on the server (best effort) and here, then shows the sign-in page. */
const useSignOut = () => async () => {
  await signOutOperator().catch(() => undefined);
  clearOperatorSession();
  queryClient.removeQueries({ queryKey: ['admin'] });
};

/** The pages of the operator's role, as links. */
const OperatorMenu = ({
  menu,
  selectedKey,
  onNavigate,
}: {
  menu: MenuEntry[];
  selectedKey: string | undefined;
  onNavigate?: () => void;
}) => {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('admin.menu.home')} data-testid="admin-menu">
      <Menu
        mode="inline"
        selectedKeys={selectedKey ? [selectedKey] : []}
        style={{ borderInlineEnd: 'none' }}
        onClick={onNavigate}
        items={menu.map((entry) => ({
          key: entry.key,
          label: <Link to={entry.path ?? '/'}>{t(entry.titleKey)}</Link>,
        }))}
      />
    </nav>
  );
};

/**
 * The signed-in shell: side menu for the operator's role (a drawer behind a menu button on
 * narrow screens, so a phone shows the page at its own width), header with who is signed in.
 */
const OperatorShell = ({ operator, route }: { operator: Operator; route: AppRoute | undefined }) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const isMobile = useIsMobile();
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const signOut = useSignOut();
  const menu = useMemo(() => buildOperatorMenu(operator.role), [operator.role]);
  const firstPath = menu[0]?.path;
  const isAllowed = !route || canOperatorOpen(route, operator.role);
  if (!isAllowed && firstPath) return <Navigate to={firstPath} replace />;

  const menuButton = isMobile ? (
    <Button
      type="text"
      icon={<MenuOutlined />}
      aria-label={t('layout.openMenu')}
      aria-expanded={isMenuOpen}
      onClick={() => setIsMenuOpen(true)}
      data-testid="admin-menu-button"
    />
  ) : null;

  return (
    <Layout style={{ minHeight: '100vh' }} data-layout="admin">
      {isMobile ? (
        <Drawer
          placement="left"
          open={isMenuOpen}
          onClose={() => setIsMenuOpen(false)}
          size={SIDER_WIDTH}
          title={t('admin.menu.home')}
          styles={{ body: { padding: 0 } }}
        >
          <OperatorMenu menu={menu} selectedKey={route?.name} onNavigate={() => setIsMenuOpen(false)} />
        </Drawer>
      ) : (
        <Layout.Sider
          theme="light"
          width={SIDER_WIDTH}
          style={{
            position: 'sticky',
            top: 0,
            height: '100vh',
            overflowY: 'auto',
            borderInlineEnd: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          <OperatorMenu menu={menu} selectedKey={route?.name} />
        </Layout.Sider>
      )}
      <Layout style={{ minWidth: 0 }}>
        <OperatorHeader menuButton={menuButton}>
          <Typography.Text
            ellipsis={{ tooltip: operator.email }}
            style={{ maxWidth: isMobile ? 160 : 240 }}
            data-testid="admin-operator-email"
          >
            {operator.email}
          </Typography.Text>
          <Tag
            color={ROLE_COLOURS[operator.role]}
            style={{ marginInlineEnd: 0 }}
            data-testid="admin-operator-role"
          >
            {t(`admin.role.${operator.role}`)}
          </Tag>
          <Button
            icon={<LogoutOutlined />}
            aria-label={t('admin.layout.signOut')}
            title={isMobile ? t('admin.layout.signOut') : undefined}
            onClick={() => void signOut()}
            data-testid="admin-sign-out"
          >
            {isMobile ? null : t('admin.layout.signOut')}
          </Button>
        </OperatorHeader>
        <Layout.Content style={{ padding: isMobile ? 12 : 20, minWidth: 0 }}>
          {isAllowed ? <Outlet /> : <Result status="403" subTitle={t('admin.layout.noPages')} />}
        </Layout.Content>
      </Layout>
    </Layout>
  );
};

/** The operator area behind its session: no session, or a session the server refuses, signs in again. */
const SignedInArea = ({ route }: { route: AppRoute | undefined }) => {
  const { t } = useTranslation();
  const token = useStore(operatorTokenStore);
  const operator = useQuery({
    queryKey: operatorQueryKey(token),
    queryFn: ({ signal }) => getOperator(signal),
    enabled: token !== null,
    staleTime: 5 * 60_000,
  });
  const isSessionRefused = isAppError(operator.error) && operator.error.key === 'ERR_TOKEN_ERROR';
  useEffect(() => {
    if (isSessionRefused) clearOperatorSession();
  }, [isSessionRefused]);

  if (token === null || isSessionRefused) return <Navigate to={OPERATOR_LOGIN_PATH} replace />;
  if (operator.isError) {
    return (
      <div style={{ padding: 24 }}>
        <LoadFailed
          title={t('admin.layout.loadFailed')}
          error={operator.error}
          onRetry={() => void operator.refetch()}
        />
      </div>
    );
  }
  if (!operator.data) return <PageSpinner />;
  return <OperatorShell operator={operator.data} route={route} />;
};

/**
 * The operator area's layout (issue #15): the sign-in page bare, every other page behind the
 * operator session (header `x-operator-session`, kept apart from the customer's token) with a side
 * menu of the pages the operator's role may open.
 */
export const AdminLayout = () => {
  const route = useCurrentRoute()?.route;
  if (route?.name === 'adminLogin') {
    return (
      <Layout style={{ minHeight: '100vh' }} data-layout="admin">
        <OperatorHeader />
        <Layout.Content style={{ display: 'flex', justifyContent: 'center', padding: 16 }}>
          <div style={{ width: '100%', maxWidth: 480, marginTop: 48 }}>
            <Outlet />
          </div>
        </Layout.Content>
      </Layout>
    );
  }
  return <SignedInArea route={route} />;
};
