import { DownloadOutlined } from '@ant-design/icons';
import type { ConnectionTool } from '@ptc/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Flex, Row, Typography } from 'antd';
import { useTranslation } from '../../shared/i18n/use-translation';
import { formatFileSize } from '../browser-extension/file-size';
import { CONNECTION_HELP_QUERY_KEYS, getConnectionTools, proseIn } from './connection-help.api';
import { GatewayHostCard } from './gateway-host-card';
import { HelpList, HelpPage } from './help-page';
import { PLATFORM_NAMES, PlatformIcon } from './platform-icon';

/** One download: platform, name, version, size, release date, notes and the button. */
const ToolCard = ({ tool }: { tool: ConnectionTool }) => {
  const { t, i18n } = useTranslation();
  return (
    <Card
      size="small"
      style={{ height: '100%' }}
      title={
        <Flex gap={8} align="center" style={{ minWidth: 0 }}>
          <PlatformIcon platform={tool.platform} />
          <span>{PLATFORM_NAMES[tool.platform]}</span>
        </Flex>
      }
      data-testid={`tool-${tool.platform}`}
    >
      <Flex vertical gap={8}>
        <Typography.Text strong style={{ wordBreak: 'break-word' }}>
          {tool.name}
        </Typography.Text>
        <Typography.Text data-testid={`tool-${tool.platform}-version`}>
          {t('connectionHelp.version', { version: tool.version })} · {formatFileSize(tool.size)}
        </Typography.Text>
        <Typography.Text type="secondary">
          {t('connectionHelp.released', { date: tool.released_at })}
        </Typography.Text>
        {tool.notes ? (
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {proseIn(tool.notes, i18n.language)}
          </Typography.Paragraph>
        ) : null}
        <div>
          <Button
            type="primary"
            icon={<DownloadOutlined />}
            href={tool.url}
            target="_blank"
            rel="noopener noreferrer"
            data-testid={`tool-${tool.platform}-download`}
          >
            {t('connectionHelp.download')}
          </Button>
        </div>
      </Flex>
    </Card>
  );
};

/**
 * `/connection-assistance/connection-tool` (SPEC §2, issue #20): the connection tool's downloads
 * per platform (`GET /proxy/tools`, the operator's content) and the preferred gateway host.
 */
const ConnectionToolPage = () => {
  const { t } = useTranslation();
  const tools = useQuery({
    queryKey: CONNECTION_HELP_QUERY_KEYS.tools,
    queryFn: ({ signal }) => getConnectionTools(signal),
  });
  return (
    <HelpPage
      testId="connection-tool"
      title={t('menu.connectionAssistance.connectionTool')}
      intro={t('connectionHelp.tool.intro')}
    >
      <HelpList
        query={tools}
        render={(list: ConnectionTool[]) => (
          <Row gutter={[16, 16]}>
            {list.map((tool) => (
              <Col key={`${tool.platform}-${tool.url}`} xs={24} md={12} xl={8}>
                <ToolCard tool={tool} />
              </Col>
            ))}
          </Row>
        )}
      />
      <GatewayHostCard />
    </HelpPage>
  );
};

export default ConnectionToolPage;
