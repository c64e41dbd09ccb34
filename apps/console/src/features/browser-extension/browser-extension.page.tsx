import {
  ApiOutlined,
  DeleteOutlined,
  DownloadOutlined,
  PoweroffOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import type { ExtensionInfo, Pairing } from '@ptc/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Flex, Spin, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { readStoredPairing, writeStoredPairing } from '../../shared/extension/extension-bridge';
import {
  connectExtension,
  EXTENSION_DOWNLOAD_URL,
  EXTENSION_QUERY_KEYS,
  type ExtensionState,
  getExtensionInfo,
  listPairings,
  messageExtension,
  revokePairing,
} from '../../shared/extension/extension-client';
import { ExtensionNotFound } from '../../shared/extension/extension-outcome';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useFeedback } from '../../shared/ui/feedback';
import { LabelledTabs } from '../../shared/ui/labelled-tabs';
import { LoadFailed } from '../../shared/ui/load-failed';
import { useIsMobile } from '../../shared/ui/use-is-mobile';
import '../../shared/extension/extension-texts';
import { formatFileSize } from './file-size';

/** The browsers the install steps cover, with the product names the tabs show (the same in every language). */
const BROWSERS = [
  { key: 'chrome', name: 'Chrome', extensionsPage: 'chrome://extensions' },
  { key: 'edge', name: 'Edge', extensionsPage: 'edge://extensions' },
  { key: '360', name: '360', extensionsPage: 'chrome://extensions' },
] as const;

type BrowserKey = (typeof BROWSERS)[number]['key'];

const formatTime = (iso: string): string => dayjs(iso).format('YYYY-MM-DD HH:mm');

/** The steps to install the downloaded zip in one browser, and its store page when the operator set one. */
const InstallSteps = ({
  browser,
  store,
}: {
  browser: (typeof BROWSERS)[number];
  store: string | undefined;
}) => {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={8} data-testid={`extension-steps-${browser.key}`}>
      {store ? (
        <Alert
          type="info"
          showIcon
          title={
            <Typography.Link
              href={store}
              target="_blank"
              rel="noopener noreferrer"
              data-testid={`extension-store-${browser.key}`}
            >
              {t(`extension.store.${browser.key}`)}
            </Typography.Link>
          }
          description={t('extension.store.hint')}
        />
      ) : null}
      <ol style={{ margin: 0, paddingInlineStart: 20 }}>
        <li>{t('extension.steps.download')}</li>
        <li>{t('extension.steps.unzip')}</li>
        <li>
          {t(`extension.steps.open.${browser.key}`)}{' '}
          <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
            {browser.extensionsPage}
          </Typography.Text>
        </li>
        <li>{t(`extension.steps.developer.${browser.key}`)}</li>
        <li>{t(`extension.steps.load.${browser.key}`)}</li>
        <li>{t('extension.steps.back')}</li>
      </ol>
      <Typography.Text type="secondary">{t(`extension.steps.drag.${browser.key}`)}</Typography.Text>
    </Flex>
  );
};

/** The download: the button, the version, the size and the file's checksum. */
const DownloadCard = ({ info }: { info: ReturnType<typeof useQuery<ExtensionInfo>> }) => {
  const { t } = useTranslation();
  const data = info.data;
  return (
    <Card size="small" title={t('extension.download.title')} data-testid="extension-download-card">
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('extension.download.intro')}</Typography.Text>
        <Flex gap={12} align="center" wrap>
          <Button
            type="primary"
            icon={<DownloadOutlined />}
            href={EXTENSION_DOWNLOAD_URL}
            download={data?.file_name ?? true}
            data-testid="extension-download"
          >
            {t('extension.download')}
          </Button>
          {data ? (
            <Typography.Text data-testid="extension-version">
              {t('extension.download.version', { version: data.version, size: formatFileSize(data.size) })}
            </Typography.Text>
          ) : null}
        </Flex>
        {info.isError ? (
          <LoadFailed
            title={t('extension.download.infoFailed')}
            error={info.error}
            onRetry={() => void info.refetch()}
          />
        ) : null}
        {data ? (
          <Typography.Text type="secondary" style={{ wordBreak: 'break-all', fontSize: 12 }}>
            {data.file_name} · SHA-256 {data.sha256}
          </Typography.Text>
        ) : null}
      </Flex>
    </Card>
  );
};

/** What the extension of this browser says: not installed, installed and not paired, paired. */
const StateLine = ({ state }: { state: ExtensionState }) => {
  const { t } = useTranslation();
  switch (state.kind) {
    case 'not_found':
      return null;
    case 'unavailable':
      return (
        <Alert type="warning" showIcon title={t('extension.state.unavailable')} description={state.reason} />
      );
    case 'not_paired':
      return (
        <Alert
          type="info"
          showIcon
          title={t('extension.state.notPaired', { version: state.version })}
          description={
            state.reason
              ? t('extension.state.pairFailed', { reason: state.reason })
              : t('extension.state.notPairedHint')
          }
        />
      );
    case 'paired':
      return (
        <Alert
          type="success"
          showIcon
          title={t('extension.state.paired', { version: state.version })}
          description={
            state.active
              ? t('extension.state.active', { host: state.active.host, port: state.active.port })
              : t('extension.state.direct')
          }
        />
      );
  }
};

/** The extension of this browser, and the way to connect it or switch its proxy off. */
const ThisBrowserCard = ({
  onInstallSteps,
  autoPair,
  onConnect,
}: {
  onInstallSteps: () => void;
  /** False after this browser's own pairing was revoked here, until "connect" is clicked. */
  autoPair: boolean;
  onConnect: () => void;
}) => {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const state = useQuery({
    queryKey: [...EXTENSION_QUERY_KEYS.state, autoPair],
    // Pairs when a customer is signed in and the extension is not paired with them yet.
    queryFn: () => connectExtension({ pair: autoPair }),
    staleTime: 0,
  });
  const turnOff = useMutation({
    mutationFn: () => messageExtension({ type: 'off' }),
    onSuccess: (outcome) => {
      if (outcome.state === 'success') void message.success(t('extension.off.done'));
      else void message.error(t('extension.set.failed'));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: EXTENSION_QUERY_KEYS.state }),
  });
  const current = state.data;
  return (
    <Card size="small" title={t('extension.state.title')}>
      <Flex
        vertical
        gap={12}
        data-testid="extension-state"
        data-state={state.isFetching ? 'checking' : (current?.kind ?? 'checking')}
      >
        {state.isPending ? (
          <Flex gap={8} align="center">
            <Spin size="small" />
            <Typography.Text type="secondary">{t('extension.state.checking')}</Typography.Text>
          </Flex>
        ) : null}
        {current?.kind === 'not_found' ? <ExtensionNotFound onInstallSteps={onInstallSteps} /> : null}
        {current ? <StateLine state={current} /> : null}
        <Flex gap={8} wrap>
          {current?.kind === 'paired' ? null : (
            <Button
              type={current?.kind === 'not_paired' ? 'primary' : 'default'}
              icon={current?.kind === 'not_paired' ? <ApiOutlined /> : <ReloadOutlined />}
              loading={state.isFetching}
              onClick={() => (autoPair ? void state.refetch() : onConnect())}
              data-testid="extension-connect"
            >
              {current?.kind === 'not_paired' ? t('extension.connect') : t('extension.recheck')}
            </Button>
          )}
          {current?.kind === 'paired' && current.active ? (
            <Button
              icon={<PoweroffOutlined />}
              loading={turnOff.isPending}
              onClick={() => turnOff.mutate()}
              data-testid="extension-off"
            >
              {t('extension.off')}
            </Button>
          ) : null}
        </Flex>
      </Flex>
    </Card>
  );
};

/** The customer's connected browsers, each with "revoke". */
const PairingsCard = ({ onOwnRevoked }: { onOwnRevoked: () => void }) => {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const queryClient = useQueryClient();
  const pairings = useQuery({
    queryKey: EXTENSION_QUERY_KEYS.pairings,
    queryFn: ({ signal }) => listPairings(signal),
  });
  const ownId = readStoredPairing()?.pairing_id;
  const revoke = useMutation({
    mutationFn: (pairing: Pairing) => revokePairing(pairing.id),
    onSuccess: (_answer, pairing) => {
      void message.success(t('extension.pairings.revoke.done'));
      if (pairing.id === ownId) {
        // This browser's own pairing: the extension forgets it as well.
        writeStoredPairing(null);
        onOwnRevoked();
        void messageExtension({ type: 'unpair' });
      }
    },
    // This browser's state follows from `onOwnRevoked` (a refetch here could pair it again).
    onSettled: () => queryClient.invalidateQueries({ queryKey: EXTENSION_QUERY_KEYS.pairings }),
  });
  const labelOf = (pairing: Pairing) => pairing.label || t('extension.pairings.unnamed');
  const confirmRevoke = (pairing: Pairing) =>
    modal.confirm({
      title: t('extension.pairings.revoke.confirm', { label: labelOf(pairing) }),
      content: t('extension.pairings.revoke.effect'),
      okText: t('extension.pairings.revoke'),
      okType: 'danger',
      cancelText: t('extension.cancel'),
      okButtonProps: { 'data-testid': 'extension-revoke-confirm' } as Record<string, string>,
      onOk: () => revoke.mutateAsync(pairing).catch(() => undefined),
    });
  const list = pairings.data?.list ?? [];
  const body = () => {
    if (pairings.isError)
      return (
        <LoadFailed
          title={t('extension.pairings.loadFailed')}
          error={pairings.error}
          onRetry={() => void pairings.refetch()}
        />
      );
    if (pairings.isSuccess && list.length === 0) return <Empty description={t('extension.pairings.empty')} />;
    if (pairings.isPending) return <Spin size="small" />;
    return (
      <Flex vertical gap={8} data-testid="extension-pairings">
        {list.map((pairing) => (
          <Card key={pairing.id} size="small" data-testid={`extension-pairing-${pairing.id}`}>
            <Flex justify="space-between" align="center" gap={8} wrap>
              <Flex vertical style={{ minWidth: 0 }}>
                <Flex gap={8} wrap align="center">
                  <Typography.Text strong style={{ wordBreak: 'break-word' }}>
                    {labelOf(pairing)}
                  </Typography.Text>
                  {pairing.id === ownId ? (
                    <Tag color="blue">{t('extension.pairings.thisBrowser')}</Tag>
                  ) : null}
                </Flex>
                <Typography.Text type="secondary">
                  {t('extension.pairings.created', { time: formatTime(pairing.created_at) })}
                </Typography.Text>
                <Typography.Text type="secondary">
                  {pairing.last_used_at
                    ? t('extension.pairings.lastUsed', { time: formatTime(pairing.last_used_at) })
                    : t('extension.pairings.neverUsed')}
                </Typography.Text>
              </Flex>
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                onClick={() => confirmRevoke(pairing)}
                data-testid={`extension-revoke-${pairing.id}`}
              >
                {t('extension.pairings.revoke')}
              </Button>
            </Flex>
          </Card>
        ))}
      </Flex>
    );
  };
  return (
    <Card size="small" title={t('extension.pairings.title')}>
      <Flex vertical gap={8}>
        <Typography.Text type="secondary">{t('extension.pairings.intro')}</Typography.Text>
        {body()}
      </Flex>
    </Card>
  );
};

/**
 * `/browser-extension` (SPEC §2, issue #18): the extension's download with its version and size,
 * install steps for Chrome, Edge and 360 (load the unzipped folder, or drag the zip; the store
 * pages when the operator configured them), how the extension of this browser stands (not
 * installed; installed, not paired; paired — pairing itself when a customer is signed in), and the
 * connected browsers with "revoke".
 */
const BrowserExtensionPage = () => {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const info = useQuery({
    queryKey: EXTENSION_QUERY_KEYS.info,
    queryFn: ({ signal }) => getExtensionInfo(signal),
  });
  const [browser, setBrowser] = useState<BrowserKey>('chrome');
  // Revoking this browser's own pairing must not pair it again at once.
  const [autoPair, setAutoPair] = useState(true);
  const showSteps = () =>
    document.getElementById('extension-install-steps')?.scrollIntoView({ behavior: 'smooth' });
  return (
    <Flex vertical gap={16} style={{ minWidth: 0 }} data-testid="browser-extension">
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('menu.browserExtension')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('extension.page.intro')}
      </Typography.Paragraph>
      <ThisBrowserCard onInstallSteps={showSteps} autoPair={autoPair} onConnect={() => setAutoPair(true)} />
      <DownloadCard info={info} />
      <Card size="small" title={t('extension.steps.title')} id="extension-install-steps">
        <LabelledTabs
          size={isMobile ? 'small' : 'middle'}
          activeKey={browser}
          onChange={(key) => setBrowser(key as BrowserKey)}
          items={BROWSERS.map((entry) => ({
            key: entry.key,
            label: <span data-testid={`extension-tab-${entry.key}`}>{entry.name}</span>,
            children: <InstallSteps browser={entry} store={info.data?.stores[entry.key]} />,
          }))}
        />
      </Card>
      <PairingsCard onOwnRevoked={() => setAutoPair(false)} />
    </Flex>
  );
};

export default BrowserExtensionPage;
