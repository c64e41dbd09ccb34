// @vitest-environment jsdom
import type { UserInfo } from '@ptc/contracts';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { changeLocale } from '../../shared/i18n/i18n';
import { clearSession, setUserInfo } from '../../shared/session/session';
import { installBrowserStubs } from '../../shared/testing/harness';
import { DemoMarker } from './demo-marker';

const user = (demo?: boolean) => ({ user_name: 'alice', balance: '0.000000', demo }) as UserInfo;

const renderMarker = () => render(<DemoMarker />);

beforeAll(installBrowserStubs);
afterEach(() => {
  cleanup();
  clearSession();
});

describe('the demo marker in the header', () => {
  it('shows "Demo" in each language when the server says demo mode is on', async () => {
    setUserInfo(user(true));
    renderMarker();
    for (const [locale, text] of [
      ['en-US', 'Demo'],
      ['ru-RU', 'Демо'],
      ['zh-CN', '演示'],
    ] as const) {
      await act(() => changeLocale(locale));
      expect(screen.getByTestId('demo-marker').textContent).toBe(text);
    }
  });

  it('shows nothing when demo mode is off or the server does not say', () => {
    setUserInfo(user(false));
    const { container, rerender } = renderMarker();
    expect(container.textContent).toBe('');
    setUserInfo(user(undefined));
    rerender(<DemoMarker />);
    expect(screen.queryByTestId('demo-marker')).toBeNull();
  });
});
