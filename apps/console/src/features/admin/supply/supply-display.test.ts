import { AppError } from '@ptc/contracts';
import { describe, expect, it } from 'vitest';
import { exit, staticExit } from './supply.testing';
import { formatRate, inventoryRefusalOf, toExitChanges } from './supply-display';

const unchanged = (source = exit()) => ({
  kind: source.kind,
  host: source.host ?? '',
  port: source.port,
  account: source.account ?? '',
  username_template: source.username_template ?? '',
  password_template: '',
  type: source.type,
  line: source.line,
  area: { country: source.country, state: source.state ?? '', city: source.city ?? '' },
  label: source.label ?? '',
  ip: source.ip ?? '',
});

describe('the changes of the exit edit form', () => {
  it('are empty when nothing was touched', () => {
    expect(toExitChanges(exit(), unchanged())).toEqual({});
    expect(toExitChanges(staticExit(), unchanged(staticExit()))).toEqual({});
  });

  it('clear every upstream field when an upstream exit becomes direct', () => {
    expect(toExitChanges(exit(), { ...unchanged(), kind: 'direct' })).toEqual({
      kind: 'direct',
      host: null,
      port: null,
      account: null,
      username_template: null,
    });
  });

  it('send the whole place when one part of it changed', () => {
    expect(toExitChanges(exit(), { ...unchanged(), area: { country: 'us', state: 'ca', city: '' } })).toEqual(
      { area: { country: 'US', state: 'CA' } },
    );
  });
});

describe('the numbered lines of a refused import', () => {
  it('are read from a 1002 answer only', () => {
    const refused = new AppError('ERR_ARGUMENT_TYPE', {
      data: { errors: [{ line: 2, message: 'ip is required' }], error_count: 1 },
    });
    expect(inventoryRefusalOf(refused)).toEqual({
      errors: [{ line: 2, message: 'ip is required' }],
      error_count: 1,
    });
    expect(inventoryRefusalOf(new AppError('ERR_FORBIDDEN'))).toBeNull();
  });
});

describe('a 24 h success rate', () => {
  it('is a percent with at most one decimal, or a dash without checks', () => {
    expect(formatRate(0.979)).toBe('97.9%');
    expect(formatRate(1)).toBe('100%');
    expect(formatRate(null)).toBe('—');
  });
});
