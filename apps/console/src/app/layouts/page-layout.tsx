import { Flex, theme } from 'antd';
// By path: antd's `Layout` brings its Sider (and icons), which this frame has none of (issue #16).
import Layout, { Content, Header } from 'antd/es/layout/layout';
import { Outlet } from 'react-router';
import { watchForSignIn } from '../../features/new-user-guide/guide-trigger';
import { LOGIN_PATH } from '../../routes.paths';
import { useIsMobile } from '../../shared/ui/use-is-mobile';
import { AppLogo } from './app-logo';
import { LanguageSwitch } from './language-switch';

// A sign-in made on these pages opens the new-user guide for a new customer (issue #20).
watchForSignIn();

/** Shell of the public pages (login and the like): logo, language switch, centred content. */
export const PageLayout = () => {
  const { token } = theme.useToken();
  const isMobile = useIsMobile();
  return (
    <Layout data-layout={isMobile ? 'mobile' : 'desktop'} style={{ minHeight: '100vh' }}>
      <Header
        style={{
          height: 56,
          lineHeight: '56px',
          paddingInline: isMobile ? 12 : 24,
          background: token.colorBgContainer,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
        }}
      >
        <Flex align="center" justify="space-between" style={{ height: '100%' }}>
          <AppLogo to={LOGIN_PATH} />
          <LanguageSwitch isCompact={isMobile} />
        </Flex>
      </Header>
      <Content style={{ display: 'flex', justifyContent: 'center', alignItems: 'center', padding: 16 }}>
        <div style={{ width: '100%', maxWidth: 720 }}>
          <Outlet />
        </div>
      </Content>
    </Layout>
  );
};
