import { ExportOutlined } from '@ant-design/icons';
import type { FingerprintBrowser } from '@ptc/contracts';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Button, Card, Col, Flex, Row, Typography } from 'antd';
import { useTranslation } from '../../shared/i18n/use-translation';
import { CONNECTION_HELP_QUERY_KEYS, getFingerprintBrowsers, proseIn } from './connection-help.api';
import { HelpList, HelpPage } from './help-page';

/** One partner: logo (or initial), name, description, promo code with "copy", and the link. */
const PartnerCard = ({ partner }: { partner: FingerprintBrowser }) => {
  const { t, i18n } = useTranslation();
  const testId = `partner-${partner.id}`;
  return (
    <Card size="small" style={{ height: '100%' }} data-testid={testId}>
      <Flex vertical gap={12}>
        <Flex gap={12} align="center" style={{ minWidth: 0 }}>
          <Avatar
            shape="square"
            size={40}
            alt=""
            {...(partner.logo_url ? { src: partner.logo_url } : {})}
            style={{ flex: 'none' }}
          >
            {partner.name.charAt(0).toUpperCase()}
          </Avatar>
          <Typography.Text strong style={{ fontSize: 16, wordBreak: 'break-word' }}>
            {partner.name}
          </Typography.Text>
        </Flex>
        <Typography.Paragraph style={{ margin: 0 }} data-testid={`${testId}-description`}>
          {proseIn(partner.description, i18n.language)}
        </Typography.Paragraph>
        {partner.promo_code ? (
          <Flex vertical gap={4}>
            <Typography.Text>
              {t('connectionHelp.fingerprint.promoCode')}{' '}
              <Typography.Text
                code
                copyable={{ tooltips: [t('connectionHelp.copy'), t('connectionHelp.copied')] }}
                data-testid={`${testId}-promo`}
                style={{ wordBreak: 'break-all' }}
              >
                {partner.promo_code}
              </Typography.Text>
            </Typography.Text>
            {partner.promo ? (
              <Typography.Text type="secondary">{proseIn(partner.promo, i18n.language)}</Typography.Text>
            ) : null}
          </Flex>
        ) : null}
        <div>
          <Button
            icon={<ExportOutlined />}
            href={partner.url}
            target="_blank"
            rel="noopener noreferrer"
            data-testid={`${testId}-link`}
          >
            {t('connectionHelp.fingerprint.visit', { name: partner.name })}
          </Button>
        </div>
      </Flex>
    </Card>
  );
};

/**
 * `/fingerprint-browser` (SPEC §1, §2, issue #20): the fingerprint-browser partners with their
 * promo codes and links (`GET /proxy/fingerprint_browsers`, the operator's content).
 */
const FingerprintBrowserPage = () => {
  const { t } = useTranslation();
  const partners = useQuery({
    queryKey: CONNECTION_HELP_QUERY_KEYS.fingerprintBrowsers,
    queryFn: ({ signal }) => getFingerprintBrowsers(signal),
  });
  return (
    <HelpPage
      testId="fingerprint-browser"
      title={t('menu.connectionAssistance.fingerprintBrowser')}
      intro={t('connectionHelp.fingerprint.intro')}
    >
      <HelpList
        query={partners}
        render={(list: FingerprintBrowser[]) => (
          <Row gutter={[16, 16]}>
            {list.map((partner) => (
              <Col key={partner.id} xs={24} md={12} xl={8}>
                <PartnerCard partner={partner} />
              </Col>
            ))}
          </Row>
        )}
      />
    </HelpPage>
  );
};

export default FingerprintBrowserPage;
