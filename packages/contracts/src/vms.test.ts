import { describe, expect, it } from 'vitest';
import { VM_STATUSES } from './statuses';
import {
  allowedVmOperations,
  isVmOperationAllowed,
  VM_OPERATIONS,
  vmCreateRequestSchema,
  vmRenewManualRequestSchema,
} from './vms';

describe('allowedVmOperations (issue #19 contract table)', () => {
  const expected: Record<string, string[]> = {
    running: ['stop', 'restart', 'remote', 'renew', 'auto_renew'],
    stopped: ['start', 'renew', 'auto_renew'],
    offline: ['start', 'renew', 'auto_renew'],
    expired: ['renew', 'auto_renew'],
    creating: ['auto_renew'],
    starting: ['auto_renew'],
    stopping: ['auto_renew'],
    restarting: ['auto_renew'],
    failed: [],
  };

  it('answers the table for every status, in VM_OPERATIONS order', () => {
    for (const status of VM_STATUSES) {
      expect(allowedVmOperations(status, false), status).toEqual(expected[status]);
    }
    expect(Object.keys(expected).sort()).toEqual([...VM_STATUSES].sort());
  });

  it('allows nothing once released, whatever the status', () => {
    for (const status of VM_STATUSES) expect(allowedVmOperations(status, true), status).toEqual([]);
  });

  it('allows nothing for an unknown status', () => {
    expect(allowedVmOperations('deleted', false)).toEqual([]);
  });

  it('isVmOperationAllowed agrees with the list over states x operations', () => {
    for (const status of VM_STATUSES) {
      for (const operation of VM_OPERATIONS) {
        expect(isVmOperationAllowed(status, false, operation), `${status}/${operation}`).toBe(
          expected[status]?.includes(operation),
        );
        expect(isVmOperationAllowed(status, true, operation)).toBe(false);
      }
    }
  });
});

describe('Remote PC requests', () => {
  const good = { area: 'us', vm_conf: 1, days: 7, proxy_id: 'abc' };

  it('takes a complete creation, upper-casing the area and defaulting auto renew off', () => {
    expect(vmCreateRequestSchema.parse(good)).toEqual({ ...good, area: 'US', auto_renew: false });
  });

  it('refuses days outside 1, 7, 30 and out-of-range configuration ids', () => {
    for (const days of [0, -1, 2, 31, 1.5, 1e12, Number.NaN]) {
      expect(vmCreateRequestSchema.safeParse({ ...good, days }).success, String(days)).toBe(false);
      expect(vmRenewManualRequestSchema.safeParse({ id: 'pc-1', days }).success).toBe(false);
    }
    for (const vm_conf of [0, -1, 2 ** 31, 1.5]) {
      expect(vmCreateRequestSchema.safeParse({ ...good, vm_conf }).success, String(vm_conf)).toBe(false);
    }
    expect(vmCreateRequestSchema.safeParse({ ...good, days: '7' }).success).toBe(false);
  });

  it('refuses over-long ids and areas that are not country codes', () => {
    expect(vmRenewManualRequestSchema.safeParse({ id: 'x'.repeat(65), days: 1 }).success).toBe(false);
    expect(vmCreateRequestSchema.safeParse({ ...good, area: 'USA' }).success).toBe(false);
    expect(vmCreateRequestSchema.safeParse({ ...good, proxy_id: 'p'.repeat(201) }).success).toBe(false);
  });
});
