import { Flex, Layout, Typography, theme } from 'antd';
import { Outlet } from 'react-router';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useIsMobile } from '../../shared/ui/use-is-mobile';
import { useCurrentRoute } from '../navigation/use-current-route';
import { LanguageSwitch } from './language-switch';

/** Shell of the native-app wrapper: no side menu (the app navigates), a compact title bar. */
export const WebappLayout = () => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const isMobile = useIsMobile();
  const titleKey = useCurrentRoute()?.route.titleKey;
  return (
    <Layout data-layout={isMobile ? 'mobile' : 'desktop'} style={{ minHeight: '100vh' }}>
      <Layout.Header
        style={{
          height: 44,
          lineHeight: '44px',
          paddingInline: 12,
          background: token.colorBgContainer,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
        }}
      >
        <Flex align="center" justify="space-between" style={{ height: '100%' }}>
          <Typography.Text strong ellipsis>
            {titleKey ? t(titleKey) : t('app.name')}
          </Typography.Text>
          <LanguageSwitch isCompact />
        </Flex>
      </Layout.Header>
      <Layout.Content style={{ padding: 12 }}>
        <Outlet />
      </Layout.Content>
    </Layout>
  );
};
