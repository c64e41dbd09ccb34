import { cloneElement, type ReactElement, type ReactNode, useMemo, useSyncExternalStore } from 'react';
import { i18n } from './i18n';
import type { TFunction, TOptions } from './translator';

const subscribe = (onChange: () => void) => i18n.onLanguageChanged(onChange);
const currentLanguage = () => i18n.language;

/**
 * The translator for a component: `t` in the language in use, a new `t` after each change of
 * language (so memoised texts follow it), and the translator itself.
 */
export const useTranslation = (): { t: TFunction; i18n: typeof i18n } => {
  const language = useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `t` for each language is the point
  return useMemo(() => ({ t: (key: string, options?: TOptions) => i18n.t(key, options), i18n }), [language]);
};

const TAG = /<(\w+)>([\s\S]*?)<\/\1>|<(\w+)\s*\/>/g;

/** `text` with `<name>…</name>` and `<name/>` drawn as `components[name]` around their words. */
const withComponents = (text: string, components: Readonly<Record<string, ReactElement>>): ReactNode[] => {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    const [whole, openName, inner, selfClosingName] = match;
    if (match.index > last) nodes.push(text.slice(last, match.index));
    const component = components[openName ?? selfClosingName ?? ''];
    if (!component) nodes.push(whole);
    else if (inner === undefined) nodes.push(cloneElement(component, { key: nodes.length }));
    else nodes.push(cloneElement(component, { key: nodes.length }, ...withComponents(inner, components)));
    last = match.index + whole.length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
};

/** A text whose tags (`I agree to the <terms>Terms</terms>`) become the given elements. */
export const Trans = ({
  i18nKey,
  components,
  values,
}: {
  i18nKey: string;
  components: Readonly<Record<string, ReactElement>>;
  values?: TOptions;
}) => {
  const { t } = useTranslation();
  return <>{withComponents(t(i18nKey, values), components)}</>;
};
