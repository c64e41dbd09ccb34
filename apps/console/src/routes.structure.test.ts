import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The structure of issue #16: the route table is data that imports no page; only the router
 * imports the page table (`routes.pages.ts`), so features may read paths and names from the table
 * and the menu while the pages never import the table of pages back: no import circle.
 */

const SRC = dirname(fileURLToPath(import.meta.url));
const PAGE_TABLE = join(SRC, 'routes.pages.ts');
const ROUTE_TABLE = join(SRC, 'routes.ts');
const FEATURES = join(SRC, 'features');

const listSources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return listSources(path);
    // Tests and their helpers (`*.testing.tsx`) may render the whole router.
    return /\.tsx?$/.test(name) && !/\.(test|testing)\.tsx?$/.test(name) ? [path] : [];
  });

// Value imports only: `import type` and `export type` leave nothing in the built code.
const IMPORT_PATTERNS = [
  /^\s*import\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm,
  /^\s*export\s+(?!type\s)[^'";]*?\sfrom\s+['"]([^'"]+)['"]/gm,
  /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
];

const resolveImport = (from: string, specifier: string): string | undefined => {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier);
  return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx'), base].find(
    (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
  );
};

/** Source file → the source files it imports (static and dynamic, values only). */
export const readImportGraph = (files: readonly string[]): Map<string, string[]> =>
  new Map(
    files.map((file) => {
      const code = readFileSync(file, 'utf8');
      const targets = IMPORT_PATTERNS.flatMap((pattern) =>
        [...code.matchAll(pattern)].map((match) => resolveImport(file, match[1] ?? '')),
      );
      return [file, targets.filter((target): target is string => target !== undefined)];
    }),
  );

/** The chain of imports from `start` to the first file `isTarget` accepts, or undefined. */
export const findImportChain = (
  graph: ReadonlyMap<string, readonly string[]>,
  start: string,
  isTarget: (file: string) => boolean,
): string[] | undefined => {
  const seen = new Set<string>([start]);
  const queue: string[][] = [[start]];
  for (let chain = queue.shift(); chain; chain = queue.shift()) {
    for (const next of graph.get(chain.at(-1) ?? '') ?? []) {
      if (isTarget(next)) return [...chain, next];
      if (seen.has(next)) continue;
      seen.add(next);
      queue.push([...chain, next]);
    }
  }
  return undefined;
};

const show = (chain: string[] | undefined) => chain?.map((file) => relative(SRC, file)).join(' → ');

describe('the route table and the pages', () => {
  const graph = readImportGraph(listSources(SRC));

  it('finds import chains, dynamic imports included and type-only imports left out', () => {
    const fake = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
    ]);
    expect(findImportChain(fake, 'a', (file) => file === 'c')).toEqual(['a', 'b', 'c']);
    expect(findImportChain(fake, 'a', (file) => file === 'd')).toBeUndefined();
    // The router loads pages with import(): the page table is reached from it.
    expect(findImportChain(graph, join(SRC, 'app/router.tsx'), (file) => file === PAGE_TABLE)).toBeDefined();
    expect(graph.get(PAGE_TABLE)?.some((file) => file.startsWith(FEATURES))).toBe(true);
  });

  it('lets no feature import the page table, directly or through other modules', () => {
    const chains = [...graph.keys()]
      .filter((file) => file.startsWith(FEATURES))
      .map((file) => findImportChain(graph, file, (target) => target === PAGE_TABLE))
      .filter((chain) => chain !== undefined);
    expect(chains.map(show)).toEqual([]);
  });

  it('keeps the route table, its paths and the navigation built from it free of pages and features', () => {
    const dataModules = [
      ROUTE_TABLE,
      join(SRC, 'routes.paths.ts'),
      join(SRC, 'routes.types.ts'),
      join(SRC, 'routes.webapp.ts'),
      join(SRC, 'app/navigation/route-tree.ts'),
    ];
    const chains = dataModules
      .map((file) =>
        findImportChain(graph, file, (target) => target === PAGE_TABLE || target.startsWith(FEATURES)),
      )
      .filter((chain) => chain !== undefined);
    expect(chains.map(show)).toEqual([]);
  });
});
