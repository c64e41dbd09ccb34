import { describe, expect, it } from 'vitest';
import { createSubUserBodySchema, subUserPeriodOf } from './sub-users';

describe('sub-user periods (calendar, UTC)', () => {
  const at = new Date('2026-11-28T23:59:59.999Z'); // a Saturday
  it('day, ISO week from Monday, month', () => {
    expect(subUserPeriodOf('day', at)).toEqual({
      start: new Date('2026-11-28T00:00:00Z'),
      end: new Date('2026-11-29T00:00:00Z'),
    });
    expect(subUserPeriodOf('week', at)).toEqual({
      start: new Date('2026-11-23T00:00:00Z'),
      end: new Date('2026-11-30T00:00:00Z'),
    });
    expect(subUserPeriodOf('week', new Date('2026-11-23T00:00:00Z')).start).toEqual(
      new Date('2026-11-23T00:00:00Z'),
    );
    expect(subUserPeriodOf('week', new Date('2026-11-29T12:00:00Z')).start).toEqual(
      new Date('2026-11-23T00:00:00Z'),
    );
    expect(subUserPeriodOf('month', new Date('2026-12-31T12:00:00Z'))).toEqual({
      start: new Date('2026-12-01T00:00:00Z'),
      end: new Date('2027-01-01T00:00:00Z'),
    });
  });
  it('refuses limits the database cannot store or that make no sense', () => {
    expect(createSubUserBodySchema.safeParse({ name: 'a', traffic_limit_bytes: 0 }).success).toBe(false);
    expect(createSubUserBodySchema.safeParse({ name: 'a', traffic_limit_bytes: 2 ** 63 }).success).toBe(
      false,
    );
    expect(createSubUserBodySchema.safeParse({ name: 'a', spending_limit: '-1' }).success).toBe(false);
    expect(createSubUserBodySchema.safeParse({ name: 'a', spending_limit: '0' }).success).toBe(false);
    expect(createSubUserBodySchema.safeParse({ name: 'x'.repeat(65) }).success).toBe(false);
    expect(createSubUserBodySchema.safeParse({ name: '   ' }).success).toBe(false);
    expect(
      createSubUserBodySchema.safeParse({ name: 'team-a', spending_limit: '1.5', period: 'week' }).success,
    ).toBe(true);
  });
});
