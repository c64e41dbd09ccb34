// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../shared/i18n/i18n';
import { proxyRow } from '../../shared/testing/factories';
import { installBrowserStubs, Providers } from '../../shared/testing/harness';
import './proxies-texts';
import { CopyDialog } from './copy-dialog';

const proxy = proxyRow(3, {
  address: 'proxy.example.com',
  port: 8000,
  username: 'u8f2k1',
  password: 'Secr3t',
  session: 'ab12cd',
  ip: '203.0.113.9',
});

const setClipboard = (clipboard: { writeText: (text: string) => Promise<void> } | undefined) =>
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: clipboard });

const setSelectionCopy = (isAllowed: boolean) => {
  const execCommand = vi.fn(() => isAllowed);
  Object.defineProperty(document, 'execCommand', { configurable: true, value: execCommand });
  return execCommand;
};

const renderDialog = () =>
  render(
    <Providers>
      <CopyDialog proxy={proxy} onClose={() => undefined} />
    </Providers>,
  );

const field = (key: string) => screen.getByTestId(`proxy-copy-${key}`) as HTMLInputElement;

beforeAll(() => {
  installBrowserStubs();
});

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

afterEach(() => {
  cleanup();
  setClipboard(undefined);
  vi.restoreAllMocks();
});

describe('the copy dialog', { timeout: 20_000 }, () => {
  it('shows session, IP, address, port, username, password and both forms', () => {
    renderDialog();
    expect(field('session').value).toBe('ab12cd');
    expect(field('ip').value).toBe('203.0.113.9');
    expect(field('address').value).toBe('proxy.example.com');
    expect(field('port').value).toBe('8000');
    expect(field('username').value).toBe('u8f2k1');
    expect(field('password').value).toBe('Secr3t');
    expect(field('colonForm').value).toBe('proxy.example.com:8000:u8f2k1:Secr3t');
    expect(field('atForm').value).toBe('u8f2k1:Secr3t@proxy.example.com:8000');
    expect(screen.getByText('address:port:user:pass')).toBeTruthy();
    expect(screen.getByText('user:pass@address:port')).toBeTruthy();
  });

  it('copies address:port:user:pass and user:pass@address:port with the clipboard API', async () => {
    const writeText = vi.fn(async () => undefined);
    setClipboard({ writeText });
    renderDialog();
    fireEvent.click(screen.getByTestId('proxy-copy-colonForm-button'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('proxy.example.com:8000:u8f2k1:Secr3t'));
    fireEvent.click(screen.getByTestId('proxy-copy-atForm-button'));
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith('u8f2k1:Secr3t@proxy.example.com:8000'));
    expect(await screen.findByText('Copied')).toBeTruthy();
    expect(screen.queryByTestId('proxy-copy-unsupported')).toBeNull();
  });

  it('falls back to the selection copy when the clipboard API is missing', async () => {
    const execCommand = setSelectionCopy(true);
    renderDialog();
    fireEvent.click(screen.getByTestId('proxy-copy-password-button'));
    await waitFor(() => expect(execCommand).toHaveBeenCalledWith('copy'));
    expect(await screen.findByText('Copied')).toBeTruthy();
    expect(screen.queryByTestId('proxy-copy-unsupported')).toBeNull();
  });

  it('selects the text and says to press Ctrl+C when no clipboard access works', async () => {
    setClipboard({ writeText: vi.fn(async () => Promise.reject(new Error('NotAllowedError'))) });
    setSelectionCopy(false);
    renderDialog();
    fireEvent.click(screen.getByTestId('proxy-copy-atForm-button'));
    const notice = await screen.findByTestId('proxy-copy-unsupported');
    expect(notice.textContent).toContain('Clipboard not supported');
    expect(notice.textContent).toContain('Ctrl+C');
    const input = field('atForm');
    expect(document.activeElement).toBe(input);
    expect(input.selectionStart).toBe(0);
    expect(input.selectionEnd).toBe('u8f2k1:Secr3t@proxy.example.com:8000'.length);
  });

  it('offers no copy for a line the proxy does not have', () => {
    render(
      <Providers>
        <CopyDialog proxy={{ ...proxy, session: null }} onClose={() => undefined} />
      </Providers>,
    );
    expect(field('session').value).toBe('');
    expect((screen.getByTestId('proxy-copy-session-button') as HTMLButtonElement).disabled).toBe(true);
  });

  it('speaks the interface language', async () => {
    await i18n.changeLanguage('ru-RU');
    renderDialog();
    expect(screen.getByText('Копировать прокси')).toBeTruthy();
    expect(screen.getByText('адрес:порт:логин:пароль')).toBeTruthy();
  });
});
