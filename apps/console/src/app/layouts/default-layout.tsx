import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined, SettingOutlined } from '@ant-design/icons';
import { Breadcrumb, Button, Drawer, Flex, FloatButton, Layout, theme } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { BulletinHost } from '../../features/bulletins/bulletin-host';
import { NewUserGuideHost } from '../../features/new-user-guide/guide-host';
import { settingsStore } from '../../features/settings/settings.store';
import { SettingsButton } from '../../features/settings/settings-button';
import { HOME_PATH } from '../../routes.paths';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useStore } from '../../shared/store/create-store';
import { useIsMobile } from '../../shared/ui/use-is-mobile';
import { loadAntdStyles } from '../antd-styles';
import { findRoute, getRouteTrail } from '../navigation/route-tree';
import { useCurrentRoute } from '../navigation/use-current-route';
import { AppLogo } from './app-logo';
import { DemoMarker } from './demo-marker';
import { HeaderBalance } from './header-balance';
import { LanguageSwitch } from './language-switch';
import { SideMenu } from './side-menu';
import { UserMenu } from './user-menu';

// Off the first screen (issue #16): the settings drawer loads on its first opening, the tab bar
// when the settings turn it on, each with the part of antd's styles the overview goes without.
const SettingsDrawer = lazy(() =>
  Promise.all([import('../../features/settings/settings-drawer'), loadAntdStyles('all')]).then(
    ([module]) => ({
      default: module.SettingsDrawer,
    }),
  ),
);
const TabBar = lazy(() =>
  Promise.all([import('./tab-bar'), loadAntdStyles('all')]).then(([module]) => ({ default: module.TabBar })),
);

const HEADER_HEIGHT = 56;

/**
 * The console shell: side menu from the route table (a drawer behind a hamburger button below
 * 992 px), header with language switch, settings and user menu, optional tab bar and footer.
 * `data-layout` on the root tells `mobile` from `desktop`.
 */
export const DefaultLayout = () => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const settings = useStore(settingsStore);
  const isMobile = useIsMobile();
  const current = useCurrentRoute();
  const [isCollapsed, setIsCollapsed] = useState(false);
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  /**
   * The phone's menu drawer renders from its first opening on (and stays, so that it closes with
   * its animation): closed, it was a fifth of the frame's first render (issue #16).
   */
  const [hasOpenedMenu, setHasOpenedMenu] = useState(false);
  const [isSettingsOpen, setIsSettingsOpen] = useState(false);
  /** The drawer stays mounted once opened, so that it closes with its animation. */
  const [hasOpenedSettings, setHasOpenedSettings] = useState(false);
  const routeName = current?.route.name ?? '';
  const trail = getRouteTrail(routeName);
  const userCenterPath = findRoute('userCenter')?.fullPath ?? '/user-center';
  const chargePath = findRoute('charge')?.fullPath ?? '/charge';
  const siderWidth = settings.menuWidth;
  const openMenu = () => {
    setHasOpenedMenu(true);
    setIsMenuOpen(true);
  };
  const openSettings = () => {
    setHasOpenedSettings(true);
    setIsSettingsOpen(true);
  };

  const menuButton = isMobile ? (
    <Button
      type="text"
      icon={<MenuOutlined />}
      aria-label={t('layout.openMenu')}
      aria-expanded={isMenuOpen}
      data-testid="mobile-menu-button"
      onClick={openMenu}
    />
  ) : (
    <Button
      type="text"
      icon={isCollapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
      aria-label={t(isCollapsed ? 'layout.expandMenu' : 'layout.collapseMenu')}
      data-testid="menu-collapse-button"
      onClick={() => setIsCollapsed((value) => !value)}
    />
  );

  return (
    <Layout data-layout={isMobile ? 'mobile' : 'desktop'} style={{ minHeight: '100vh' }}>
      {isMobile ? (
        hasOpenedMenu ? (
          <Drawer
            placement="left"
            open={isMenuOpen}
            onClose={() => setIsMenuOpen(false)}
            size={siderWidth}
            title={<AppLogo to={HOME_PATH} />}
            styles={{ body: { padding: 0 } }}
          >
            <nav aria-label={t('layout.openMenu')} data-testid="mobile-menu">
              <SideMenu currentRouteName={routeName} onNavigate={() => setIsMenuOpen(false)} />
            </nav>
          </Drawer>
        ) : null
      ) : (
        <Layout.Sider
          theme="light"
          width={siderWidth}
          collapsed={isCollapsed}
          collapsedWidth={64}
          trigger={null}
          style={{
            position: 'sticky',
            top: 0,
            height: '100vh',
            overflowY: 'auto',
            borderInlineEnd: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          <Flex align="center" style={{ height: HEADER_HEIGHT, paddingInline: isCollapsed ? 18 : 20 }}>
            <AppLogo to={HOME_PATH} isCompact={isCollapsed} />
          </Flex>
          <nav data-testid="side-menu">
            <SideMenu currentRouteName={routeName} />
          </nav>
        </Layout.Sider>
      )}
      <Layout>
        {settings.navbar ? (
          <Layout.Header
            style={{
              position: 'sticky',
              top: 0,
              zIndex: 10,
              height: HEADER_HEIGHT,
              lineHeight: `${HEADER_HEIGHT}px`,
              paddingInline: 12,
              background: token.colorBgContainer,
              borderBottom: `1px solid ${token.colorBorderSecondary}`,
            }}
          >
            <Flex align="center" justify="space-between" gap={8} style={{ height: '100%' }}>
              <Flex align="center" gap={8} style={{ minWidth: 0 }}>
                {menuButton}
                {isMobile ? <AppLogo to={HOME_PATH} isCompact /> : null}
                <DemoMarker />
              </Flex>
              <Flex align="center" gap={4}>
                <LanguageSwitch isCompact={isMobile} />
                <SettingsButton onClick={openSettings} />
                <HeaderBalance chargePath={chargePath} isCompact={isMobile} />
                <UserMenu userCenterPath={userCenterPath} isCompact={isMobile} />
              </Flex>
            </Flex>
          </Layout.Header>
        ) : null}
        {settings.tabBar ? (
          <div style={{ padding: '8px 16px 0', background: token.colorBgContainer }}>
            <Suspense fallback={null}>
              <TabBar current={current} />
            </Suspense>
          </div>
        ) : null}
        <Layout.Content style={{ padding: isMobile ? 12 : 20 }}>
          {trail.length > 1 ? (
            <Breadcrumb
              aria-label={t('layout.breadcrumb')}
              style={{ marginBottom: 12 }}
              items={trail.map((route) => ({ key: route.name, title: t(route.titleKey) }))}
            />
          ) : null}
          <BulletinHost />
          <Outlet />
        </Layout.Content>
        {settings.footer ? (
          <Layout.Footer style={{ textAlign: 'center', color: token.colorTextSecondary }}>
            {t('layout.footer', { year: new Date().getFullYear() })}
          </Layout.Footer>
        ) : null}
      </Layout>
      {settings.navbar ? null : (
        // Without the navbar its buttons move to a floating group so menu and settings stay reachable.
        <FloatButton.Group shape="square" style={{ insetInlineEnd: 24 }}>
          {isMobile ? (
            <FloatButton icon={<MenuOutlined />} aria-label={t('layout.openMenu')} onClick={openMenu} />
          ) : null}
          <FloatButton icon={<SettingOutlined />} aria-label={t('settings.open')} onClick={openSettings} />
        </FloatButton.Group>
      )}
      {hasOpenedSettings ? (
        <Suspense fallback={null}>
          <SettingsDrawer open={isSettingsOpen} onClose={() => setIsSettingsOpen(false)} />
        </Suspense>
      ) : null}
      <NewUserGuideHost />
    </Layout>
  );
};
