import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * DESIGN §4: money is never a float. Amounts come as decimal strings and become micro-PTC
 * `bigint` through `@ptc/contracts`; this test keeps float conversions out of the wallet code.
 */
const SRC = fileURLToPath(new URL('../../', import.meta.url));
const WALLET_PATHS = [
  'features/charge',
  'features/money-trail',
  'features/wechat-pay',
  'features/stripe',
  'app/layouts/header-balance.tsx',
];

/** Conversions that would turn an amount into a float (or round it through one). */
const FLOAT_CONVERSION =
  /\bparseFloat\s*\(|\bparseInt\s*\(|\bNumber\s*\(|\.toFixed\s*\(|\.valueOf\s*\(|[^\w)\]\s]\s*\+\s*[\w.]*\b(amount|balance|total|fee|bonus|price|value|free|credited|threshold)\b/i;

const listSources = (path: string): string[] => {
  const full = join(SRC, path);
  if (/\.tsx?$/.test(path)) return [full];
  return readdirSync(full, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? listSources(join(path, entry.name))
      : /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts')
        ? [join(full, entry.name)]
        : [],
  );
};

/** The lines of `source` that convert to a float, as `line: text`. */
const findFloatConversions = (source: string): string[] =>
  source
    .split('\n')
    .map((line, index) => ({ line, number: index + 1 }))
    .filter(({ line }) => !line.trim().startsWith('//') && !line.trim().startsWith('*'))
    .filter(({ line }) => FLOAT_CONVERSION.test(line))
    .map(({ line, number }) => `${number}: ${line.trim()}`);

describe('money guard', () => {
  it('recognises float conversions of amounts', () => {
    expect(findFloatConversions('const x = parseFloat(order.amount);')).toHaveLength(1);
    expect(findFloatConversions('const x = Number(user.balance);')).toHaveLength(1);
    expect(findFloatConversions('const x = (1.5).toFixed(2);')).toHaveLength(1);
    expect(findFloatConversions('const x = +record.price;')).toHaveLength(1);
    expect(findFloatConversions('const x = parsePtc(order.amount) + quote.fee;')).toEqual([]);
    expect(findFloatConversions('const ok = Number.isFinite(ms);')).toEqual([]);
  });

  it('finds no float conversion in the wallet code', () => {
    const files = WALLET_PATHS.filter((path) => existsSync(join(SRC, path))).flatMap(listSources);
    expect(files.length).toBeGreaterThan(5);
    const offences = files.flatMap((file) =>
      findFloatConversions(readFileSync(file, 'utf8')).map((line) => `${relative(SRC, file)}:${line}`),
    );
    expect(offences).toEqual([]);
  });
});
