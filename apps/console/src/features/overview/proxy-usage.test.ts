import { describe, expect, it } from 'vitest';
import { toFamilyUsage } from './proxy-usage';

describe('proxy usage per family', () => {
  it('lists the four families in menu order and fills the missing ones with zeros', () => {
    const usage = toFamilyUsage({
      families: [
        { family: 'static-ip', total: 3, normal: 2, invalid: 0, expired: 1, unhealthy: 0, on: 2, off: 1 },
        {
          family: 'dynamic-traffic',
          total: 5,
          normal: 5,
          invalid: 0,
          expired: 0,
          unhealthy: 0,
          on: 4,
          off: 1,
        },
      ],
      total: 8,
    });
    expect(usage.map((item) => [item.family, item.total])).toEqual([
      ['dynamic-traffic', 5],
      ['dynamic-ip', 0],
      ['static-traffic', 0],
      ['static-ip', 3],
    ]);
    expect(usage[3]).toMatchObject({ expired: 1, off: 1 });
  });

  it('shows zeros before the summary arrives', () => {
    expect(toFamilyUsage(undefined).every((item) => item.total === 0 && item.on === 0)).toBe(true);
  });
});
