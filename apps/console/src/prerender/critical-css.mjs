// The rules of a stylesheet that the prerendered page's markup uses, so that the page can carry
// them in its HTML and paint without waiting for the stylesheet (`write-pages.mjs`).

/** Pseudo-classes of a state the markup cannot have yet (hover, focus…) and pseudo-elements. */
const STATE =
  /::?(?:hover|focus(?:-visible|-within)?|active|visited|link|target|autofill|-webkit-autofill|before|after|placeholder|-webkit-[a-z-]+|-moz-[a-z-]+|-ms-[a-z-]+|selection|first-letter|first-line|marker|backdrop)(?![a-z-])/g;

/** Splits minified CSS into top-level blocks: `{ prelude, body }` (body without its braces). */
export const splitBlocks = (css) => {
  const blocks = [];
  let start = 0;
  let depth = 0;
  let quote = '';
  let open = -1;
  for (let i = 0; i < css.length; i += 1) {
    const char = css[i];
    if (quote) {
      if (char === '\\') i += 1;
      else if (char === quote) quote = '';
      continue;
    }
    if (char === '"' || char === "'") quote = char;
    else if (char === '{') {
      if (depth === 0) open = i;
      depth += 1;
    } else if (char === '}') {
      depth -= 1;
      if (depth === 0) {
        blocks.push({ prelude: css.slice(start, open).trim(), body: css.slice(open + 1, i) });
        start = i + 1;
      }
    } else if (char === ';' && depth === 0) {
      // A statement at-rule (`@import`, `@charset`): kept as is.
      blocks.push({ prelude: css.slice(start, i + 1).trim(), body: undefined });
      start = i + 1;
    }
  }
  return blocks;
};

/** Splits a selector list at its top-level commas. */
const splitSelectors = (list) => {
  const selectors = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i += 1) {
    const char = list[i];
    if (char === '(' || char === '[') depth += 1;
    else if (char === ')' || char === ']') depth -= 1;
    else if (char === ',' && depth === 0) {
      selectors.push(list.slice(start, i));
      start = i + 1;
    }
  }
  selectors.push(list.slice(start));
  return selectors.map((selector) => selector.trim()).filter(Boolean);
};

/**
 * The rules of `css` whose selectors match something in `doc` once state pseudo-classes are set
 * aside (a rule for `.ant-input:focus` stays when there is an `.ant-input`); at-rules recurse,
 * keyframes and font faces stay. A selector the DOM cannot evaluate keeps its rule.
 */
export const criticalCss = (css, doc) => {
  const matches = (selector) => {
    const stripped =
      selector
        .replace(STATE, '')
        .replace(/\(\s*\)/g, '')
        .trim() || '*';
    try {
      return doc.querySelector(stripped) !== null;
    } catch {
      return true;
    }
  };
  const keep = (source) =>
    splitBlocks(source)
      .map(({ prelude, body }) => {
        if (body === undefined) return prelude;
        if (prelude.startsWith('@media') || prelude.startsWith('@supports') || prelude.startsWith('@layer')) {
          const inner = keep(body);
          return inner ? `${prelude}{${inner}}` : '';
        }
        if (prelude.startsWith('@')) return `${prelude}{${body}}`;
        return splitSelectors(prelude).some(matches) ? `${prelude}{${body}}` : '';
      })
      .join('');
  return keep(css);
};
