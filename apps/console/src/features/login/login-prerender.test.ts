// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '../settings/settings.store';
import {
  applyOnFirstUse,
  canHydrateLogin,
  type HydrationFacts,
  holdActions,
  keepTypedValues,
  mirrorLocaleCookie,
} from './login-prerender';

const facts: HydrationFacts = {
  prerender: { page: 'login', locale: 'ru-RU', layout: 'mobile' },
  pathname: '/login',
  search: '?redirect=%2Fproxy',
  locale: 'ru-RU',
  isMobile: true,
  hasToken: false,
  hasRememberedAccount: false,
  settings: DEFAULT_SETTINGS,
};

describe('hydrating the prerendered sign-in page', () => {
  it('hydrates only what the first render draws the same way', () => {
    expect(canHydrateLogin(facts)).toBe(true);
    expect(
      canHydrateLogin({ ...facts, isMobile: false, prerender: { ...facts.prerender, layout: 'desktop' } }),
    ).toBe(true);
    const differing: Partial<HydrationFacts>[] = [
      { prerender: {} },
      { pathname: '/register' },
      { locale: 'en-US' },
      { isMobile: false },
      { hasToken: true },
      { hasRememberedAccount: true },
      { settings: { ...DEFAULT_SETTINGS, theme: 'dark' } },
      { settings: { ...DEFAULT_SETTINGS, colorPrimary: '#ff0000' } },
      { search: '?oauth=github&code=1&state=2' },
    ];
    for (const change of differing)
      expect(canHydrateLogin({ ...facts, ...change }), JSON.stringify(change)).toBe(false);
  });

  it('mirrors the language into the cookie the server reads', () => {
    mirrorLocaleCookie('zh-CN');
    expect(document.cookie).toContain('ptc_locale=zh-CN');
  });

  it('hands what was typed before hydration to the handlers as input and click events', () => {
    document.body.innerHTML =
      '<div id="c"><input id="t" value=""><input id="u" value="kept"><input id="k" type="checkbox"></div>';
    const text = document.getElementById('t') as HTMLInputElement;
    const checkbox = document.getElementById('k') as HTMLInputElement;
    text.value = 'typed@example.test';
    checkbox.checked = true;
    const replay = keepTypedValues(document.getElementById('c') as HTMLElement);
    const inputs = vi.fn((event: Event) => (event.target as HTMLInputElement).value);
    const textInputs = (event: Event) => (event.target as HTMLInputElement).type === 'text' && inputs(event);
    const clicks = vi.fn((event: Event) => (event.target as HTMLInputElement).checked);
    document.body.addEventListener('input', textInputs);
    document.body.addEventListener('click', clicks);
    replay();
    expect(inputs).toHaveBeenCalledOnce();
    expect(inputs.mock.results[0]?.value).toBe('typed@example.test');
    expect(clicks.mock.results.map((result) => result.value)).toEqual([true]);
    expect(text.value).toBe('typed@example.test');
    expect(checkbox.checked).toBe(true);
  });

  it('holds a submit and button clicks from every other listener until React has the page, then does them again, once', () => {
    document.body.innerHTML =
      '<div id="c"><button id="l" type="button">Language</button><form id="f"><button id="b">Log in</button></form></div>';
    const container = document.getElementById('c') as HTMLElement;
    const form = document.getElementById('f') as HTMLFormElement;
    const language = document.getElementById('l') as HTMLButtonElement;
    const submits: boolean[] = [];
    form.addEventListener('submit', (event) => {
      submits.push(event.defaultPrevented);
      event.preventDefault();
    });
    const clicks = vi.fn();
    language.addEventListener('click', clicks);
    const held = holdActions(container);
    // React's listeners, added on the container when it starts hydrating, see nothing held either.
    // (A submit button's click goes on: its submit is what is held.)
    const reactSaw = vi.fn();
    container.addEventListener('click', (event) => event.target === language && reactSaw(), true);
    container.addEventListener('submit', reactSaw, true);
    (document.getElementById('b') as HTMLButtonElement).click();
    language.click();
    language.click();
    expect([submits, clicks.mock.calls.length, reactSaw.mock.calls.length]).toEqual([[], 0, 0]);
    held.release();
    held.replay();
    expect(submits).toEqual([false]);
    expect(clicks).toHaveBeenCalledOnce();
    // Once: nothing more to replay.
    held.replay();
    expect(submits).toHaveLength(1);
    expect(clicks).toHaveBeenCalledOnce();
  });

  it('clicks the button React drew in place of a held one, found by its test id', () => {
    const container = document.createElement('div');
    container.innerHTML = '<button type="button" data-testid="language-switch">EN</button>';
    document.body.append(container);
    try {
      const held = holdActions(container);
      container.querySelector('button')?.click();
      held.release();
      // Drawn anew: the prerendered button is gone, React's stands in its place.
      container.innerHTML = '<button type="button" data-testid="language-switch">EN</button>';
      const clicks = vi.fn();
      container.querySelector('button')?.addEventListener('click', clicks);
      held.replay();
      expect(clicks).toHaveBeenCalledOnce();
    } finally {
      container.remove();
    }
  });

  it('applies the later styles at the first use of the page, or when idle once asked, and once', () => {
    vi.useFakeTimers();
    try {
      const used = vi.fn();
      applyOnFirstUse(used);
      vi.advanceTimersByTime(5_000);
      // Not before the page is used or the entry asks for idle time.
      expect(used).not.toHaveBeenCalled();
      window.dispatchEvent(new Event('focusin'));
      expect(used).toHaveBeenCalledOnce();
      window.dispatchEvent(new Event('keydown'));
      expect(used).toHaveBeenCalledOnce();

      const idle = vi.fn();
      const later = applyOnFirstUse(idle);
      later.whenIdle();
      expect(idle).not.toHaveBeenCalled();
      vi.advanceTimersByTime(2_000);
      expect(idle).toHaveBeenCalledOnce();
      document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
      expect(idle).toHaveBeenCalledOnce();
    } finally {
      vi.useRealTimers();
    }
  });
});
