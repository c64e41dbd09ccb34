import { AppError } from '@ptc/contracts';
import { describe, expect, it } from 'vitest';
import { isMissingOrder } from './missing-order';

describe('a WeChat order page for an order that is not there', () => {
  it('knows the order is missing when the server has no such order (404) or the number is malformed', () => {
    expect(isMissingOrder(new AppError('ERR_NOT_FOUND'))).toBe(true);
    expect(isMissingOrder(new AppError('ERR_ARGUMENT_TYPE'))).toBe(true);
  });

  it('keeps the system error for server and network failures, where refreshing can help', () => {
    expect(isMissingOrder(new AppError('ERR_INTERNAL_ERROR'))).toBe(false);
    expect(isMissingOrder(new TypeError('Failed to fetch'))).toBe(false);
    expect(isMissingOrder(null)).toBe(false);
  });
});
