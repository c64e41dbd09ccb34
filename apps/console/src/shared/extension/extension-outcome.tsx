import { DownloadOutlined } from '@ant-design/icons';
import { EXTENSION_PROXY_TIMEOUT_MS } from '@ptc/contracts';
import { Alert, Button, Descriptions, Flex, Modal, Spin, Typography } from 'antd';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { countryName } from '../i18n/place-names';
import type { TFunction } from '../i18n/translator';
import { useTranslation } from '../i18n/use-translation';
import {
  EXTENSION_DOWNLOAD_URL,
  openQuickAccess,
  type ProxySetOutcome,
  setBrowserProxy,
} from './extension-client';
import './extension-texts';

/** What the console asks the extension to do. */
export type ExtensionTask =
  /** This browser goes out through the proxy (the proxy list's row action, the connect dialog). */
  | { kind: 'use_proxy'; proxyId: string; name: string }
  /** A quick-access entry opens in a new tab through its proxy. */
  | { kind: 'open'; id: string; url: string };

/**
 * The prompt when no extension answers (SPEC §8 "browser extension not found", prompting the
 * download): the download and, where the caller gives it, the way to the install steps.
 */
export const ExtensionNotFound = ({ onInstallSteps }: { onInstallSteps?: (() => void) | undefined }) => {
  const { t } = useTranslation();
  return (
    <Alert
      type="warning"
      showIcon
      title={t('extension.notFound')}
      data-testid="extension-not-found"
      description={
        <Flex vertical gap={8}>
          <span>{t('extension.notFound.hint')}</span>
          <Flex gap={8} wrap>
            <Button
              type="primary"
              icon={<DownloadOutlined />}
              href={EXTENSION_DOWNLOAD_URL}
              download
              data-testid="extension-download"
            >
              {t('extension.download')}
            </Button>
            {onInstallSteps ? (
              <Button onClick={onInstallSteps} data-testid="extension-install-steps">
                {t('extension.installSteps')}
              </Button>
            ) : null}
          </Flex>
        </Flex>
      }
    />
  );
};

/**
 * The extension's reason in words: its own codes (`proxy_auth_rejected`, `gateway_unreachable`,
 * `http_502`…) have a text; anything else is shown as the extension said it.
 */
export const reasonText = (reason: string, t: TFunction, exists: (key: string) => boolean): string => {
  const status = /^http_(\d{3})$/.exec(reason)?.[1];
  if (status) return t('extension.reason.http', { status });
  const key = `extension.reason.${reason}`;
  return /^[a-z_]+$/.test(reason) && exists(key) ? t(key) : reason;
};

/** The outcome of a task, as SPEC §4 names the states. */
const OutcomeBody = ({
  task,
  outcome,
  onInstallSteps,
}: {
  task: ExtensionTask;
  outcome: ProxySetOutcome | null;
  onInstallSteps?: (() => void) | undefined;
}) => {
  const { t, i18n } = useTranslation();
  if (outcome === null) {
    return (
      <Flex align="center" gap={12} data-testid="extension-pending">
        <Spin />
        <Typography.Text>
          {task.kind === 'open'
            ? t('extension.open.pending', { url: task.url })
            : t('extension.set.pending', { name: task.name })}{' '}
          <Typography.Text type="secondary">
            {t('extension.set.wait', { seconds: EXTENSION_PROXY_TIMEOUT_MS / 1000 })}
          </Typography.Text>
        </Typography.Text>
      </Flex>
    );
  }
  if (outcome.state === 'not_found') return <ExtensionNotFound onInstallSteps={onInstallSteps} />;
  if (outcome.state === 'success') {
    return (
      <Flex vertical gap={8} data-testid="extension-success" data-state="success">
        <Alert
          type="success"
          showIcon
          title={
            task.kind === 'open'
              ? t('extension.open.success')
              : t('extension.set.success', { name: task.name })
          }
        />
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label={t('extension.exitIp')}>
            <span data-testid="extension-exit-ip">{outcome.ip ?? t('extension.unknown')}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('extension.exitCountry')}>
            <span data-testid="extension-exit-country">
              {outcome.country ? countryName(outcome.country, i18n.language) : t('extension.unknown')}
            </span>
          </Descriptions.Item>
        </Descriptions>
      </Flex>
    );
  }
  return (
    <Alert
      type="error"
      showIcon
      title={t('extension.set.failed')}
      data-testid="extension-failed"
      data-state={outcome.state}
      description={
        <Flex vertical gap={4}>
          <span>
            {outcome.state === 'timeout'
              ? t('extension.set.timeoutHint', { seconds: EXTENSION_PROXY_TIMEOUT_MS / 1000 })
              : t('extension.set.failedHint')}
          </span>
          <Typography.Text
            type="secondary"
            style={{ wordBreak: 'break-word' }}
            data-testid="extension-reason"
          >
            {t('extension.set.reason', { reason: reasonText(outcome.reason, t, (key) => i18n.exists(key)) })}
          </Typography.Text>
        </Flex>
      }
    />
  );
};

/** The dialog that follows one task from "waiting for the extension" to its outcome. */
const ExtensionTaskDialog = ({
  task,
  outcome,
  onClose,
  onInstallSteps,
}: {
  task: ExtensionTask;
  outcome: ProxySetOutcome | null;
  onClose: () => void;
  onInstallSteps?: (() => void) | undefined;
}) => {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={t('extension.title')}
      onCancel={onClose}
      footer={
        <Button onClick={onClose} data-testid="extension-task-close">
          {t('extension.close')}
        </Button>
      }
      destroyOnHidden
    >
      <div data-testid="extension-task-dialog" data-state={outcome?.state ?? 'pending'}>
        <OutcomeBody
          task={task}
          outcome={outcome}
          onInstallSteps={
            onInstallSteps
              ? () => {
                  onClose();
                  onInstallSteps();
                }
              : undefined
          }
        />
      </div>
    </Modal>
  );
};

/**
 * Runs extension tasks and shows each one's outcome in a dialog: success with the exit IP and
 * country, "extension setting failed or timed out", or "browser extension not found" with the
 * download (SPEC §4, §8). Render `dialog` where the caller is.
 */
export const useExtensionTask = (
  onInstallSteps?: () => void,
): { start: (task: ExtensionTask) => void; dialog: ReactNode } => {
  const [task, setTask] = useState<ExtensionTask | null>(null);
  const [outcome, setOutcome] = useState<ProxySetOutcome | null>(null);
  const run = useRef(0);
  const start = useCallback((next: ExtensionTask) => {
    run.current += 1;
    const id = run.current;
    setTask(next);
    setOutcome(null);
    const pending = next.kind === 'open' ? openQuickAccess(next.id) : setBrowserProxy(next.proxyId);
    void pending
      .catch((error: unknown): ProxySetOutcome => ({ state: 'failed', reason: String(error) }))
      .then((answer) => {
        // A closed dialog (or a newer task) ignores a late answer.
        if (run.current === id) setOutcome(answer);
      });
  }, []);
  const close = useCallback(() => {
    run.current += 1;
    setTask(null);
    setOutcome(null);
  }, []);
  const dialog = task ? (
    <ExtensionTaskDialog task={task} outcome={outcome} onClose={close} onInstallSteps={onInstallSteps} />
  ) : null;
  return { start, dialog };
};
