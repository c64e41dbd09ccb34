import { describe, expect, it } from 'vitest';
import { normalizeShareCode } from './share-code';

describe('normalizeShareCode', () => {
  it('treats share codes that differ only in case as the same code', () => {
    expect(normalizeShareCode('AbC12')).toBe(normalizeShareCode('abc12'));
  });

  it('answers an empty code for a missing one', () => {
    expect(normalizeShareCode(undefined)).toBe('');
  });
});
