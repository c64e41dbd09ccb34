// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { changeLocale, i18n } from '../../shared/i18n/i18n';
import { installBrowserStubs } from '../../shared/testing/harness';
import { LanguageSwitch } from './language-switch';

const renderSwitch = () =>
  render(
    <I18nextProvider i18n={i18n}>
      <ConfigProvider theme={{ zeroRuntime: true, token: { motion: false } }}>
        <LanguageSwitch />
      </ConfigProvider>
    </I18nextProvider>,
  );

beforeAll(installBrowserStubs);
afterEach(async () => {
  cleanup();
  await act(() => changeLocale('en-US'));
});

describe('the language switch', () => {
  it('draws only its button until pressed, then opens the menu at the first press and switches the language', async () => {
    await act(() => changeLocale('en-US'));
    renderSwitch();
    const button = screen.getByTestId('language-switch');
    expect(button.textContent).toBe('English');
    fireEvent.pointerEnter(button);
    fireEvent.focus(button);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button.getAttribute('aria-expanded')).toBe('false');

    button.focus();
    fireEvent.click(button);
    const russian = await screen.findByTestId('language-option-ru-RU');
    expect(screen.getByRole('menu')).toBeTruthy();
    expect(screen.getByTestId('language-switch').getAttribute('aria-expanded')).toBe('true');
    // The button, drawn anew inside the popover, keeps the keyboard focus.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('language-switch')));

    fireEvent.click(russian);
    await waitFor(() => expect(screen.getByTestId('language-switch').textContent).toBe('Русский'));
    expect(i18n.language).toBe('ru-RU');
    expect(screen.getByTestId('language-switch').getAttribute('aria-expanded')).toBe('false');
  });

  it('toggles the menu with the popover once loaded', async () => {
    renderSwitch();
    fireEvent.click(screen.getByTestId('language-switch'));
    await screen.findByTestId('language-option-zh-CN');
    await waitFor(() => expect(screen.getByTestId('language-switch').getAttribute('aria-expanded')).toBe('true'));
    fireEvent.click(screen.getByTestId('language-switch'));
    await waitFor(() => expect(screen.getByTestId('language-switch').getAttribute('aria-expanded')).toBe('false'));
    fireEvent.click(screen.getByTestId('language-switch'));
    await waitFor(() => expect(screen.getByTestId('language-switch').getAttribute('aria-expanded')).toBe('true'));
  });
});
