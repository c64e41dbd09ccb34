// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import ruRU from 'antd/locale/ru_RU';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installBrowserStubs } from '../testing/harness';
import { message, modal } from './feedback';
import { FeedbackRoot } from './feedback-root';

beforeAll(installBrowserStubs);
afterEach(cleanup);

const renderRoot = (children: React.ReactNode = null) =>
  render(
    <ConfigProvider locale={ruRU} theme={{ zeroRuntime: true, token: { motion: false } }}>
      <FeedbackRoot>{children}</FeedbackRoot>
    </ConfigProvider>,
  );

describe('toasts and dialogs loaded on first use', () => {
  it("renders antd's ant-app element with the theme's CSS variables and no holder before a toast", async () => {
    const { container } = renderRoot(<p>page</p>);
    const root = container.firstElementChild;
    expect(root?.classList.contains('ant-app')).toBe(true);
    expect([...(root?.classList ?? [])].some((name) => name.startsWith('css-var-'))).toBe(true);
    expect(root?.textContent).toBe('page');
    await act(async () => undefined);
    expect(document.querySelector('.ant-message')).toBeNull();
  });

  it("opens a confirm dialog in the ConfigProvider's language and theme and resolves to confirmed", async () => {
    let answer: Promise<boolean> | undefined;
    const { container } = renderRoot(
      <button
        type="button"
        onClick={() => {
          answer = new Promise((resolve) =>
            modal.confirm({ title: 'Удалить прокси?' }).then(resolve, () => {}),
          );
        }}
      >
        delete
      </button>,
    );
    fireEvent.click(screen.getByText('delete'));
    const [title] = await screen.findAllByText('Удалить прокси?');
    // antd's Russian pack names the buttons; the dialog carries the theme's variables.
    expect(screen.getByRole('button', { name: 'Отмена' })).toBeTruthy();
    const cssVarClass = [...(container.firstElementChild?.classList ?? [])].find((name) =>
      name.startsWith('css-var-'),
    );
    expect(title?.closest(`.${cssVarClass}`)).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await expect(answer).resolves.toBe(true);
  });

  it('shows a toast asked for before the app rendered, once it has', async () => {
    void message.success('Сохранено');
    expect(screen.queryByText('Сохранено')).toBeNull();
    renderRoot();
    expect(await screen.findByText('Сохранено')).toBeTruthy();
  });

  it('drops a dialog destroyed before it could open and resolves it as not confirmed', async () => {
    const dialog = modal.confirm({ title: 'Никогда' });
    dialog.destroy();
    const closed = new Promise<boolean>((resolve) => dialog.then(resolve, () => {}));
    renderRoot();
    void message.info('Готово');
    await screen.findByText('Готово');
    await expect(closed).resolves.toBe(false);
    await waitFor(() => expect(screen.queryByText('Никогда')).toBeNull());
  });
});
