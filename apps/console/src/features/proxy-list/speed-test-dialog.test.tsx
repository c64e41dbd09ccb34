// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../shared/i18n/i18n';
import { proxyRow } from '../../shared/testing/factories';
import { installBrowserStubs, mockApi, Providers, recordToasts } from '../../shared/testing/harness';
import './proxies-texts';
import { SpeedTestDialog, speedTestProgress } from './speed-test-dialog';

const proxy = proxyRow(4);

const renderDialog = () =>
  render(
    <Providers>
      <SpeedTestDialog proxy={proxy} onClose={() => undefined} />
    </Providers>,
  );

beforeAll(() => {
  installBrowserStubs();
});

beforeEach(async () => {
  recordToasts();
  await i18n.changeLanguage('en-US');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the speed test', { timeout: 20_000 }, () => {
  it('fills its bar towards 95% while the server measures', () => {
    expect(speedTestProgress(0)).toBe(0);
    expect(speedTestProgress(7_500)).toBe(48);
    expect(speedTestProgress(60_000)).toBe(95);
  });

  it('shows progress, then latency, total time and speed', async () => {
    let finish: (value: unknown) => void = () => undefined;
    const answered = new Promise((resolve) => {
      finish = resolve;
    });
    const api = mockApi({
      'POST /proxy/test': async () => {
        await answered;
        return {
          data: {
            state: 'completed',
            latency_ms: 212.4,
            total_ms: 480.9,
            speed_kbps: 1536.25,
            error: null,
            failure: null,
          },
        };
      },
    });
    renderDialog();
    expect(await screen.findByTestId('proxy-speed-running')).toBeTruthy();
    finish(null);
    expect((await screen.findByTestId('proxy-speed-latency')).textContent).toBe('212 ms');
    expect(screen.getByText('481 ms')).toBeTruthy();
    expect(screen.getByText('1536.3 KB/s')).toBeTruthy();
    expect(api.callsTo('POST', '/proxy/test').map((call) => call.body)).toEqual([{ token_id: 'p4' }]);
  });

  it('says the proxy is unavailable when the test fails, and tries again on Retry', async () => {
    const api = mockApi({
      'POST /proxy/test': () => ({
        data: {
          state: 'error',
          latency_ms: null,
          total_ms: null,
          speed_kbps: null,
          error: 'the proxy answered HTTP 403',
          failure: 'proxy',
        },
      }),
    });
    renderDialog();
    const failure = await screen.findByTestId('proxy-speed-error');
    expect(failure.textContent).toContain('Speed test error: the proxy is unavailable');
    expect(failure.textContent).not.toContain('HTTP 403');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(api.callsTo('POST', '/proxy/test')).toHaveLength(2));
  });

  it('does not blame the proxy when the gateway refused the test target by its policy', async () => {
    mockApi({
      'POST /proxy/test': () => ({
        data: {
          state: 'error',
          latency_ms: null,
          total_ms: null,
          speed_kbps: null,
          error:
            'the target was refused by the gateway policy (a private, loopback or reserved address or port)',
          failure: 'policy',
        },
      }),
    });
    renderDialog();
    const failure = await screen.findByTestId('proxy-speed-error');
    expect(failure.textContent).toContain('refused by the gateway policy');
    expect(failure.textContent).toContain('the proxy itself may be fine');
    expect(failure.textContent).not.toContain('the proxy is unavailable');
  });
});
