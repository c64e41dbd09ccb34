import { describe, expect, it } from 'vitest';
import { neutraliseFormula, neutraliseRows, toCsv } from './export.cells';

describe('export cells', () => {
  it('prefixes text that would start a formula, and leaves numbers, negative ones too, as numbers', () => {
    for (const text of ['=1+1', '+1', '-1', '@A1', '\t=1', '\r=1']) {
      expect(neutraliseFormula(text)).toBe(`'${text}`);
    }
    expect(neutraliseFormula('-1.5 USD balance')).toBe("'-1.5 USD balance");
    expect(neutraliseFormula(-1.5)).toBe(-1.5);
    expect(neutraliseFormula(8222)).toBe(8222);
    for (const text of ['plain', ' =leading blank', "'=already", '', '1-2']) {
      expect(neutraliseFormula(text)).toBe(text);
    }
    expect(neutraliseRows([['=x', -3]])).toEqual([["'=x", -3]]);
  });

  it('quotes a csv cell holding a quote, comma, CR or LF, so none can start a cell of its own', () => {
    expect(toCsv([['a', 'b,c', 'say "hi"', 'one\rtwo', 'x\ny', 1, -2]])).toBe(
      'a,"b,c","say ""hi""","one\rtwo","x\ny",1,-2',
    );
    expect(toCsv(neutraliseRows([['x",=cmd|calc']]))).toBe('"x"",=cmd|calc"');
    expect(
      toCsv([
        ['h1', 'h2'],
        ['v1', 'v2'],
      ]),
    ).toBe('h1,h2\nv1,v2');
  });
});
