/**
 * Splits antd's precompiled stylesheet (`antd/dist/antd.css`, ~960 KB) in two at build time: the
 * rules of the components the sign-in page shows, and the others (issue #16: parsing the whole
 * file was a 700 ms task of the sign-in page in Lighthouse's 4× throttled simulation). Runs in
 * the build (`vite.config.ts`); the browser side is `antd-styles.ts`.
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

/** antd's stylesheet as the first screen's part and the rest, each in the original order. */
export const splitAntdStyles = (css: string): { firstScreen: string; other: string } => {
  const firstScreen: string[] = [];
  const other: string[] = [];
  for (const block of topLevelBlocks(css)) (isFirstScreenBlock(block) ? firstScreen : other).push(block);
  return { firstScreen: firstScreen.join(''), other: other.join('') };
};
