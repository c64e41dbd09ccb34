import { eq, vms } from '@ptc/db';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DesktopClosedError } from '../../adapters/desktops';
import { vmsDeps } from './vms.deps';
import { reconcileVms } from './vms.lifecycle';
import { runCreation, runOperation } from './vms.service';
import { createVmTestApp, pcIn, type VmTestApp, vmCustomer } from './vms.test-helpers';

const PTC = 1_000_000n;

/**
 * Work the provider gives up because the server stops (DesktopClosedError) is not the PC's failure:
 * no refund, no failed status; the next start's reconcile carries it out or settles it.
 */
describe('remote PC work interrupted by a server shutdown', () => {
  let t: VmTestApp;
  beforeAll(async () => {
    t = await createVmTestApp({ VM_HOST_CAPACITY: '1000' });
  });
  afterAll(() => t.close());

  const row = async (id: bigint) => {
    const [found] = await t.database.db.select().from(vms).where(eq(vms.id, id));
    if (!found) throw new Error('no such PC');
    return found;
  };
  /** Makes the double's `operation` answer as a closing provider does, until the returned undo. */
  const closing = (operation: 'create' | 'start') => {
    const spy =
      operation === 'create'
        ? vi.spyOn(t.provider, 'create').mockRejectedValue(new DesktopClosedError())
        : vi.spyOn(t.provider, 'start').mockRejectedValue(new DesktopClosedError());
    return () => spy.mockRestore();
  };

  it('a creation stays creating with its lease ended and no refund, and the next reconcile creates the PC', async () => {
    const customer = await vmCustomer(t, 10n * PTC);
    const pc = await pcIn(t, customer, 'creating', { costTotal: 3n * PTC });
    const undo = closing('create');
    try {
      await runCreation(vmsDeps(t.app), pc.id);
    } finally {
      undo();
    }
    const left = await row(pc.id);
    expect(left.status).toBe('creating');
    expect(left.failureReason).toBeNull();
    expect(left.workLeaseUntil?.getTime()).toBeLessThanOrEqual(Date.now());
    expect(left.costTotal).toBe(3n * PTC);

    // The next start: the reconcile job takes the creation over at once (lease ended) and runs it.
    await reconcileVms(vmsDeps(t.app), new Date());
    const created = await row(pc.id);
    expect(created.status).toBe('running');
    expect(t.provider.desktops.get(pc.publicId)?.state).toBe('running');
  });

  it('a start stays starting with its lease ended, and the next reconcile settles it from the provider', async () => {
    const customer = await vmCustomer(t, 10n * PTC);
    const pc = await pcIn(t, customer, 'starting');
    t.provider.desktops.set(pc.publicId, {
      spec: {
        id: pc.publicId,
        cpu: 1,
        memoryMb: 2048,
        proxy: { host: '127.0.0.1', port: 1, username: 'u', password: 'p' },
      },
      state: 'stopped',
    });
    const undo = closing('start');
    try {
      await runOperation(vmsDeps(t.app), pc.id, 'start', 'stopped');
    } finally {
      undo();
    }
    const left = await row(pc.id);
    expect(left.status).toBe('starting');
    expect(left.failureReason).toBeNull();
    expect(left.workLeaseUntil?.getTime()).toBeLessThanOrEqual(Date.now());

    await reconcileVms(vmsDeps(t.app), new Date());
    const settled = await row(pc.id);
    expect(settled.status).toBe('offline');
    expect(settled.failureReason).toMatch(/interrupted/);
  });
});
