import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import type { ProxyRow } from '@ptc/contracts';
import { Alert, Button, Descriptions, Flex, Modal, Progress, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { runSpeedTest, type SpeedTestResult } from './proxy-list.api';

/** The server gives up after 15 s; the bar fills towards that. */
const EXPECTED_MS = 15_000;
const TICK_MS = 250;

type TestState =
  | { phase: 'running'; startedAt: number }
  | { phase: 'completed'; result: SpeedTestResult }
  | { phase: 'error'; reason: string | null; failure: SpeedTestResult['failure'] };

/** How far the bar is after `elapsed` ms: it approaches 95% and only the answer completes it. */
export const speedTestProgress = (elapsed: number): number =>
  Math.min(95, Math.round((95 * elapsed) / EXPECTED_MS));

const SpeedTestBody = ({ proxy }: { proxy: ProxyRow }) => {
  const { t } = useTranslation();
  const [state, setState] = useState<TestState>({ phase: 'running', startedAt: Date.now() });
  const [now, setNow] = useState(Date.now());
  const run = useRef(0);

  const start = () => {
    const attempt = run.current + 1;
    run.current = attempt;
    setState({ phase: 'running', startedAt: Date.now() });
    runSpeedTest(proxy.id)
      .then((result) => {
        if (run.current !== attempt) return;
        setState(
          result.state === 'completed'
            ? { phase: 'completed', result }
            : { phase: 'error', reason: result.error, failure: result.failure },
        );
      })
      .catch(() => {
        // The API client showed the code's text; the dialog offers a retry.
        if (run.current === attempt) setState({ phase: 'error', reason: null, failure: null });
      });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: one test when the dialog opens; Retry starts the next.
  useEffect(() => {
    start();
    return () => {
      run.current += 1;
    };
  }, []);

  useEffect(() => {
    if (state.phase !== 'running') return;
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [state.phase]);

  if (state.phase === 'running') {
    return (
      <Flex vertical gap={8} data-testid="proxy-speed-running">
        <Typography.Text>{t('proxies.speed.running')}</Typography.Text>
        <Progress percent={speedTestProgress(now - state.startedAt)} status="active" />
      </Flex>
    );
  }
  if (state.phase === 'error') {
    return (
      // The server's reason is English and technical: kept for support in an attribute, not shown.
      <Flex
        vertical
        gap={12}
        data-testid="proxy-speed-error"
        data-reason={state.reason ?? undefined}
        data-failure={state.failure ?? undefined}
      >
        {/* Whose the failure is: a test target refused by the gateway's policy is not the proxy's. */}
        <Alert
          type={state.failure === 'proxy' || state.failure === null ? 'error' : 'warning'}
          showIcon
          icon={<CloseCircleFilled />}
          title={t(
            state.failure === 'policy'
              ? 'proxies.speed.errorPolicy'
              : state.failure === 'target'
                ? 'proxies.speed.errorTarget'
                : 'proxies.speed.error',
          )}
        />
        <Flex justify="end">
          <Button onClick={start}>{t('common.retry')}</Button>
        </Flex>
      </Flex>
    );
  }
  const { result } = state;
  const ms = (value: number | null) =>
    value === null ? '—' : t('proxies.speed.ms', { value: Math.round(value) });
  return (
    <Flex vertical gap={12} data-testid="proxy-speed-result">
      <Typography.Text>
        <CheckCircleFilled style={{ color: '#52c41a', marginInlineEnd: 8 }} />
        {t('proxies.speed.completed')}
      </Typography.Text>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('proxies.speed.latency')}>
          <span data-testid="proxy-speed-latency">{ms(result.latency_ms)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('proxies.speed.total')}>{ms(result.total_ms)}</Descriptions.Item>
        <Descriptions.Item label={t('proxies.speed.speed')}>
          {result.speed_kbps === null
            ? '—'
            : t('proxies.speed.kbps', { value: result.speed_kbps.toFixed(1) })}
        </Descriptions.Item>
      </Descriptions>
      <Flex justify="end">
        <Button onClick={start}>{t('proxies.speed.again')}</Button>
      </Flex>
    </Flex>
  );
};

/** Speed test (SPEC §4: start, completed, error): progress while the server measures, then latency and speed. */
export const SpeedTestDialog = ({ proxy, onClose }: { proxy: ProxyRow | null; onClose: () => void }) => {
  const { t } = useTranslation();
  return (
    <Modal
      open={proxy !== null}
      title={t('proxies.speed.title')}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      maskClosable={false}
    >
      {proxy ? <SpeedTestBody key={proxy.id} proxy={proxy} /> : null}
    </Modal>
  );
};
