// @vitest-environment jsdom
import { AppError, type ReplacementLimits } from '@ptc/contracts';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../shared/api/query-client';
import { i18n } from '../../shared/i18n/i18n';
import { proxyRow } from '../../shared/testing/factories';
import { installBrowserStubs, mockApi, Providers, recordToasts } from '../../shared/testing/harness';
import './proxies-texts';
import { isReplaceableRow, ReplaceDialog } from './replace-dialog';

const proxy = proxyRow(5, {
  generate: 'static',
  proxy_type: 'ip',
  type: 'residential',
  ip: '203.0.113.7',
  renew_days: 30,
  expire_time: new Date(Date.now() + 20 * 86_400_000).toISOString(),
});

const limits = (overrides: Partial<ReplacementLimits> = {}): ReplacementLimits => ({
  period_days: 30,
  proxy_limit: 3,
  proxy_used: 0,
  proxy_left: 3,
  account_limit: 20,
  account_used: 0,
  account_left: 20,
  next_at: null,
  ...overrides,
});

const renderDialog = () => {
  const onReplaced = vi.fn();
  const onClose = vi.fn();
  render(
    <Providers>
      <ReplaceDialog proxy={proxy} onClose={onClose} onReplaced={onReplaced} />
    </Providers>,
  );
  return { onReplaced, onClose };
};

beforeAll(() => {
  installBrowserStubs();
});

beforeEach(async () => {
  queryClient.clear();
  await i18n.changeLanguage('en-US');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('replacing the IP of a static proxy', { timeout: 20_000 }, () => {
  it('is offered for live static proxies only', () => {
    expect(isReplaceableRow(proxy)).toBe(true);
    expect(isReplaceableRow({ ...proxy, status: 3 })).toBe(false);
    expect(isReplaceableRow({ ...proxy, status: 2 })).toBe(false);
    expect(isReplaceableRow({ ...proxy, deleted: true })).toBe(false);
    expect(isReplaceableRow({ ...proxy, generate: 'dynamic' })).toBe(false);
  });

  it('asks for a reason, shows the replacements left, then the old and the new address', async () => {
    const replaced = { ...proxy, ip: '203.0.113.9' };
    const api = mockApi({
      'GET /proxy/token/replacement/p5': () => ({ data: limits() }),
      'POST /proxy/token/replace/p5': () => ({
        data: {
          proxy: replaced,
          old_ip: '203.0.113.7',
          new_ip: '203.0.113.9',
          reason: 'blocked',
          replaced_at: new Date().toISOString(),
          repeated: false,
          limits: limits({ proxy_used: 1, proxy_left: 2, account_used: 1, account_left: 19 }),
        },
      }),
    });
    const { onReplaced } = renderDialog();
    expect((await screen.findByTestId('proxy-replace-left')).textContent).toBe(
      '3 of 3 replacements left for this proxy, 20 of 20 for your account (last 30 days).',
    );
    expect(screen.getByTestId('proxy-replace-current').textContent).toBe('203.0.113.7');
    const confirm = screen.getByTestId('proxy-replace-confirm') as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.click(screen.getByText('Blocked by a target site'));
    fireEvent.change(screen.getByTestId('proxy-replace-note'), { target: { value: '  shop.example  ' } });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    expect((await screen.findByTestId('proxy-replace-result')).textContent).toBe('203.0.113.7 → 203.0.113.9');
    expect(onReplaced).toHaveBeenCalledWith(replaced);
    const [call] = api.callsTo('POST', '/proxy/token/replace/p5');
    expect(call?.body).toEqual({
      reason: 'blocked',
      note: 'shop.example',
      request_id: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(screen.getByTestId('proxy-replace-left').textContent).toContain('2 of 3');
  });

  it('keeps its request id for a retry after a failure, and says so when no replacement is left', async () => {
    const toasts = recordToasts();
    let answers = 0;
    const api = mockApi({
      'GET /proxy/token/replacement/p5': () => ({ data: limits() }),
      'POST /proxy/token/replace/p5': () => {
        answers += 1;
        throw new AppError('ERR_NEW_PROXY_FAILED');
      },
    });
    const { onReplaced } = renderDialog();
    await screen.findByTestId('proxy-replace-left');
    fireEvent.click(screen.getByText('Not working'));
    fireEvent.click(screen.getByTestId('proxy-replace-confirm'));
    await waitFor(() => expect(answers).toBe(1));
    await waitFor(() => expect(toasts).toEqual([i18n.t('errors.ERR_NEW_PROXY_FAILED')]));
    const confirm = screen.getByTestId('proxy-replace-confirm');
    await waitFor(() => expect(confirm.className).not.toContain('ant-btn-loading'));
    fireEvent.click(confirm);
    await waitFor(() => expect(answers).toBe(2));
    const ids = api
      .callsTo('POST', '/proxy/token/replace/p5')
      .map((call) => (call.body as { request_id: string }).request_id);
    expect(ids[0]).toBe(ids[1]);
    expect(onReplaced).not.toHaveBeenCalled();
    cleanup();

    mockApi({
      'GET /proxy/token/replacement/p5': () => ({
        data: limits({ proxy_used: 3, proxy_left: 0, next_at: '2030-01-02T03:04:00.000Z' }),
      }),
    });
    renderDialog();
    expect(await screen.findByTestId('proxy-replace-none-left')).toBeTruthy();
    fireEvent.click(screen.getByText('Too slow'));
    expect((screen.getByTestId('proxy-replace-confirm') as HTMLButtonElement).disabled).toBe(true);
  });

  it('speaks Chinese and Russian', async () => {
    mockApi({ 'GET /proxy/token/replacement/p5': () => ({ data: limits() }) });
    await i18n.changeLanguage('zh-CN');
    renderDialog();
    expect(await screen.findByText('被目标网站封禁')).toBeTruthy();
    cleanup();
    await i18n.changeLanguage('ru-RU');
    renderDialog();
    expect(await screen.findByText('Заблокирован сайтом')).toBeTruthy();
  });
});
