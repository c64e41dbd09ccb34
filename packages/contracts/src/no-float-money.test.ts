import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * A lint rule, as a test: no floating-point arithmetic touches money (DESIGN §4). Money is
 * `bigint` micro-PTC, parsed from and formatted to decimal strings; these patterns would
 * smuggle a float into it.
 */
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const MONEY_CODE = [
  'packages/contracts/src/money.ts',
  'packages/contracts/src/charges.ts',
  'packages/contracts/src/pricing.ts',
  'apps/server/src/modules/wallet',
  'apps/server/src/modules/payments',
  'apps/server/src/modules/billing',
  'apps/server/src/modules/traffic',
  'apps/server/src/adapters/payments',
  'apps/console/src/features/charge',
  'apps/console/src/features/wechat-pay',
  'apps/console/src/features/stripe',
];
const MONEY_WORD =
  /amount|balance|price|fee|total|bonus|threshold|micro|ptc|cny|usd|cents?\b|fen\b|money|credit/i;
const FORBIDDEN: [RegExp, string][] = [
  [/\bparseFloat\(/, 'parseFloat'],
  [/\.toFixed\(/, 'toFixed'],
  [/\bNumber\.parseFloat\(/, 'Number.parseFloat'],
];
// Float-producing calls, forbidden when the line is about money.
const FLOAT_ON_MONEY = /\b(Number|parseInt)\(|Math\.(round|floor|ceil|trunc)\(|\*\s*0\.\d|\/\s*100\b(?!_)/;

const sourceFiles = (path: string): string[] => {
  const full = join(ROOT, path);
  if (!statSync(full, { throwIfNoEntry: false })) return [];
  if (statSync(full).isFile()) return [full];
  return readdirSync(full, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(path, entry.name))
      : /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)
        ? [join(full, entry.name)]
        : [],
  );
};

describe('money code', () => {
  it('has no floating-point arithmetic on amounts', () => {
    const offences: string[] = [];
    const files = MONEY_CODE.flatMap(sourceFiles);
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, index) => {
          const code = line.replace(/\/\/.*$/, '');
          const where = `${relative(ROOT, file)}:${index + 1}: ${line.trim()}`;
          for (const [pattern, name] of FORBIDDEN)
            if (pattern.test(code)) offences.push(`${name} in ${where}`);
          // Percentages for display are numbers by design, and a provider API may need a whole
          // number of cents as a JS integer (marked `exact integer`); neither is float arithmetic.
          const isExempt = /percent/i.test(code) || /exact integer/.test(line);
          if (FLOAT_ON_MONEY.test(code) && MONEY_WORD.test(code) && !isExempt) {
            offences.push(`float arithmetic in ${where}`);
          }
        });
    }
    expect(offences).toEqual([]);
  });

  it('would catch a float sneaking in', () => {
    const bad = 'const fee = Math.round(amount * 0.034 * 100) / 100;';
    expect(FLOAT_ON_MONEY.test(bad) && MONEY_WORD.test(bad)).toBe(true);
  });
});
