import { describe, expect, it } from 'vitest';
import { checkBatchDelete, checkExportCount, EXPORT_MAX } from './batch-rules';

describe('batch delete', () => {
  it('needs a selection', () => {
    expect(checkBatchDelete([])).toBe('empty');
  });

  it('refuses a selection that holds a proxy which has not expired', () => {
    expect(checkBatchDelete([{ status: 3 }, { status: 1 }])).toBe('notExpired');
    expect(checkBatchDelete([{ status: 4 }])).toBe('notExpired');
    expect(checkBatchDelete([{ status: 2 }])).toBe('notExpired');
  });

  it('accepts expired proxies only', () => {
    expect(checkBatchDelete([{ status: 3 }, { status: 3 }])).toBe('ok');
  });
});

describe('export size', () => {
  it('allows 1 to 5 000 proxies', () => {
    expect(EXPORT_MAX).toBe(5_000);
    expect(checkExportCount(1)).toBe('ok');
    expect(checkExportCount(5_000)).toBe('ok');
  });

  it('refuses more than 5 000 and nothing at all', () => {
    expect(checkExportCount(5_001)).toBe('tooMany');
    expect(checkExportCount(0)).toBe('empty');
  });
});
