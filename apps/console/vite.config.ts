import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { rolldown } from 'rolldown';
import { defineConfig, type Plugin, parseSync } from 'vite';
import { rulesForClasses, splitAntdStyles } from './src/app/antd-styles-split';

/**
 * Writes `.br` and `.gz` beside every text asset, once at build time; the server sends them
 * to browsers that accept them (`preCompressed`), so no request pays for compression.
 */
const precompressAssets = (): Plugin => ({
  name: 'ptc-precompress-assets',
  apply: 'build',
  writeBundle(options) {
    const dir = join(options.dir ?? 'dist', 'assets');
    for (const file of readdirSync(dir)) {
      if (!/\.(js|css|svg|json)$/.test(file)) continue;
      const source = readFileSync(join(dir, file));
      if (source.length < 1_024) continue;
      writeFileSync(join(dir, `${file}.gz`), gzipSync(source, { level: 9 }));
      writeFileSync(
        join(dir, `${file}.br`),
        brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
    }
  },
});

const EARLY_ENTRY = join(dirname(fileURLToPath(import.meta.url)), 'src', 'early', 'early-entry.ts');

/**
 * The overview's early requests (`src/early/early-requests.ts`) as a script of its own, bundled
 * apart from the console so that it shares no chunk with the entry (the build would otherwise put
 * what both import into the entry's chunk, and this script would wait for it), listed in
 * `index.html` before the entry. The sign-in page's HTML leaves it out (`src/prerender/`).
 */
const earlyRequestsScript = (): Plugin => {
  let apiBase = '';
  let fileName = '';
  return {
    name: 'ptc-early-requests',
    apply: 'build',
    configResolved(config) {
      apiBase = config.env.VITE_API_BASE ?? '';
    },
    async buildStart() {
      const bundle = await rolldown({
        input: EARLY_ENTRY,
        transform: { define: { 'import.meta.env.VITE_API_BASE': JSON.stringify(apiBase) } },
      });
      const { output } = await bundle.generate({ format: 'esm', minify: true });
      await bundle.close();
      const [script, ...more] = output;
      if (script?.type !== 'chunk' || more.length > 0 || script.imports.length > 0) {
        throw new Error('src/early/early-entry.ts must bundle into one script that imports nothing');
      }
      const hash = createHash('sha256').update(script.code).digest('base64url').slice(0, 8);
      fileName = `assets/early-requests-${hash}.js`;
      this.emitFile({ type: 'asset', fileName, source: script.code });
    },
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(
          /(\s*)<script type="module" crossorigin /,
          `$1<script type="module" data-early-requests src="/${fileName}"></script>$&`,
        ),
    },
  };
};

const ANTD_STYLES_MODULE = /src[\\/]app[\\/]antd-styles-urls\.ts$/;
/** The antd classes the overview shows before it is used (`e2e/overview-styles.e2e.ts` writes it). */
const OVERVIEW_CLASSES = join(dirname(fileURLToPath(import.meta.url)), 'src', 'app', 'overview-classes.json');

/**
 * antd's precompiled stylesheet in three files (`src/app/antd-styles-split.ts`): the rules of the
 * sign-in page's components, those the signed-in frame and the overview add, and the others, which
 * the other pages load (`app/antd-styles.ts`). `app/antd-styles-urls.ts` becomes the three
 * addresses (in development and tests it names the whole file as the first part). The first part
 * is preloaded from `index.html`: it downloads with the scripts, without holding back the first
 * paint as a stylesheet link would.
 */
const antdStyles = (): Plugin => {
  let isBuild = false;
  let firstScreenUrl = '';
  return {
    name: 'ptc-antd-styles',
    configResolved: (config) => {
      isBuild = config.command === 'build';
    },
    load(id) {
      if (!isBuild || !ANTD_STYLES_MODULE.test(id)) return null;
      const css = readFileSync(fileURLToPath(import.meta.resolve('antd/dist/antd.css')), 'utf8');
      const { firstScreen, signedIn, other } = splitAntdStyles(css);
      const emit = (name: string, source: string) => {
        const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
        const fileName = `assets/${name}-${hash}.css`;
        this.emitFile({ type: 'asset', fileName, source });
        return `/${fileName}`;
      };
      firstScreenUrl = emit('antd-first-screen', firstScreen);
      const signedInUrl = emit('antd-signed-in', signedIn);
      const otherUrl = emit('antd-other', other);
      const overviewClasses = new Set<string>(JSON.parse(readFileSync(OVERVIEW_CLASSES, 'utf8')));
      this.addWatchFile(OVERVIEW_CLASSES);
      const overviewFirstUrl = emit(
        'antd-overview-first',
        rulesForClasses(firstScreen, overviewClasses) + rulesForClasses(signedIn, overviewClasses),
      );
      return `export const FIRST_SCREEN_STYLES_URL = ${JSON.stringify(firstScreenUrl)};
export const SIGNED_IN_STYLES_URL = ${JSON.stringify(signedInUrl)};
export const OTHER_STYLES_URL = ${JSON.stringify(otherUrl)};
export const OVERVIEW_FIRST_STYLES_URL = ${JSON.stringify(overviewFirstUrl)};`;
    },
    transformIndexHtml: {
      order: 'post',
      handler: () => {
        if (!isBuild) return [];
        if (!firstScreenUrl)
          throw new Error('app/antd-styles-urls.ts is not in the bundle: app/antd-styles.ts imports it');
        return [
          { tag: 'link', attrs: { rel: 'preload', as: 'style', href: firstScreenUrl }, injectTo: 'head' },
        ];
      },
    },
  };
};

const CONTRACTS_SOURCE = /packages[\\/]contracts[\\/]src[\\/][^\\/]+\.ts$/;

interface Node {
  type: string;
  start: number;
  end: number;
  expression?: Node;
  declaration?: Node | null;
  declarations?: { init?: Node | null }[];
}

/** Initialisers that build something (`z.object(…)`, `{ count: formInt(…) }`, `[…]`). */
const BUILDING = new Set(['CallExpression', 'ObjectExpression', 'ArrayExpression']);

const isCall = (node: Node | null | undefined): node is Node =>
  BUILDING.has(node?.type ?? '') ||
  ((node?.type === 'TSAsExpression' || node?.type === 'TSSatisfiesExpression') &&
    BUILDING.has(node.expression?.type ?? ''));

/**
 * The contracts build their zod schemas with top-level calls (`z.object(…)`, `schema.optional()`,
 * `withConfirmation(…)`) that a bundler keeps unless told they are pure, and with them zod and
 * libphonenumber. This wraps each top-level `const x = call(…)` of the contracts in a pure IIFE,
 * so importing a constant such as `ACCOUNT_RULES` leaves every unused schema out of the bundle.
 * Object and array initialisers too: `const common = { count: formInt(…).default(1) }` kept zod
 * (20 KB gzip) in the overview and the proxy pages, which use no schema.
 */
const pureContractDeclarations = (): Plugin => ({
  name: 'ptc-pure-contract-declarations',
  apply: 'build',
  enforce: 'pre',
  transform(code, id) {
    if (!CONTRACTS_SOURCE.test(id) || id.endsWith('.test.ts')) return null;
    const { program } = parseSync(id, code, { lang: 'ts', sourceType: 'module' });
    const inits = (program.body as unknown as Node[])
      .map((statement) => (statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement))
      .flatMap((declaration) => (declaration?.type === 'VariableDeclaration' ? declaration.declarations : []))
      .map((declarator) => declarator?.init)
      .filter(isCall)
      .sort((a, b) => b.start - a.start);
    let result = code;
    for (const init of inits) {
      const expression = result.slice(init.start, init.end);
      result = `${result.slice(0, init.start)}/* @__PURE__ */ (() => (${expression}))()${result.slice(init.end)}`;
    }
    return { code: result, map: null };
  },
});

/**
 * react-router publishes its development build under every export condition (`import`, `module`,
 * `default`): its production build, without the development build's checks and warnings, is only
 * reached by path. The build points `react-router` and `react-router/dom` there;
 * the dev server and tests keep the development build and its warnings.
 */
const reactRouterProduction = (): Plugin => {
  const development = dirname(fileURLToPath(import.meta.resolve('react-router')));
  const production = join(development, '..', 'production');
  return {
    name: 'ptc-react-router-production',
    apply: 'build',
    config: () => ({
      resolve: {
        alias: [
          { find: /^react-router$/, replacement: join(production, 'index.mjs') },
          { find: /^react-router\/dom$/, replacement: join(production, 'dom-export.mjs') },
        ],
      },
    }),
  };
};

const ANTD_STYLE_SOURCE = /node_modules[\\/]antd[\\/]es[\\/].+[\\/]style[\\/][^\\/]+\.js$/;
const STYLE_HOOK_FACTORIES = new Set(['genStyleHooks', 'genComponentStyleHook', 'genSubStyleComponent']);

/** Every call expression below an AST node. */
const callsIn = (node: unknown, found: Node[] = []): Node[] => {
  if (Array.isArray(node)) {
    for (const child of node) callsIn(child, found);
  } else if (node && typeof node === 'object') {
    if ((node as Node).type === 'CallExpression') found.push(node as Node);
    for (const value of Object.values(node)) if (value && typeof value === 'object') callsIn(value, found);
  }
  return found;
};

/**
 * antd's components build their CSS in the browser from a style function per component, unless the
 * theme says `zeroRuntime` (`app/app-providers.tsx`, always on: the styles come precompiled, see
 * `antdStyles`), in which case the hook returns before calling it. The functions still came with
 * every component (some 100 KB of the sign-in page's code). This hands each style hook factory of
 * antd (`genStyleHooks('Button', styleFn, prepareComponentToken)`) an empty style function instead,
 * so the real ones, unused, leave the bundle; the component tokens, which the runtime still
 * registers as CSS variables, stay.
 */
const antdPrecompiledStyles = (): Plugin => ({
  name: 'ptc-antd-precompiled-styles',
  apply: 'build',
  enforce: 'pre',
  transform(code, id) {
    if (!ANTD_STYLE_SOURCE.test(id) || !/gen(StyleHooks|ComponentStyleHook|SubStyleComponent)\(/.test(code))
      return null;
    const { program } = parseSync(id, code, { lang: 'js', sourceType: 'module' });
    const styleFunctions = callsIn(program)
      .filter((call) => {
        const { callee } = call as Node & { callee?: { type: string; name?: string } };
        return callee?.type === 'Identifier' && STYLE_HOOK_FACTORIES.has(callee.name ?? '');
      })
      .map((call) => (call as Node & { arguments: Node[] }).arguments[1])
      .filter((argument): argument is Node => argument !== undefined)
      .sort((a, b) => b.start - a.start);
    let result = code;
    for (const styleFunction of styleFunctions)
      result = `${result.slice(0, styleFunction.start)}() => []${result.slice(styleFunction.end)}`;
    return { code: result, map: null };
  },
});

/**
 * antd's components and icons of the signed-in frame (menu, drawer, dropdown, breadcrumb, avatar)
 * and of the overview's cards (card, alert, tag, tabs, empty, skeleton, steps, typography), none of
 * which the sign-in page shows (a module here on the sign-in page would bring the whole chunk).
 * The group takes these modules only, not what they import (`includeDependenciesRecursively`, which
 * pulled the sign-in form's own modules in): what they import from outside must be shared with other
 * chunks or listed here (the float button's badge, icon and throttle were), else the chunk and the
 * layout's would import each other.
 */
const SIGNED_IN_UI = new RegExp(
  [
    String.raw`node_modules[\\/]antd[\\/]es[\\/](alert|avatar|badge|breadcrumb|card|drawer|dropdown|empty|float-button|menu|skeleton|steps|tabs|tag|typography|watermark)[\\/]`,
    String.raw`node_modules[\\/]antd[\\/]es[\\/]_util[\\/](PurePanel|throttleByAnimationFrame|hooks[\\/]useClosable|hooks[\\/]useMergedMask)\.js`,
    String.raw`node_modules[\\/]@rc-component[\\/](dropdown|drawer|menu|overflow|steps|tabs)[\\/]`,
    String.raw`node_modules[\\/]@ant-design[\\/]icons(-svg)?[\\/]es[\\/](icons|asn)[\\/](Close|Copy|Down|Edit|Ellipsis|Enter|FileText|Gift|InfoCircleFilled|Menu|MenuFold|MenuUnfold|Plus|Reload|Setting|Thunderbolt|VerticalAlignTop|Wallet)(Outlined|Filled)?\.js`,
    // What the frame's menus and the overview's cards bring besides: the space, row and column
    // components, text areas, copying, scrolling, two babel helpers and the menu's icons, which
    // were eighteen chunks of 0.1-1.3 KB, each a request on the overview's first screen.
    String.raw`node_modules[\\/]antd[\\/]es[\\/](space|row|col)[\\/]`,
    String.raw`node_modules[\\/]antd[\\/]es[\\/](input[\\/]TextArea|layout[\\/]index|_util[\\/](getScroll|easings|scrollTo|toList|copy))\.js`,
    String.raw`node_modules[\\/]@babel[\\/]runtime[\\/]helpers[\\/]esm[\\/](callSuper|extends)\.js`,
    String.raw`node_modules[\\/]@ant-design[\\/]icons(-svg)?[\\/]es[\\/](icons|asn)[\\/](Api|Chrome|Dashboard|History|Laptop|Link|Logout|Robot)Outlined\.js`,
  ].join('|'),
);

/**
 * The overview's own modules and the small app modules its cards share with the wallet pages
 * (money formatting, wallet paths, the top-up-elsewhere note, the traffic series and the
 * overview's texts): one chunk with the page rather than nine (issue #16).
 */
const OVERVIEW_PAGE = new RegExp(
  [
    String.raw`apps[\\/]console[\\/]src[\\/]features[\\/]overview[\\/](overview\.page|refresh-button|first-run|balance-card|use-after-first-paint|traffic-series|overview-texts)\.tsx?$`,
    String.raw`apps[\\/]console[\\/]src[\\/]locales[\\/][\w-]+[\\/]overview\.ts$`,
    String.raw`apps[\\/]console[\\/]src[\\/]features[\\/]charge[\\/](wallet-money|wallet-paths|top-up-elsewhere|top-up-device)\.tsx?$`,
    String.raw`packages[\\/]contracts[\\/]src[\\/](charges|money)\.ts$`,
  ].join('|'),
);

const SOURCE_DIR = join(dirname(fileURLToPath(import.meta.url)), 'src');

/** `name: () => import('./path')` entries of a module's source, as absolute paths without extension. */
const lazyModules = (file: string, pattern: RegExp): Map<string, string> =>
  new Map(
    [...readFileSync(join(SOURCE_DIR, file), 'utf8').matchAll(pattern)].map(([, name = '', path = '']) => [
      name,
      join(dirname(join(SOURCE_DIR, file)), path),
    ]),
  );

/**
 * `page-preloads.json`: for each layout and page module of the router (`app/router.tsx`,
 * `routes.pages.ts`) and each language's texts (`shared/i18n/locale-pack.ts`), the scripts and stylesheets it needs that index.html does not load already.
 * `src/prerender/write-pages.mjs` turns it into `route-preloads.json` with the route table's paths,
 * and the server lists a path's files in the HTML it sends for it (`<link rel="modulepreload">`), so
 * they download beside the entry instead of after it has run and the router has matched the path:
 * one round trip less before a signed-in page shows (issue #16: the overview's largest paint waited
 * for that chain).
 */
const routePreloads = (): Plugin => ({
  name: 'ptc-route-preloads',
  apply: 'build',
  generateBundle(_options, bundle) {
    const chunks = new Map(
      Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [[output.fileName, output]] : [])),
    );
    const closure = (fileName: string, found = new Set<string>()): Set<string> => {
      if (found.has(fileName)) return found;
      found.add(fileName);
      for (const imported of chunks.get(fileName)?.imports ?? []) closure(imported, found);
      return found;
    };
    const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
    if (!entry) throw new Error('the console build has no entry chunk');
    const loadedByHtml = closure(entry.fileName);
    // A module's chunk: its own, or the one it was merged into (the operator layout shares one).
    const chunkOf = new Map(
      [...chunks.values()].flatMap((chunk) =>
        Object.keys(chunk.modules).map((id) => [id.replace(/\.tsx?$/, ''), chunk.fileName] as const),
      ),
    );
    const assetsOf = (module: string): string[] => {
      const fileName = chunkOf.get(module);
      if (!fileName) throw new Error(`${module} is in no chunk: page-preloads cannot list it`);
      return [...closure(fileName)]
        .filter((file) => !loadedByHtml.has(file))
        .flatMap((file) => [file, ...(chunks.get(file)?.viteMetadata?.importedCss ?? [])]);
    };
    const pages = lazyModules('routes.pages.ts', /^\s+(\w+): \(\) => import\('([^']+)'\)/gm);
    const layouts = lazyModules(
      'app/router.tsx',
      /^\s+(\w+): async \(\) => \(\{ Component: \(await import\('([^']+)'\)\)/gm,
    );
    const listed = (modules: Map<string, string>) =>
      Object.fromEntries(
        [...modules].map(([name, module]) => [name, assetsOf(module).map((file) => `/${file}`)]),
      );
    const locales = lazyModules(
      'shared/i18n/locale-pack.ts',
      /^\s+'([\w-]+)': \(\) => import\('([^']+)'\)/gm,
    );
    const preloads = { layouts: listed(layouts), pages: listed(pages), locales: listed(locales) };
    this.emitFile({ type: 'asset', fileName: 'page-preloads.json', source: JSON.stringify(preloads) });
  },
});

/**
 * antd's components, hooks and icons of the sign-in page (form, inputs, checkbox, segmented switch,
 * divider, grid, the language switch's popover and the form's tooltips), in one chunk rather than
 * some thirty of 1-6 KB: fewer requests before the page hydrates, and one stream compresses better
 * (issue #16). Like SIGNED_IN_UI, the modules only, not what they import.
 */
const SIGN_IN_UI = new RegExp(
  [
    String.raw`node_modules[\\/]antd[\\/]es[\\/](checkbox|divider|form|grid|popover|segmented|tooltip)[\\/]`,
    // Input and Password, not TextArea, Search and OTP, which the sign-in page never shows.
    String.raw`node_modules[\\/]antd[\\/]es[\\/]input[\\/](Input|Password|utils|hooks[\\/]\w+|style[\\/]\w+)\.js`,
    String.raw`node_modules[\\/]@rc-component[\\/]input[\\/]es[\\/](Input|BaseInput|index|utils[\\/]\w+|hooks[\\/]\w+)\.js`,
    String.raw`node_modules[\\/]antd[\\/]es[\\/]layout[\\/](layout|context|hooks[\\/]useHasSider)\.js`,
    String.raw`node_modules[\\/]antd[\\/]es[\\/]_util[\\/](convertToTooltipProps|statusUtils|fallbackProp|placements|colors|hooks[\\/](useForceUpdate|useAllowClear))\.js`,
    String.raw`node_modules[\\/]@rc-component[\\/](async-validator|checkbox|form|segmented|tooltip)[\\/]`,
    String.raw`node_modules[\\/](compute-scroll-into-view|scroll-into-view-if-needed)[\\/]`,
    String.raw`node_modules[\\/]@ant-design[\\/]icons(-svg)?[\\/]es[\\/](icons|asn)[\\/](Check|CheckCircleFilled|CloseCircleFilled|ExclamationCircleFilled|Eye|EyeInvisible|Lock|Mail|QuestionCircle|User)(Outlined|Filled)?\.js`,
    // Modules the sign-in page shares with the signed-in frame, which came as eleven chunks of
    // 0.1-3 KB on both first screens: z-index and motion helpers, breakpoints, arrows, the sider,
    // the text area, react-query's useQuery, the logo, the language switch and the guide's trigger.
    String.raw`node_modules[\\/]antd[\\/]es[\\/](config-provider[\\/]hooks[\\/]useCSSVarCls|_util[\\/](zindexContext|hooks[\\/]useZIndex|motion|ContextIsolator|responsiveObserver|getRenderPropValue)|style[\\/](roundedArrow|placementArrow)|table[\\/]TableMeasureRowContext|layout[\\/](Sider|style[\\/]\w+))\.js`,
    String.raw`node_modules[\\/]@rc-component[\\/]input[\\/]es[\\/](calculateNodeHeight|ResizableTextArea|TextArea)\.js`,
    String.raw`node_modules[\\/]@ant-design[\\/]icons(-svg)?[\\/]es[\\/](icons|asn)[\\/](Bars|Right|Left|Global)Outlined\.js`,
    String.raw`node_modules[\\/]@tanstack[\\/](query-core[\\/]build[\\/]modern[\\/]queryObserver|react-query[\\/]build[\\/]modern[\\/](IsRestoringProvider|QueryErrorResetBoundary|errorBoundaryUtils|suspense|useBaseQuery|useQuery))\.js`,
    String.raw`apps[\\/]console[\\/]src[\\/](features[\\/]new-user-guide[\\/]guide-trigger|app[\\/]layouts[\\/](app-logo|language-switch))\.tsx?$`,
  ].join('|'),
);

/** The API server of the embedded runtime (DESIGN §2); the dev server forwards to it. */
const API_TARGET = process.env.VITE_DEV_API_TARGET ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [
    reactRouterProduction(),
    pureContractDeclarations(),
    antdPrecompiledStyles(),
    react(),
    antdStyles(),
    routePreloads(),
    earlyRequestsScript(),
    precompressAssets(),
  ],
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/health': { target: API_TARGET, changeOrigin: true },
      '/api-docs': { target: API_TARGET, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    rolldownOptions: {
      treeshake: {
        // The contracts are shared with the server; the console uses their constants and types but
        // not their zod schemas, so unused schemas (and zod with them) must not reach the bundle.
        moduleSideEffects: [{ test: /packages[\\/]contracts[\\/]src[\\/]/, sideEffects: false }],
        manualPureFunctions: ['z'],
      },
      output: {
        // Libraries change less often than the app; separate chunks keep them cached across releases.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 3,
            },
            // Everything the entry imports statically comes in one chunk, not thirty small ones
            // (each a request that waits for a free connection on the first screen).
            { name: 'app', tags: ['$initial'], priority: 2 },
            // The same for what the signed-in frame and the overview bring besides the sign-in
            // page's code: antd's components and icons of the frame and the cards, in one chunk
            // rather than some thirty of 1-3 KB (issue #16).
            { name: 'signed-in-ui', test: SIGNED_IN_UI, priority: 1, includeDependenciesRecursively: false },
            { name: 'sign-in-ui', test: SIGN_IN_UI, priority: 1, includeDependenciesRecursively: false },
            {
              name: 'overview-page',
              test: OVERVIEW_PAGE,
              priority: 1,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
