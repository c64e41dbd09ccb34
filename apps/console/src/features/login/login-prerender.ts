import { LOCALE_COOKIE, type Locale } from '@ptc/contracts';
import { readOAuthReturn } from '../auth/oauth-return';
import { DEFAULT_SETTINGS, type PageSettings } from '../settings/settings.store';

/** Writes the language in use to {@link LOCALE_COOKIE} (a year; the address's whole site). */
export const mirrorLocaleCookie = (locale: Locale, doc: Document = document): void => {
  doc.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=31536000; SameSite=Lax`;
};

/** What decides whether the page the server sent is the one the client's first render draws. */
export interface HydrationFacts {
  /** `#root`'s `data-prerender*` attributes (`src/prerender/write-pages.mjs`). */
  prerender: { page?: string; locale?: string; layout?: string };
  pathname: string;
  search: string;
  locale: Locale;
  isMobile: boolean;
  hasToken: boolean;
  hasRememberedAccount: boolean;
  settings: Pick<PageSettings, 'theme' | 'colorPrimary'>;
}

/**
 * Whether `main.tsx` may hydrate the prerendered sign-in page rather than render it anew: only when
 * the client's first render draws exactly what the build did, a signed-out visitor on the sign-in
 * page in the prerender's language and layout, with the default theme, no remembered account
 * (its fields are filled in) and no OAuth return (which shows a spinner). Otherwise React renders
 * the page over it, as it renders every other page.
 */
export const canHydrateLogin = (facts: HydrationFacts): boolean =>
  facts.prerender.page === 'login' &&
  facts.pathname === '/login' &&
  facts.prerender.locale === facts.locale &&
  facts.prerender.layout === (facts.isMobile ? 'mobile' : 'desktop') &&
  !facts.hasToken &&
  !facts.hasRememberedAccount &&
  facts.settings.theme === DEFAULT_SETTINGS.theme &&
  facts.settings.colorPrimary === DEFAULT_SETTINGS.colorPrimary &&
  readOAuthReturn(facts.search) === null;

/**
 * What a visitor typed into the prerendered page's fields before the scripts came, and a way to
 * hand it to React once it has hydrated them. React hydrates a field without touching its value,
 * but its state does not know it (antd's form holds ''), and the next render puts the state's
 * value back. Replayed as the browser's own input and click events, the typing reaches the form.
 */
export const keepTypedValues = (container: HTMLElement): (() => void) => {
  type Typed = { input: HTMLInputElement; checked: boolean } | { input: HTMLInputElement; value: string };
  const typed = [...container.querySelectorAll('input')].flatMap((input): Typed[] => {
    if (input.type === 'checkbox' || input.type === 'radio')
      return input.checked === input.defaultChecked ? [] : [{ input, checked: input.checked }];
    return input.value === input.defaultValue ? [] : [{ input, value: input.value }];
  });
  return () => {
    const nativeValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    for (const entry of typed) {
      const { input } = entry;
      if (!input.isConnected) continue;
      if ('checked' in entry) {
        // Back to what React drew, then the visitor's click.
        input.checked = !entry.checked;
        input.click();
        continue;
      }
      // React's own setter records '' as the value it knows; the browser's sets the typed text,
      // which the input event then reports as a change.
      input.value = '';
      nativeValue?.call(input, entry.value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }
  };
};

/**
 * Holds what the visitor asks of the prerendered page between the entry script's start and the
 * end of React's hydration, when the page shows but nothing (or not yet everything) handles it: a
 * form's submit (which the browser would do nothing with, `method="dialog"`) and a click on a
 * button (the language switch, the guest button). Held events stop here: React's own listeners on
 * the container, added later, do not see them (a click React took half-way through hydrating was
 * lost now and then: the language menu never opened, in CI). `release` stops holding, once React
 * has the page; `replay` then submits that form again and clicks those buttons again, each once,
 * in order. A button React replaced (the page drawn anew, or hydration fell back to drawing it) is
 * found again by its `data-testid` in the container.
 */
export const holdActions = (container: HTMLElement): { release(): void; replay(): void } => {
  let submitted: HTMLFormElement | undefined;
  const clicked: HTMLButtonElement[] = [];
  const holdSubmit = (event: Event) => {
    event.preventDefault();
    event.stopImmediatePropagation();
    if (event.target instanceof HTMLFormElement) submitted = event.target;
  };
  const holdClick = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    // A submit button's click is a submit, held as one.
    if (!button || button.type === 'submit') return;
    event.stopImmediatePropagation();
    if (!clicked.includes(button)) clicked.push(button);
  };
  /** The button itself while it is in the page, else the one React drew in its place. */
  const current = (button: HTMLButtonElement): HTMLButtonElement | null => {
    if (button.isConnected) return button;
    const id = button.dataset.testid;
    if (!id) return null;
    for (const other of container.querySelectorAll('button')) if (other.dataset.testid === id) return other;
    return null;
  };
  container.addEventListener('submit', holdSubmit, true);
  container.addEventListener('click', holdClick, true);
  return {
    release: () => {
      container.removeEventListener('submit', holdSubmit, true);
      container.removeEventListener('click', holdClick, true);
    },
    replay: () => {
      for (const button of clicked.splice(0)) current(button)?.click();
      if (submitted?.isConnected) submitted.requestSubmit();
      submitted = undefined;
    },
  };
};

// `applyOnFirstUse` moved to `shared/ui/first-use.ts`; kept here for its callers.
export { applyOnFirstUse } from '../../shared/ui/first-use';
