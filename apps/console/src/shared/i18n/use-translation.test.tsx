// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale } from './i18n';
import { Trans, useTranslation } from './use-translation';

afterEach(async () => {
  cleanup();
  await act(() => changeLocale('en-US'));
});

/** A link whose words `Trans` puts inside. */
const Link = ({ href, children }: { href: string; children?: ReactNode }) => <a href={href}>{children}</a>;

const Title = () => {
  const { t } = useTranslation();
  return <h1>{t('menu.login')}</h1>;
};

describe('useTranslation and Trans', () => {
  it('re-render the components using texts when the language changes', async () => {
    render(<Title />);
    expect(screen.getByRole('heading').textContent).toBe('Log in');
    await act(() => changeLocale('ru-RU'));
    expect(screen.getByRole('heading').textContent).toBe('Вход');
  });

  it('draw the tags of a text as the given elements around their words', () => {
    render(
      <Trans
        i18nKey="register.agree"
        components={{ terms: <Link href="/terms" />, privacy: <Link href="/privacy" /> }}
      />,
    );
    const links = screen.getAllByRole('link');
    expect(links.map((link) => [link.getAttribute('href'), link.textContent])).toEqual([
      ['/terms', 'Terms of Service'],
      ['/privacy', 'Privacy Policy'],
    ]);
    expect(document.body.textContent).not.toContain('<terms>');
  });
});
