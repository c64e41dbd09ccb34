/**
 * The console's translator: flat dotted keys, texts per language added as their chunks load,
 * `{{name}}` interpolation and a fallback language. It is what the console used of i18next
 * (which, with react-i18next, weighed some 17 KB gzip of the sign-in page's script: issue #16),
 * with the same behaviour for those uses: a missing text falls back to the fallback language, then
 * to `defaultValue`, then to the key; a missing value interpolates as nothing; nothing is escaped
 * (React escapes).
 */

/** Values for `{{name}}` placeholders, and the text to use when no language has the key. */
export type TOptions = Readonly<Record<string, unknown>> & { readonly defaultValue?: string };

/** Translates a key in the language in use. */
export type TFunction = (key: string, options?: TOptions) => string;

type Texts = Readonly<Record<string, string>>;

const PLACEHOLDER = /\{\{(.+?)\}\}/g;

/** `text` with each `{{name}}` replaced by `values[name]` (nothing when absent). */
export const interpolate = (text: string, values: TOptions | undefined): string =>
  values === undefined || !text.includes('{{')
    ? text
    : text.replace(PLACEHOLDER, (_, name: string) => {
        const value = values[name.trim()];
        return value === undefined || value === null ? '' : String(value);
      });

export class Translator {
  private readonly texts = new Map<string, Map<string, string>>();
  private readonly listeners = new Set<(language: string) => void>();
  private current: string;

  constructor(
    language: string,
    private readonly fallbackLanguage: string,
  ) {
    this.current = language;
  }

  /** The language in use. */
  get language(): string {
    return this.current;
  }

  /** Adds texts of `language`; texts already there for a key are kept. */
  addTexts(language: string, texts: Texts): void {
    let known = this.texts.get(language);
    if (!known) {
      known = new Map();
      this.texts.set(language, known);
    }
    for (const [key, text] of Object.entries(texts)) if (!known.has(key)) known.set(key, text);
  }

  /** Whether the language in use or the fallback has a text for `key`. */
  exists(key: string): boolean {
    return this.find(key) !== undefined;
  }

  /** The text of `key` in the language in use, interpolated (unbound: `i18n.t` is passed around). */
  t: TFunction = (key, options) => interpolate(this.find(key) ?? options?.defaultValue ?? key, options);

  /** Switches the language and tells the listeners (the components using texts re-render). */
  async changeLanguage(language: string): Promise<void> {
    if (language === this.current) return;
    this.current = language;
    for (const listener of this.listeners) listener(language);
  }

  /** Calls `listener` after each change of language; answers the unsubscribe. */
  onLanguageChanged(listener: (language: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private find(key: string): string | undefined {
    return this.texts.get(this.current)?.get(key) ?? this.texts.get(this.fallbackLanguage)?.get(key);
  }
}
