import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SOURCE_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Every source file of the console below `src`, tests left out. */
const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });

/** `t('key'` or `t("key"` (also `i18n.t(…)`), and `<Trans i18nKey="key">`: a key written out. */
const LITERAL_KEYS = [/\bt\(\s*(['"])([^'"\n]+)\1/g, /\bi18nKey=(['"])([^'"\n]+)\1/g];

/** Each literal key the code translates, with the first file that uses it. */
const usedKeys = new Map<string, string>();
for (const file of sourceFiles(SOURCE_ROOT)) {
  const source = readFileSync(file, 'utf8');
  for (const [, , key] of LITERAL_KEYS.flatMap((pattern) => [...source.matchAll(pattern)])) {
    if (key && !usedKeys.has(key)) usedKeys.set(key, relative(SOURCE_ROOT, file));
  }
}

// Every locale file, also those of the features that load their texts with their pages.
const localeModules = import.meta.glob<Record<string, Record<string, string>>>('./*/*.ts', { eager: true });

/** The keys of each language: every text exported by a file of its folder. */
const keysOf = (locale: string): Set<string> =>
  new Set(
    Object.entries(localeModules)
      .filter(([path]) => path.startsWith(`./${locale}/`))
      .flatMap(([, exports]) => Object.values(exports).flatMap((texts) => Object.keys(texts))),
  );

describe('locale keys used by the code', () => {
  it.each(['en-US', 'ru-RU', 'zh-CN'])(
    '%s has a text for every literal t(…) key of the console',
    (locale) => {
      // The scan must find the code's keys, or it proves nothing.
      expect(usedKeys.size).toBeGreaterThan(400);
      const keys = keysOf(locale);
      const missing = [...usedKeys]
        .filter(([key]) => !keys.has(key))
        .map(([key, file]) => `${key} (${file})`);
      expect(missing).toEqual([]);
    },
  );
});
