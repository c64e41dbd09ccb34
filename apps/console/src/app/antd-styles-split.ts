/**
 * Splits antd's precompiled stylesheet (`antd/dist/antd.css`, ~960 KB) in three at build time: the
 * rules of the components the sign-in page shows, those the signed-in frame and the overview add,
 * and the others (issue #16: parsing the whole file was a 700 ms task of the sign-in page in
 * Lighthouse's 4× throttled simulation, and the overview parsed 779 KB of rules it never used).
 * Runs in the build (`vite.config.ts`); the browser side is `antd-styles.ts`.
 *
 * A top-level rule belongs to the component of the first `.ant-<component>` class its selector
 * names (at-rules: the first one inside them). Rules that name no component (the theme's
 * variables, links, icons, keyframes) stay with the first screen, and so do the motion classes
 * (`ant-zoom`, `ant-fade`, …), which every popup uses. Within each part the rules keep their order.
 */

/**
 * Components (the word after `ant-` in their classes) on the sign-in page and its frame: the form
 * and its fields, buttons, the segmented switch, the language popover, spinners, and the message
 * and modal that errors open (SPEC §8). Grid columns come without their 24-step responsive classes
 * (`ant-col-md-12` …), which the vertical form does not use, and inputs without the number input.
 */
export const FIRST_SCREEN_COMPONENTS: ReadonlySet<string> = new Set([
  'app',
  'btn',
  'checkbox',
  'col',
  'divider',
  'fade',
  'flex',
  'form',
  'input',
  'layout',
  'message',
  'modal',
  'move',
  'popover',
  'row',
  'segmented',
  'slide',
  'space',
  'spin',
  'typography',
  'wave',
  'zoom',
]);

/**
 * Parts of first-screen components that the first screen does without, by the first class of a
 * rule: the grid's responsive and offset classes (`ant-col-12`, `ant-col-md-8`, `ant-col-push-2`)
 * and the number input. A rule of another component that also names them (the vertical form's
 * `.ant-form-item-vertical > … > .ant-form-item-label, .ant-col-24.ant-form-item-label`) stays.
 */
const LEFT_OUT = /^ant-col-(?:xs|sm|md|lg|xl|xxl|xxxl|push|pull|offset|order|\d)|^ant-input-number/;

/**
 * Components the signed-in frame (side menu or its drawer, breadcrumb, user menu, settings button)
 * and the overview's first screen add to the sign-in page's (`overview` in `antd-styles.ts`):
 * found in the rendered overview of a new and of an active account at 412 and 1280 px. The cost
 * card (table, date pickers, select), the settings drawer and the tab bar load the rest first.
 */
export const SIGNED_IN_COMPONENTS: ReadonlySet<string> = new Set([
  'alert',
  'avatar',
  'breadcrumb',
  'card',
  'drawer',
  'dropdown',
  'empty',
  'float',
  'menu',
  'skeleton',
  'steps',
  'tag',
  'tooltip',
]);

/**
 * The grid classes of the overview's cards: the spans (`ant-col-24`), and the `xs`, `lg` and `xl`
 * ones (`ant-col-lg-16`, in their media query), not `sm`, `md`, `xxl` or `xxxl`.
 */
const SIGNED_IN_GRID = /^ant-col-(?:xs-|lg-|xl-|\d)/;

/** The top-level blocks of a stylesheet: rules, at-rule blocks and at-rule statements. */
export const topLevelBlocks = (css: string): string[] => {
  const blocks: string[] = [];
  let depth = 0;
  let start = 0;
  let quote: string | null = null;
  for (let i = 0; i < css.length; i++) {
    const char = css[i];
    if (quote) {
      if (char === '\\') i++;
      else if (char === quote) quote = null;
      continue;
    }
    if (char === '"' || char === "'") quote = char;
    else if (char === '/' && css[i + 1] === '*') {
      const end = css.indexOf('*/', i + 2);
      i = end === -1 ? css.length : end + 1;
    } else if (char === '{') depth++;
    else if (char === '}' && --depth === 0) {
      blocks.push(css.slice(start, i + 1));
      start = i + 1;
    } else if (char === ';' && depth === 0) {
      blocks.push(css.slice(start, i + 1));
      start = i + 1;
    }
  }
  const rest = css.slice(start).trim();
  if (rest) blocks.push(rest);
  return blocks;
};

/** The first antd class a block's selector names (`ant-form-item-label`), if any. */
const firstClassOf = (block: string): string | undefined => {
  const brace = block.indexOf('{');
  const head = brace === -1 ? block : block.slice(0, brace);
  if (/^\s*@(-webkit-)?keyframes/.test(head)) return undefined;
  return /\.(ant-[a-z0-9-]+)/.exec(head.startsWith('@') ? block : head)?.[1];
};

/** The component a block belongs to (`form` for `.ant-form-item-label`), or undefined. */
export const componentOf = (block: string): string | undefined =>
  /^ant-([a-z]+)/.exec(firstClassOf(block) ?? '')?.[1];

/** Whether a block is needed by the sign-in page's first screen. */
export const isFirstScreenBlock = (block: string): boolean => {
  const component = componentOf(block);
  if (component === undefined) return true;
  return FIRST_SCREEN_COMPONENTS.has(component) && !LEFT_OUT.test(firstClassOf(block) ?? '');
};

/** Whether a block the sign-in page does without is needed by the signed-in overview. */
export const isSignedInBlock = (block: string): boolean => {
  const component = componentOf(block);
  if (component === undefined) return false;
  return SIGNED_IN_COMPONENTS.has(component) || SIGNED_IN_GRID.test(firstClassOf(block) ?? '');
};

/** antd's stylesheet as the first screen's part, the signed-in overview's and the rest, in order. */
export const splitAntdStyles = (css: string): { firstScreen: string; signedIn: string; other: string } => {
  const firstScreen: string[] = [];
  const signedIn: string[] = [];
  const other: string[] = [];
  for (const block of topLevelBlocks(css)) {
    if (isFirstScreenBlock(block)) firstScreen.push(block);
    else (isSignedInBlock(block) ? signedIn : other).push(block);
  }
  return { firstScreen: firstScreen.join(''), signedIn: signedIn.join(''), other: other.join('') };
};

/**
 * Pseudo-classes of a state a page has not reached before it is used (hover, focus…) and
 * pseudo-elements: a selector's classes count without them.
 */
const STATE_PSEUDO =
  /::?(?:hover|focus(?:-visible|-within)?|active|visited|link|target|autofill|-webkit-autofill|before|after|placeholder|-webkit-[a-z-]+|-moz-[a-z-]+|-ms-[a-z-]+|selection|first-letter|first-line|marker|backdrop)(?![a-z-])/g;

/** Splits a selector list at its top-level commas. */
const selectorsOf = (list: string): string[] => {
  const selectors: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const char = list[i];
    if (char === '(' || char === '[') depth++;
    else if (char === ')' || char === ']') depth--;
    else if (char === ',' && depth === 0) {
      selectors.push(list.slice(start, i));
      start = i + 1;
    }
  }
  selectors.push(list.slice(start));
  return selectors;
};

/**
 * Whether a selector can match a page whose elements carry only `classes`: every class it names
 * is among them. Classes inside `:not()`, `:where()`, `:is()` and `:has()` are set aside, so the
 * answer errs towards keeping a rule.
 */
const canMatch = (selector: string, classes: ReadonlySet<string>): boolean => {
  let bare = selector.replace(STATE_PSEUDO, '');
  for (let previous = ''; previous !== bare; ) {
    previous = bare;
    bare = bare.replace(/:(?:not|where|is|has)\([^()]*\)/g, '');
  }
  return [...bare.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].every((match) => classes.has(match[1] ?? ''));
};

/**
 * The rules of `css` that can apply to a page showing only `classes` (`overview-classes.json`):
 * a rule stays when one of its selectors {@link canMatch}; at-rule blocks keep what stays of their
 * rules; keyframes, font faces and statements stay whole. Order is kept.
 */
export const rulesForClasses = (css: string, classes: ReadonlySet<string>): string =>
  topLevelBlocks(css)
    .map((block) => {
      const brace = block.indexOf('{');
      if (brace === -1) return block;
      const head = block.slice(0, brace).trim();
      if (/^@(?:-webkit-)?keyframes|^@font-face/.test(head)) return block;
      if (head.startsWith('@')) {
        const inner = rulesForClasses(block.slice(brace + 1, block.lastIndexOf('}')), classes);
        return inner ? `${head}{${inner}}` : '';
      }
      return selectorsOf(head).some((selector) => canMatch(selector, classes)) ? block : '';
    })
    .join('');
