import {
  ArrowLeftOutlined,
  CopyOutlined,
  DisconnectOutlined,
  FullscreenOutlined,
  KeyOutlined,
  LinkOutlined,
  SendOutlined,
  SnippetsOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Input, Spin, Tag, Tooltip, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from '../../shared/i18n/use-translation';
import { copyToClipboard } from '../../shared/ui/clipboard';
import { useFeedback } from '../../shared/ui/feedback';
import { useIsMobile } from '../../shared/ui/use-is-mobile';
import { pagePath } from '../proxy-list/page-path';
import { countryName } from '../proxy-list/proxy-display';
import './remote-pc-texts';
import { listVms, REMOTE_PC_QUERY_KEYS, requestVmRemote } from './remote-pcs.api';
import { StatusCell, useConfSpec } from './vm-display';
import { canOperate, confName, websocketUrl } from './vm-rules';
import type { VncEnd, VncSession } from './vnc-session';

/** Where the page is: the limits warning, asking for a ticket, connecting, connected, or ended. */
type Phase =
  | { kind: 'warning' }
  | { kind: 'requesting' }
  | { kind: 'connecting' }
  | { kind: 'connected' }
  | { kind: 'ended'; end: VncEnd | { kind: 'viewer' } | { kind: 'ticket' } };

/** The first page of the list, to name the PC and its state (at most 100, the API's page size). */
const useVmOfPage = (id: string) => {
  const list = useQuery({
    queryKey: REMOTE_PC_QUERY_KEYS.list(1, 100),
    queryFn: ({ signal }) => listVms(1, 100, signal),
    staleTime: 10_000,
  });
  return list.data?.data.find((vm) => vm.id === id);
};

/** The SPEC's limits warning, shown before the first connection. */
const LimitsWarning = ({
  onConnect,
  isBusy,
  canConnect,
}: {
  onConnect: () => void;
  isBusy: boolean;
  canConnect: boolean;
}) => {
  const { t } = useTranslation();
  const points = ['purpose', 'abuse', 'traffic', 'session'] as const;
  return (
    <Card data-testid="vm-remote-warning">
      <Flex vertical gap={16}>
        <Alert
          type="warning"
          showIcon
          title={t('remotePc.remote.warningTitle')}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {points.map((point) => (
                <li key={point} data-testid={`vm-remote-warning-${point}`}>
                  {t(`remotePc.remote.warning.${point}`)}
                </li>
              ))}
            </ul>
          }
        />
        <div>
          <Tooltip title={canConnect ? null : t('remotePc.cannotOperate')}>
            <Button
              type="primary"
              size="large"
              icon={<LinkOutlined />}
              loading={isBusy}
              disabled={!canConnect}
              onClick={onConnect}
              data-testid="vm-remote-connect"
            >
              {t('remotePc.remote.connect')}
            </Button>
          </Tooltip>
        </div>
      </Flex>
    </Card>
  );
};

/** What an ended session says. */
const useEndText = () => {
  const { t } = useTranslation();
  return (end: Extract<Phase, { kind: 'ended' }>['end']) => {
    switch (end.kind) {
      case 'clean':
      case 'ticket':
        return t('remotePc.remote.disconnected');
      case 'lost':
        return t('remotePc.remote.lost');
      case 'refused':
        return t('remotePc.remote.refused', { reason: end.reason });
      default:
        return t('remotePc.remote.viewerFailed');
    }
  };
};

/**
 * The remote control of one PC (`/remote-service/remote/:id`, a page of its own without the menu;
 * SPEC §2, issue #19). The limits warning comes first; Connect asks for a single-use ticket
 * (`POST /proxy/vm/remote`) and opens noVNC on the relay's WebSocket with the PC's VNC password.
 * The screen scales to the frame; Ctrl+Alt+Del, full screen, the clipboard both ways (a text panel),
 * typing text key by key (phones and tablets have no keyboard the canvas takes),
 * disconnect, and reconnect (a new ticket each time). noVNC is loaded on connecting only.
 */
const RemoteControlPage = () => {
  const { t, i18n } = useTranslation();
  const { message } = useFeedback();
  const isMobile = useIsMobile();
  const { id = '' } = useParams();
  const vm = useVmOfPage(id);
  const confSpec = useConfSpec();
  const endText = useEndText();
  const [phase, setPhase] = useState<Phase>({ kind: 'warning' });
  // The warning was accepted and a first ticket obtained: the viewer shows from then on.
  const [hasAccepted, setHasAccepted] = useState(false);
  const [clipboard, setClipboard] = useState('');
  const [isClipboardOpen, setIsClipboardOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [isKeyboardOpen, setIsKeyboardOpen] = useState(false);
  const frameRef = useRef<HTMLDivElement>(null);
  const screenRef = useRef<HTMLDivElement>(null);
  const sessionRef = useRef<VncSession | null>(null);
  // Each connection's number: events of an earlier session are ignored.
  const attemptRef = useRef(0);

  const closeSession = useCallback(() => {
    attemptRef.current += 1;
    sessionRef.current?.disconnect();
    sessionRef.current = null;
  }, []);
  useEffect(() => closeSession, [closeSession]);

  const connect = async () => {
    closeSession();
    const attempt = attemptRef.current;
    const isCurrent = () => attempt === attemptRef.current;
    setPhase({ kind: 'requesting' });
    let ticket: Awaited<ReturnType<typeof requestVmRemote>>;
    try {
      // Refusals (not running: 20008; released: 20007; not found: 20005) are shown by the API client.
      ticket = await requestVmRemote(id);
    } catch {
      if (isCurrent())
        setPhase(hasAccepted ? { kind: 'ended', end: { kind: 'ticket' } } : { kind: 'warning' });
      return;
    }
    if (!isCurrent()) return;
    setHasAccepted(true);
    let viewer: typeof import('./vnc-session');
    try {
      viewer = await import('./vnc-session');
    } catch {
      if (isCurrent()) setPhase({ kind: 'ended', end: { kind: 'viewer' } });
      return;
    }
    const target = screenRef.current;
    if (!isCurrent() || !target) return;
    setPhase({ kind: 'connecting' });
    try {
      sessionRef.current = viewer.openVncSession(
        target,
        websocketUrl(ticket.url, window.location),
        ticket.password,
        {
          onConnected: () => {
            if (isCurrent()) setPhase({ kind: 'connected' });
          },
          onEnded: (end) => {
            if (!isCurrent()) return;
            sessionRef.current = null;
            setPhase({ kind: 'ended', end });
          },
          onClipboard: (text) => {
            if (isCurrent()) setClipboard(text);
          },
        },
      );
    } catch {
      setPhase({ kind: 'ended', end: { kind: 'viewer' } });
    }
  };

  const disconnect = () => {
    const session = sessionRef.current;
    if (session) session.disconnect();
    else setPhase({ kind: 'ended', end: { kind: 'clean' } });
  };

  const fullscreen = () => void frameRef.current?.requestFullscreen?.().catch(() => undefined);
  const canFullscreen = typeof document !== 'undefined' && document.fullscreenEnabled === true;

  const copyClipboard = async () => {
    if ((await copyToClipboard(clipboard)) === 'copied') void message.success(t('remotePc.copied'));
    else void message.warning(t('remotePc.copyFailed'));
  };
  const sendClipboard = () => {
    sessionRef.current?.paste(clipboard);
    void message.success(t('remotePc.remote.clipboardSent'));
    sessionRef.current?.focus();
  };

  const typeText = () => {
    sessionRef.current?.type(typed);
    setTyped('');
  };

  const isConnected = phase.kind === 'connected';
  const isBusy = phase.kind === 'requesting' || phase.kind === 'connecting';
  const showsViewer = hasAccepted;
  const statusTag = () => {
    if (phase.kind === 'connected') return <Tag color="success">{t('remotePc.remote.connected')}</Tag>;
    if (isBusy) return <Tag color="processing">{t('remotePc.remote.connecting')}</Tag>;
    return <Tag>{t('remotePc.remote.disconnected')}</Tag>;
  };

  // Wider than the page layout's 720 px column: the screen takes the window's width (at most 1600 px).
  const width = isMobile ? 'calc(100vw - 32px)' : 'min(1600px, calc(100vw - 48px))';

  return (
    <Flex
      vertical
      gap={12}
      style={{ width, marginLeft: `calc((100% - ${width}) / 2)`, minWidth: 0 }}
      data-testid="vm-remote"
      data-phase={phase.kind}
    >
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Link to={pagePath('remoteService')} data-testid="vm-remote-back">
          <ArrowLeftOutlined /> {t('remotePc.remote.back')}
        </Link>
        {showsViewer ? <span data-testid="vm-remote-state">{statusTag()}</span> : null}
      </Flex>
      <Typography.Title level={1} style={{ fontSize: 22, margin: 0 }}>
        {t('remotePc.remote.title')}
      </Typography.Title>
      <Flex gap={12} align="center" wrap data-testid="vm-remote-pc">
        <Typography.Text type="secondary">{t('remotePc.remote.pc', { id })}</Typography.Text>
        {vm ? (
          <>
            <Typography.Text>
              {countryName(vm.area, i18n.language)} · {confName(vm.vm_conf, i18n.language)} ·{' '}
              {confSpec(vm.vm_conf)}
            </Typography.Text>
            <StatusCell vm={vm} />
          </>
        ) : null}
      </Flex>
      {showsViewer ? null : (
        <LimitsWarning
          onConnect={() => void connect()}
          isBusy={phase.kind === 'requesting'}
          canConnect={vm ? canOperate(vm, 'remote') : true}
        />
      )}
      <div style={showsViewer ? undefined : { display: 'none' }}>
        <Flex vertical gap={8}>
          <Flex gap={8} wrap data-testid="vm-remote-toolbar">
            <Button
              size={isMobile ? 'small' : 'middle'}
              disabled={!isConnected}
              onClick={() => sessionRef.current?.sendCtrlAltDel()}
              data-testid="vm-remote-ctrl-alt-del"
            >
              {t('remotePc.remote.ctrlAltDel')}
            </Button>
            <Button
              size={isMobile ? 'small' : 'middle'}
              icon={<SnippetsOutlined />}
              onClick={() => setIsClipboardOpen((open) => !open)}
              aria-expanded={isClipboardOpen}
              data-testid="vm-remote-clipboard-toggle"
            >
              {t('remotePc.remote.clipboard')}
            </Button>
            <Button
              size={isMobile ? 'small' : 'middle'}
              icon={<KeyOutlined />}
              onClick={() => setIsKeyboardOpen((open) => !open)}
              aria-expanded={isKeyboardOpen}
              data-testid="vm-remote-keyboard-toggle"
            >
              {t('remotePc.remote.keyboard')}
            </Button>
            {canFullscreen ? (
              <Button
                size={isMobile ? 'small' : 'middle'}
                icon={<FullscreenOutlined />}
                disabled={!isConnected}
                onClick={fullscreen}
                data-testid="vm-remote-fullscreen"
              >
                {t('remotePc.remote.fullscreen')}
              </Button>
            ) : null}
            {isConnected || isBusy ? (
              <Button
                size={isMobile ? 'small' : 'middle'}
                danger
                icon={<DisconnectOutlined />}
                disabled={phase.kind === 'requesting'}
                onClick={disconnect}
                data-testid="vm-remote-disconnect"
              >
                {t('remotePc.remote.disconnect')}
              </Button>
            ) : (
              <Button
                size={isMobile ? 'small' : 'middle'}
                type="primary"
                icon={<LinkOutlined />}
                onClick={() => void connect()}
                data-testid="vm-remote-reconnect"
              >
                {t('remotePc.remote.reconnect')}
              </Button>
            )}
          </Flex>
          {isKeyboardOpen ? (
            <Card size="small" data-testid="vm-remote-keyboard">
              <Flex vertical gap={8}>
                <Typography.Text type="secondary">{t('remotePc.remote.keyboardHint')}</Typography.Text>
                <Input
                  value={typed}
                  onChange={(event) => setTyped(event.target.value)}
                  onPressEnter={() => (typed ? typeText() : sessionRef.current?.press('Return'))}
                  aria-label={t('remotePc.remote.keyboard')}
                  autoComplete="off"
                  autoCapitalize="off"
                  data-testid="vm-remote-keyboard-text"
                />
                <Flex gap={8} wrap>
                  <Button
                    size="small"
                    type="primary"
                    disabled={!isConnected || typed === ''}
                    onClick={typeText}
                    data-testid="vm-remote-keyboard-type"
                  >
                    {t('remotePc.remote.keyboardType')}
                  </Button>
                  <Button
                    size="small"
                    disabled={!isConnected}
                    onClick={() => sessionRef.current?.press('Return')}
                    data-testid="vm-remote-key-enter"
                  >
                    {t('remotePc.remote.keyEnter')}
                  </Button>
                  <Button
                    size="small"
                    disabled={!isConnected}
                    onClick={() => sessionRef.current?.press('BackSpace')}
                    data-testid="vm-remote-key-backspace"
                  >
                    {t('remotePc.remote.keyBackspace')}
                  </Button>
                  <Button
                    size="small"
                    disabled={!isConnected}
                    onClick={() => sessionRef.current?.press('Tab')}
                    data-testid="vm-remote-key-tab"
                  >
                    {t('remotePc.remote.keyTab')}
                  </Button>
                </Flex>
              </Flex>
            </Card>
          ) : null}
          {isClipboardOpen ? (
            <Card size="small" data-testid="vm-remote-clipboard">
              <Flex vertical gap={8}>
                <Typography.Text type="secondary">{t('remotePc.remote.clipboardHint')}</Typography.Text>
                <Input.TextArea
                  value={clipboard}
                  onChange={(event) => setClipboard(event.target.value)}
                  autoSize={{ minRows: 2, maxRows: 6 }}
                  aria-label={t('remotePc.remote.clipboard')}
                  data-testid="vm-remote-clipboard-text"
                />
                <Flex gap={8} wrap>
                  <Button
                    size="small"
                    icon={<SendOutlined />}
                    disabled={!isConnected}
                    onClick={sendClipboard}
                    data-testid="vm-remote-clipboard-send"
                  >
                    {t('remotePc.remote.clipboardSend')}
                  </Button>
                  <Button
                    size="small"
                    icon={<CopyOutlined />}
                    disabled={clipboard === ''}
                    onClick={() => void copyClipboard()}
                    data-testid="vm-remote-clipboard-copy"
                  >
                    {t('remotePc.remote.clipboardCopy')}
                  </Button>
                </Flex>
              </Flex>
            </Card>
          ) : null}
          <div
            ref={frameRef}
            style={{
              position: 'relative',
              width: '100%',
              height: isMobile ? '62vh' : 'calc(100vh - 230px)',
              minHeight: 280,
              background: '#1f1f1f',
              borderRadius: 6,
              overflow: 'hidden',
            }}
            data-testid="vm-remote-frame"
          >
            <div ref={screenRef} style={{ width: '100%', height: '100%' }} data-testid="vm-remote-screen" />
            {isConnected ? null : (
              <Flex
                vertical
                align="center"
                justify="center"
                gap={12}
                style={{ position: 'absolute', inset: 0, padding: 16, textAlign: 'center' }}
              >
                {isBusy ? (
                  <Spin description={t('remotePc.remote.connecting')} />
                ) : phase.kind === 'ended' ? (
                  <>
                    <Typography.Text style={{ color: '#fff' }} data-testid="vm-remote-ended">
                      {endText(phase.end)}
                    </Typography.Text>
                    <Button type="primary" icon={<LinkOutlined />} onClick={() => void connect()}>
                      {t('remotePc.remote.reconnect')}
                    </Button>
                  </>
                ) : null}
              </Flex>
            )}
          </div>
        </Flex>
      </div>
    </Flex>
  );
};

export default RemoteControlPage;
