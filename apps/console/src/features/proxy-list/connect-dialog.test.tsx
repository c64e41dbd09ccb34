// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../shared/i18n/i18n';
import { proxyRow } from '../../shared/testing/factories';
import { installBrowserStubs, mockApi, Providers } from '../../shared/testing/harness';
import './proxies-texts';
import { ConnectDialog } from './connect-dialog';

const renderDialog = (protocol: 'http' | 'socks5' = 'http') =>
  render(
    <Providers>
      <ConnectDialog
        proxy={proxyRow(4, { protocol, password: 'Pa55wordWithNoBreaks' })}
        onClose={() => undefined}
      />
    </Providers>,
  );

beforeAll(() => {
  installBrowserStubs();
});

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the connect dialog', { timeout: 20_000 }, () => {
  it('gives a Python snippet for the proxy that wraps only at spaces, with a copy button', async () => {
    const writeText = vi.fn(async (_text: string) => undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    mockApi();
    renderDialog();
    fireEvent.click(screen.getByTestId('proxy-snippet-tab-python'));
    const code = await screen.findByTestId('proxy-snippet-python');
    expect(code.textContent).toContain('proxy = "http://user4:Pa55wordWithNoBreaks@gw.example.test:8000"');
    expect(code.style.whiteSpace).toBe('pre-wrap');
    expect(code.style.wordBreak).toBe('normal');
    expect(code.style.overflowWrap).toBe('normal');
    fireEvent.click(screen.getByTestId('proxy-snippet-python-copy'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(code.textContent));
  });

  it('says why a SOCKS5 proxy has no browser snippet', async () => {
    mockApi();
    renderDialog('socks5');
    fireEvent.click(screen.getByTestId('proxy-snippet-tab-playwright'));
    expect((await screen.findByTestId('proxy-snippet-playwright')).textContent).toBe(
      'Chromium sends no password to SOCKS5 proxies: use an HTTP proxy with Playwright.',
    );
  });

  it("checks the proxy and shows the exit's IP and country", async () => {
    const api = mockApi({
      'POST /proxy/check': () => ({
        data: { state: 'completed', ip: '198.51.100.7', country: 'DE', latency_ms: 41, code: null },
      }),
    });
    renderDialog();
    fireEvent.click(screen.getByTestId('proxy-check-run'));
    expect((await screen.findByTestId('proxy-check-ip')).textContent).toBe('198.51.100.7');
    expect(screen.getByTestId('proxy-check-country').textContent).toBe('Germany');
    expect(api.callsTo('POST', '/proxy/check')[0]?.body).toEqual({ token_id: 'p4' });
  });

  it('names a failed check by its code, in the language of the interface', async () => {
    mockApi({
      'POST /proxy/check': () => ({
        data: { state: 'error', ip: null, country: null, latency_ms: null, code: 4013 },
      }),
    });
    await i18n.changeLanguage('ru-RU');
    renderDialog();
    fireEvent.click(screen.getByTestId('proxy-check-run'));
    const failure = await screen.findByTestId('proxy-check-error');
    expect(failure.getAttribute('data-code')).toBe('4013');
    expect(failure.textContent).toBe(
      i18n.t('proxies.connect.checkFailed', { reason: i18n.t('errors.ERR_PROXY_LOST_EFFICACY') }),
    );
    expect(failure.textContent).toMatch(/^Проверка не удалась: /);
  });
});
