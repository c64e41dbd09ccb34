import { DownloadOutlined, ShopOutlined } from '@ant-design/icons';
import type { MobileApp } from '@ptc/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Flex, QRCode, Row, Typography } from 'antd';
import { useTranslation } from '../../shared/i18n/use-translation';
import { CONNECTION_HELP_QUERY_KEYS, getMobileApps, proseIn } from './connection-help.api';
import { HelpList, HelpPage } from './help-page';
import { PLATFORM_NAMES, PlatformIcon } from './platform-icon';

/** One app link: platform, name, version, where it is offered, the button and a QR code of the link. */
const AppCard = ({ app, index }: { app: MobileApp; index: number }) => {
  const { t, i18n } = useTranslation();
  const testId = `mobile-app-${app.platform}-${app.kind}-${index}`;
  return (
    <Card
      size="small"
      style={{ height: '100%' }}
      title={
        <Flex gap={8} align="center">
          <PlatformIcon platform={app.platform} />
          <span>{PLATFORM_NAMES[app.platform]}</span>
        </Flex>
      }
      data-testid={testId}
    >
      <Flex gap={16} wrap>
        <Flex vertical gap={8} style={{ flex: '1 1 180px', minWidth: 0 }}>
          <Typography.Text strong style={{ wordBreak: 'break-word' }}>
            {app.name}
          </Typography.Text>
          <Typography.Text data-testid={`${testId}-version`}>
            {t('connectionHelp.version', { version: app.version })}
          </Typography.Text>
          {app.released_at ? (
            <Typography.Text type="secondary">
              {t('connectionHelp.released', { date: app.released_at })}
            </Typography.Text>
          ) : null}
          {app.availability ? (
            <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
              {proseIn(app.availability, i18n.language)}
            </Typography.Paragraph>
          ) : null}
          <div>
            <Button
              type="primary"
              icon={app.kind === 'apk' ? <DownloadOutlined /> : <ShopOutlined />}
              href={app.url}
              target="_blank"
              rel="noopener noreferrer"
              data-testid={`${testId}-link`}
            >
              {app.kind === 'apk' ? t('connectionHelp.mobile.apk') : t('connectionHelp.mobile.store')}
            </Button>
          </div>
        </Flex>
        <Flex vertical align="center" gap={4}>
          <QRCode value={app.url} size={120} bordered={false} />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('connectionHelp.mobile.scan')}
          </Typography.Text>
        </Flex>
      </Flex>
    </Card>
  );
};

/** `/mobile-app` (SPEC §2, §9, issue #20): the iOS and Android apps (`GET /proxy/mobile_apps`). */
const MobileAppPage = () => {
  const { t } = useTranslation();
  const apps = useQuery({
    queryKey: CONNECTION_HELP_QUERY_KEYS.mobileApps,
    queryFn: ({ signal }) => getMobileApps(signal),
  });
  return (
    <HelpPage
      testId="mobile-app"
      title={t('menu.connectionAssistance.mobileApp')}
      intro={t('connectionHelp.mobile.intro')}
    >
      <HelpList
        query={apps}
        render={(list: MobileApp[]) => (
          <Row gutter={[16, 16]}>
            {list.map((app, index) => (
              <Col key={`${app.platform}-${app.url}`} xs={24} lg={12}>
                <AppCard app={app} index={index} />
              </Col>
            ))}
          </Row>
        )}
      />
    </HelpPage>
  );
};

export default MobileAppPage;
