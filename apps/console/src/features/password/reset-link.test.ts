import { AppError } from '@ptc/contracts';
import { describe, expect, it } from 'vitest';
import { isDeadLink } from './reset-link';

describe('a password-reset link that cannot work', () => {
  it('is dead when the server says it is invalid, expired or used (603)', () => {
    expect(isDeadLink(new AppError('RestPasswordError'))).toBe(true);
  });

  it('is dead when it is malformed, cut off or mistyped (1002, 1001): asking again cannot help', () => {
    expect(isDeadLink(new AppError('ERR_ARGUMENT_TYPE'))).toBe(true);
    expect(isDeadLink(new AppError('ERR_ARGUMENT_MISSING'))).toBe(true);
  });

  it('is not dead when the check itself failed (server or network trouble): that is worth a retry', () => {
    expect(isDeadLink(new AppError('ERR_INTERNAL_ERROR'))).toBe(false);
    expect(isDeadLink(new TypeError('Failed to fetch'))).toBe(false);
  });
});
