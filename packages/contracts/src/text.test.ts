import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isMultiline, multiline, multilineText, textInputProblem } from './text';

describe('text input rules', () => {
  it('accepts any script, emoji and surrogate pairs', () => {
    expect(textInputProblem('Привет 你好 😀 café ∑')).toBeNull();
  });

  it('refuses every C0 control and DEL in single-line text', () => {
    for (let code = 0; code < 0x20; code += 1) {
      expect(textInputProblem(`a${String.fromCharCode(code)}b`)).toBe('control characters are not allowed');
    }
    expect(textInputProblem('a\u007fb')).toBe('control characters are not allowed');
  });

  it('takes TAB, LF and CR in multi-line text, but no other control', () => {
    expect(textInputProblem('one\r\ntwo\tthree', true)).toBeNull();
    expect(textInputProblem('a\u0000b', true)).toBe('control characters are not allowed');
    expect(textInputProblem('a\u000bb', true)).toBe('control characters are not allowed');
  });

  it('refuses lone surrogates', () => {
    expect(textInputProblem('a\ud800')).toBe('invalid Unicode text (lone surrogate)');
    expect(textInputProblem('\udc00b')).toBe('invalid Unicode text (lone surrogate)');
  });

  it('marks schemas multi-line, and the mark survives added checks', () => {
    expect(isMultiline(multilineText(10))).toBe(true);
    expect(isMultiline(multiline(z.string()).max(5))).toBe(true);
    expect(isMultiline(z.string())).toBe(false);
  });
});
