import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { componentOf, rulesForClasses, splitAntdStyles, topLevelBlocks } from './antd-styles-split';

const sample = [
  '.css-var-root{--ant-color-primary:#1677ff}',
  'a{color:var(--ant-color-link)}',
  '@keyframes antZoomIn{0%{opacity:0}to{opacity:1}}',
  '.ant-btn{padding:4px}',
  '.ant-table-wrapper .ant-btn{margin:0}',
  '@media (max-width:575px){.ant-form-item .ant-form-item-label{padding:0}}',
  '@media (min-width:768px){.ant-col-md-12{flex:0 0 50%}}',
  '.ant-col{position:relative}',
  '.ant-col-24.ant-form-item-label{text-align:start}',
  '.ant-form-item-vertical >.ant-form-item-row>.ant-form-item-label,.ant-col-24.ant-form-item-label{padding:0 0 8px}',
  '.ant-input-number{width:90px}',
  '.ant-input{font-content:"}{"}',
  '.ant-select{display:block}',
  '.ant-menu{margin:0}',
  '@media (min-width:992px){.ant-col-lg-16{flex:0 0 66%}}',
].join('');

describe('splitAntdStyles', () => {
  it('cuts a stylesheet into its top-level rules, quotes and at-rules included', () => {
    const blocks = topLevelBlocks(sample);
    expect(blocks).toHaveLength(15);
    expect(blocks.join('')).toBe(sample);
    expect(blocks[11]).toBe('.ant-input{font-content:"}{"}');
  });

  it('names the component of a rule by the first antd class of its selector', () => {
    expect(componentOf('.ant-table-wrapper .ant-btn{margin:0}')).toBe('table');
    expect(componentOf('@media (max-width:575px){.ant-form-item{padding:0}}')).toBe('form');
    expect(componentOf('@keyframes antZoomIn{0%{opacity:0}}')).toBeUndefined();
    expect(componentOf('a{color:red}')).toBeUndefined();
  });

  it("keeps the sign-in page's components and what names none first, the overview's next, the rest apart, in order", () => {
    const { firstScreen, signedIn, other } = splitAntdStyles(sample);
    expect(topLevelBlocks(firstScreen)).toEqual([
      '.css-var-root{--ant-color-primary:#1677ff}',
      'a{color:var(--ant-color-link)}',
      '@keyframes antZoomIn{0%{opacity:0}to{opacity:1}}',
      '.ant-btn{padding:4px}',
      '@media (max-width:575px){.ant-form-item .ant-form-item-label{padding:0}}',
      '.ant-col{position:relative}',
      '.ant-form-item-vertical >.ant-form-item-row>.ant-form-item-label,.ant-col-24.ant-form-item-label{padding:0 0 8px}',
      '.ant-input{font-content:"}{"}',
    ]);
    expect(topLevelBlocks(signedIn)).toEqual([
      '.ant-col-24.ant-form-item-label{text-align:start}',
      '.ant-menu{margin:0}',
      '@media (min-width:992px){.ant-col-lg-16{flex:0 0 66%}}',
    ]);
    expect(topLevelBlocks(other)).toEqual([
      '.ant-table-wrapper .ant-btn{margin:0}',
      '@media (min-width:768px){.ant-col-md-12{flex:0 0 50%}}',
      '.ant-input-number{width:90px}',
      '.ant-select{display:block}',
    ]);
  });

  it("splits antd's own stylesheet without losing a rule, a quarter of it for the first screen, a fifth for the overview", () => {
    const require = createRequire(import.meta.url);
    const css = readFileSync(require.resolve('antd/dist/antd.css'), 'utf8');
    const { firstScreen, signedIn, other } = splitAntdStyles(css);
    expect(
      topLevelBlocks(firstScreen).length + topLevelBlocks(signedIn).length + topLevelBlocks(other).length,
    ).toBe(topLevelBlocks(css).length);
    expect(firstScreen.length + signedIn.length + other.length).toBe(css.length);
    expect(firstScreen.length).toBeLessThan(css.length * 0.3);
    expect(signedIn.length).toBeLessThan(css.length * 0.25);
    // The frame's menu and dropdown, the overview's cards, alerts and first-run steps.
    for (const selector of [
      '.ant-menu-item',
      '.ant-dropdown',
      '.ant-card-head',
      '.ant-alert',
      '.ant-steps',
      '.ant-col-lg-16',
    ])
      expect(signedIn).toContain(selector);
    expect(signedIn).not.toMatch(/(^|\})\.ant-(table|select|picker|btn|form)\b/);
    // The vertical form's labels, buttons, inputs and the theme's variables come with the first screen.
    for (const selector of [
      '.ant-form-item-vertical >.ant-form-item-row>.ant-form-item-label',
      '.ant-btn-color-primary',
      '.ant-input-affix-wrapper',
      '.ant-segmented',
      '.ant-message',
    ])
      expect(firstScreen).toContain(selector);
    expect(firstScreen).toMatch(/\.css-var-[\w-]+\{--ant-blue:[^}]*--ant-color-primary:/);
    expect(firstScreen).not.toMatch(/(^|\})\.ant-(table|select|picker|menu)\b/);
    expect(other).toMatch(/(^|\})\.ant-table\b/);
  });
});

describe('the rules for the classes a page shows', () => {
  const classes = new Set(['ant-btn', 'ant-btn-primary', 'ant-card']);

  it('keeps a rule when one of its selectors names only shown classes, hover, focus and :not() aside', () => {
    const css =
      ':root{--ant-color:#000}.ant-btn{a:1}.ant-btn-lg{b:2}.ant-btn:not(.ant-btn-disabled):hover{c:3}' +
      '.ant-input,.ant-card .ant-btn-primary::after{d:4}.ant-card .ant-card-cover{e:5}[class^="ant-btn"]{f:6}';
    expect(rulesForClasses(css, classes)).toBe(
      ':root{--ant-color:#000}.ant-btn{a:1}.ant-btn:not(.ant-btn-disabled):hover{c:3}' +
        '.ant-input,.ant-card .ant-btn-primary::after{d:4}[class^="ant-btn"]{f:6}',
    );
  });

  it('keeps keyframes whole and what applies inside media queries, dropping queries left empty', () => {
    const css =
      '@keyframes spin{from{a:1}to{a:2}}@media (min-width:992px){.ant-card{g:7}.ant-col-lg-8{h:8}}' +
      '@media (max-width:575px){.ant-col-xs-24{i:9}}';
    expect(rulesForClasses(css, classes)).toBe(
      '@keyframes spin{from{a:1}to{a:2}}@media (min-width:992px){.ant-card{g:7}}',
    );
  });
});
