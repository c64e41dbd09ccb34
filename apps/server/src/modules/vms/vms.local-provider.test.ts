import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, vms } from '@ptc/db';
import { createExit, createTestDatabase } from '@ptc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type App, buildApp } from '../../app';
import { loadConfig } from '../../config';
import { call } from '../../test/accounts';
import { vmsDeps } from './vms.deps';
import { releaseVms } from './vms.lifecycle';
import { vmCustomer } from './vms.test-helpers';

/**
 * The API on the REAL local desktop provider (VM_PROVIDER=local, the default): a PC is created
 * through the API, runs (Xvnc, window manager, Chromium), its screen is reached through the relay
 * with a ticket (RFB banner), it is stopped, started, and destroyed by the release job. Skipped
 * when this host cannot run remote PCs (the provider says why).
 */
describe('remote PCs on the local provider (issue #19)', () => {
  let app: App;
  let close: () => Promise<void>;
  let dataDir: string;
  let base = '';
  let unavailable: string | null = null;
  let t: Parameters<typeof vmCustomer>[0];

  beforeAll(async () => {
    const database = await createTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'ptc-vms-local-'));
    // Passable by the PCs' own users, as a production data directory is (README "Remote PCs").
    chmodSync(dataDir, 0o711);
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      CONSOLE_DIR: join(tmpdir(), 'ptc-no-console'),
      PUBLIC_URL: 'https://console.example.test',
      VM_HOST_CAPACITY: '1',
    });
    app = await buildApp({ config, database, logger: false });
    await createExit(database.db, { country: 'US' });
    const availability = await app.vms.provider.availability();
    unavailable = availability.available ? null : availability.reason;
    // CI installs what the provider needs and runs as root: a skip there would hide a failure.
    if (unavailable && process.env.CI)
      throw new Error(`CI is set but remote PCs cannot run here: ${unavailable}`);
    base = (await app.listen({ port: 0, host: '127.0.0.1' })).replace(/^http/, 'ws');
    t = { app, database, close: async () => undefined };
    close = async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    };
  }, 60_000);
  afterAll(() => close?.(), 60_000);

  it('creates, shows the screen through the relay, stops, starts and releases a PC', async (context) => {
    if (unavailable) context.skip(`the local provider is unavailable here: ${unavailable}`);
    expect(app.vms.provider.name).toBe('local');
    const customer = await vmCustomer(t, 10_000_000n);
    const created = await call(app, 'POST', '/proxy/vm', {
      token: customer.token,
      body: { area: 'US', vm_conf: 1, days: 1, proxy_id: customer.proxy.publicId },
    });
    expect(created).toMatchObject({ code: 0, data: { status: 'creating' } });
    const id: string = created.data.id;
    await app.vms.work.idle();
    const listed = await call(app, 'GET', '/proxy/vm', { token: customer.token });
    const pc = listed.data.data[0];
    expect(pc, JSON.stringify(pc)).toMatchObject({ id, status: 'running', failure_reason: null });
    expect(pc.username).toEqual(expect.any(String));
    expect(pc.password).toEqual(expect.any(String));
    expect(await app.vms.provider.state(id)).toBe('running');

    // The host is full (VM_HOST_CAPACITY=1): a second creation is refused before charging.
    const other = await vmCustomer(t, 10_000_000n);
    expect(
      await call(app, 'POST', '/proxy/vm', {
        token: other.token,
        body: { area: 'US', vm_conf: 1, days: 1, proxy_id: other.proxy.publicId },
      }),
    ).toMatchObject({ code: 4002 });

    const remote = await call(app, 'POST', '/proxy/vm/remote', { token: customer.token, body: { id } });
    expect(remote.code).toBe(0);
    const banner = await new Promise<string>((resolve, reject) => {
      const ws = new WebSocket(`${base}${remote.data.url}`, 'binary');
      ws.once('message', (data) => {
        resolve(String(data));
        ws.close();
      });
      ws.once('error', reject);
    });
    expect(banner).toMatch(/^RFB 003\.00\d\n$/);

    const execute = (action: string) =>
      call(app, 'POST', `/proxy/vm/execute/${action}`, { token: customer.token, body: { id } });
    expect((await execute('stop')).data.status).toBe('stopping');
    await app.vms.work.idle();
    expect(await app.vms.provider.state(id)).toBe('stopped');
    expect((await execute('start')).data.status).toBe('starting');
    await app.vms.work.idle();
    expect(await app.vms.provider.state(id)).toBe('running');

    // Expired a day ago: the release job destroys it.
    await app.vms.provider.stop(id);
    await app.db
      .update(vms)
      .set({ status: 'expired', expiresAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(vms.publicId, id));
    await releaseVms(vmsDeps(app), new Date());
    expect(await app.vms.provider.state(id)).toBe('missing');
    const [row] = await app.db.select().from(vms).where(eq(vms.publicId, id));
    expect(row?.releasedAt).not.toBeNull();
  }, 180_000);
});
