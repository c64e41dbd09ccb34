import { CopyOutlined } from '@ant-design/icons';
import { findErrorByCode, type ProxyRow } from '@ptc/contracts';
import { Alert, Button, Descriptions, Flex, Modal, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useExtensionTask } from '../../shared/extension/extension-outcome';
import { useTranslation } from '../../shared/i18n/use-translation';
import { navigateTo } from '../../shared/navigation/navigation';
import { copyToClipboard } from '../../shared/ui/clipboard';
import { useFeedback } from '../../shared/ui/feedback';
import { pagePath } from './page-path';
import { countryName } from './proxy-display';
import { SNIPPET_KINDS, type SnippetKind, toProxyUrl, toSnippet } from './proxy-formats';
import { checkProxy, type ProxyCheckResult } from './proxy-list.api';

/** The tab names: product names, the same in every language. */
const SNIPPET_LABELS: Readonly<Record<SnippetKind, string>> = {
  curl: 'curl',
  python: 'Python',
  node: 'Node.js',
  playwright: 'Playwright',
  puppeteer: 'Puppeteer',
};

/**
 * Code as it is pasted: lines break only where the code has spaces (never inside a password or a
 * URL); a line longer than the dialog scrolls inside its box.
 */
const codeStyle = {
  margin: 0,
  padding: 12,
  fontFamily: 'monospace',
  fontSize: 13,
  whiteSpace: 'pre-wrap',
  wordBreak: 'normal',
  overflowWrap: 'normal',
  overflowX: 'auto',
  background: 'rgba(0, 0, 0, 0.04)',
  borderRadius: 6,
} as const;

/** One snippet with its copy button and what it needs. */
const Snippet = ({ kind, proxy }: { kind: SnippetKind; proxy: ProxyRow }) => {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const code = toSnippet(kind, proxy);
  const isSocks = proxy.protocol === 'socks5';
  const needsSocksNote = isSocks && kind !== 'curl';
  const note = t(`proxies.connect.note.${kind}${needsSocksNote ? 'Socks' : ''}`);
  if (code === null) {
    return <Alert type="warning" showIcon title={note} data-testid={`proxy-snippet-${kind}`} />;
  }
  const copy = async () => {
    const outcome = await copyToClipboard(code, null);
    if (outcome === 'copied') void message.success({ content: t('proxies.connect.copied'), key: 'snippet' });
    else void message.warning({ content: t('proxies.connect.copyFailed'), key: 'snippet' });
  };
  return (
    <Flex vertical gap={8}>
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Text type="secondary">{note}</Typography.Text>
        <Button
          size="small"
          icon={<CopyOutlined />}
          onClick={() => void copy()}
          data-testid={`proxy-snippet-${kind}-copy`}
        >
          {t('proxies.connect.copy')}
        </Button>
      </Flex>
      <pre style={codeStyle} data-testid={`proxy-snippet-${kind}`}>
        {code}
      </pre>
    </Flex>
  );
};

type CheckState =
  | { phase: 'idle' }
  | { phase: 'running' }
  | { phase: 'done'; result: ProxyCheckResult }
  | { phase: 'failed' };

/** The check: a request through the proxy answering the exit's IP and country, or why it failed. */
const ProxyCheck = ({ proxy }: { proxy: ProxyRow }) => {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<CheckState>({ phase: 'idle' });
  const run = async () => {
    setState({ phase: 'running' });
    try {
      setState({ phase: 'done', result: await checkProxy(proxy.id) });
    } catch {
      // The API client showed the code's text.
      setState({ phase: 'failed' });
    }
  };
  const result = state.phase === 'done' ? state.result : null;
  const reason = (code: number) => {
    const error = findErrorByCode(code);
    return error ? t(error.messageKey) : String(code);
  };
  return (
    <Flex vertical gap={8} data-testid="proxy-check">
      <Flex align="center" gap={8} wrap>
        <Button onClick={() => void run()} loading={state.phase === 'running'} data-testid="proxy-check-run">
          {t('proxies.connect.check')}
        </Button>
        <Typography.Text type="secondary">{t('proxies.connect.checkHint')}</Typography.Text>
      </Flex>
      {result?.state === 'completed' ? (
        <Flex vertical gap={8} data-testid="proxy-check-result">
          <Alert type="success" showIcon title={t('proxies.connect.checkOk')} />
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('proxies.connect.exitIp')}>
              <span data-testid="proxy-check-ip">{result.ip ?? t('proxies.connect.unknown')}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('proxies.connect.exitCountry')}>
              <span data-testid="proxy-check-country">
                {result.country ? countryName(result.country, i18n.language) : t('proxies.connect.unknown')}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('proxies.connect.latency')}>
              {t('proxies.speed.ms', { value: result.latency_ms ?? 0 })}
            </Descriptions.Item>
          </Descriptions>
        </Flex>
      ) : null}
      {result?.state === 'error' ? (
        <Alert
          type="error"
          showIcon
          title={t('proxies.connect.checkFailed', { reason: reason(result.code ?? -1) })}
          data-testid="proxy-check-error"
          data-code={result.code ?? undefined}
        />
      ) : null}
    </Flex>
  );
};

/**
 * How to connect with the proxy: the settings to enter in a client, the proxy URL, ready-to-paste
 * code for curl, Python, Node.js, Playwright and Puppeteer, a check through the proxy that shows
 * where it exits, and the ways in through the connection tool and the browser extension.
 * E2E hooks: `proxy-snippet-<kind>` (the code), `proxy-check-run`, `proxy-check-ip`.
 */
export const ConnectDialog = ({ proxy, onClose }: { proxy: ProxyRow | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const go = (name: string) => {
    onClose();
    void navigateTo(pagePath(name));
  };
  // The extension button sets this browser to the proxy; without the extension, it offers the download.
  const extension = useExtensionTask(() => go('browserExtension'));
  return (
    <Modal
      open={proxy !== null}
      title={t('proxies.connect.title')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('proxies.close')}</Button>}
      width={720}
      destroyOnHidden
    >
      {proxy ? (
        <Flex vertical gap={12} data-testid="proxy-connect-dialog" style={{ minWidth: 0 }}>
          <Typography.Text type="secondary">{t('proxies.connect.intro')}</Typography.Text>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('proxies.copy.address')}>{proxy.address}</Descriptions.Item>
            <Descriptions.Item label={t('proxies.copy.port')}>{proxy.port}</Descriptions.Item>
            <Descriptions.Item label={t('proxies.column.protocol')}>
              {proxy.protocol.toUpperCase()}
            </Descriptions.Item>
            <Descriptions.Item label={t('proxies.copy.username')}>{proxy.username}</Descriptions.Item>
            <Descriptions.Item label={t('proxies.copy.password')}>{proxy.password}</Descriptions.Item>
          </Descriptions>
          <Typography.Text strong>{t('proxies.connect.url')}</Typography.Text>
          <Typography.Paragraph copyable code style={{ margin: 0, whiteSpace: 'nowrap', overflowX: 'auto' }}>
            {toProxyUrl(proxy)}
          </Typography.Paragraph>
          <ProxyCheck proxy={proxy} />
          <Typography.Text strong>{t('proxies.connect.snippets')}</Typography.Text>
          <Tabs
            size="small"
            items={SNIPPET_KINDS.map((kind) => ({
              key: kind,
              label: <span data-testid={`proxy-snippet-tab-${kind}`}>{SNIPPET_LABELS[kind]}</span>,
              children: <Snippet kind={kind} proxy={proxy} />,
            }))}
          />
          <Flex gap={8} wrap>
            <Button onClick={() => go('connectionTool')}>{t('proxies.connect.tool')}</Button>
            <Button
              onClick={() => extension.start({ kind: 'use_proxy', proxyId: proxy.id, name: proxy.username })}
              data-testid="proxy-connect-extension"
            >
              {t('proxies.connect.extension')}
            </Button>
          </Flex>
        </Flex>
      ) : null}
      {extension.dialog}
    </Modal>
  );
};
