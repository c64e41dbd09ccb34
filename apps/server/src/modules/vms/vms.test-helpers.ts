import { mkdtempSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { VmStatus } from '@ptc/contracts';
import { vms } from '@ptc/db';
import { createExit, createProxy, createTestDatabase } from '@ptc/db/testing';
import type {
  DesktopAccess,
  DesktopAvailability,
  DesktopProvider,
  DesktopSpec,
  VncEndpoint,
} from '../../adapters/desktops';
import { type App, buildApp } from '../../app';
import { loadConfig } from '../../config';
import { customerWithBalance } from '../../test/factories';
import type { TestApp } from '../../test/test-app';

/**
 * An IN-MEMORY TEST DOUBLE of the desktop provider, for the server's state machine, money and
 * concurrency tests: it runs no desktop. It records what it was asked, can be made to fail or to
 * hold a creation until released, and points `vnc()` at a TCP server the test starts (a fake RFB
 * server). The real local provider has its own tests (apps/server/src/adapters/desktops).
 */
export class InMemoryDesktopProvider implements DesktopProvider {
  readonly name = 'memory';
  availabilityAnswer: DesktopAvailability = { available: true };
  readonly desktops = new Map<string, { spec: DesktopSpec; state: 'running' | 'stopped' }>();
  readonly calls: string[] = [];
  /** Set to make the next calls of that operation throw. */
  failing: Partial<Record<'create' | 'start' | 'stop' | 'restart' | 'destroy' | 'vnc', string>> = {};
  /** Where `vnc()` points (a local TCP server of the test). */
  vncEndpoint: VncEndpoint = { host: '127.0.0.1', port: 1, password: 'vncpass1' };
  private gate: Promise<void> | null = null;
  private openGate: (() => void) | null = null;
  closed = false;

  /** Makes creations wait until {@link release} is called. */
  hold() {
    this.gate = new Promise((resolve) => {
      this.openGate = resolve;
    });
  }

  release() {
    this.openGate?.();
    this.gate = null;
    this.openGate = null;
  }

  async availability() {
    return this.availabilityAnswer;
  }

  async create(spec: DesktopSpec): Promise<DesktopAccess> {
    this.calls.push(`create ${spec.id}`);
    if (this.gate) await this.gate;
    if (this.failing.create) throw new Error(this.failing.create);
    this.desktops.set(spec.id, { spec, state: 'running' });
    return { address: '127.0.0.1', username: 'pc', password: `pw-${spec.id}` };
  }

  async start(spec: DesktopSpec) {
    this.calls.push(`start ${spec.id}`);
    if (this.failing.start) throw new Error(this.failing.start);
    const desktop = this.desktops.get(spec.id);
    if (!desktop) throw new Error('no such desktop');
    desktop.spec = spec;
    desktop.state = 'running';
  }

  async stop(id: string) {
    this.calls.push(`stop ${id}`);
    if (this.failing.stop) throw new Error(this.failing.stop);
    const desktop = this.desktops.get(id);
    if (desktop) desktop.state = 'stopped';
  }

  async restart(spec: DesktopSpec) {
    this.calls.push(`restart ${spec.id}`);
    if (this.failing.restart) throw new Error(this.failing.restart);
    const desktop = this.desktops.get(spec.id);
    if (!desktop) throw new Error('no such desktop');
    desktop.state = 'running';
  }

  async state(id: string) {
    return this.desktops.get(id)?.state ?? 'missing';
  }

  async vnc(id: string) {
    if (this.failing.vnc) throw new Error(this.failing.vnc);
    if (this.desktops.get(id)?.state !== 'running') throw new Error('not running');
    return this.vncEndpoint;
  }

  async destroy(id: string) {
    this.calls.push(`destroy ${id}`);
    if (this.failing.destroy) throw new Error(this.failing.destroy);
    this.desktops.delete(id);
  }

  async close() {
    this.closed = true;
  }
}

/** A test app whose remote PCs run on an {@link InMemoryDesktopProvider}. */
export interface VmTestApp extends TestApp {
  provider: InMemoryDesktopProvider;
}

/** Builds the app on an isolated test database with the in-memory provider. `env` overrides configuration. */
export const createVmTestApp = async (env: Record<string, string> = {}): Promise<VmTestApp> => {
  const database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'ptc-vms-')),
    CONSOLE_DIR: join(tmpdir(), 'ptc-no-console'),
    PUBLIC_URL: 'https://console.example.test',
    GATEWAY_HOST: '0.0.0.0',
    GATEWAY_PORT: '18000',
    GATEWAY_PUBLIC_HOST: 'gw.example.test',
    ...env,
  });
  const provider = new InMemoryDesktopProvider();
  const app: App = await buildApp({ config, database, logger: false, adapters: { desktops: provider } });
  // Remote PCs are offered where some exit is in service: one in the US.
  await createExit(database.db, { country: 'US' });
  return {
    app,
    database,
    provider,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
};

/** A signed-in customer with `balance` micro-PTC and a proxy to attach. */
export const vmCustomer = async (t: TestApp, balance: bigint) => {
  const customer = await customerWithBalance(t.database, balance);
  const proxy = await createProxy(t.database.db, customer.user.id, { country: 'US' });
  return { ...customer, proxy };
};

/**
 * A PC stored directly in `status` (state-machine and job tests), with a work lease an hour
 * ahead unless given (so the reconcile job leaves it alone); a status in which the desktop runs
 * gets a running desktop in the double.
 */
export const pcIn = async (
  t: VmTestApp,
  customer: Awaited<ReturnType<typeof vmCustomer>>,
  status: VmStatus,
  options: {
    released?: boolean;
    expiresAt?: Date;
    autoRenew?: boolean;
    days?: number;
    costTotal?: bigint;
    workLeaseUntil?: Date | null;
  } = {},
) => {
  const publicId = `pc-state-${Math.random().toString(16).slice(2)}`;
  const [row] = await t.database.db
    .insert(vms)
    .values({
      publicId,
      userId: customer.user.id,
      area: 'US',
      configurationId: 1,
      proxyId: customer.proxy.id,
      days: options.days ?? 1,
      autoRenew: options.autoRenew ?? false,
      status,
      provider: 'memory',
      costTotal: options.costTotal ?? 0n,
      expiresAt: options.expiresAt ?? new Date(Date.now() + 86_400_000),
      releasedAt: options.released ? new Date() : null,
      workLeaseUntil:
        options.workLeaseUntil === undefined ? new Date(Date.now() + 3_600_000) : options.workLeaseUntil,
    })
    .returning();
  if (!row) throw new Error('no row');
  if (status === 'running' || status === 'stopping' || status === 'restarting') {
    t.provider.desktops.set(publicId, {
      spec: {
        id: publicId,
        cpu: 1,
        memoryMb: 2048,
        proxy: { host: '127.0.0.1', port: 1, username: 'u', password: 'p' },
      },
      state: 'running',
    });
  }
  return row;
};

/** A TCP server on 127.0.0.1 that greets like an RFB server and echoes what it receives. */
export const startFakeRfbServer = async () => {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.write('RFB 003.008\n');
    socket.on('data', (chunk) => socket.write(chunk));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    port: address.port,
    /** Connections open now. */
    get connections() {
      return sockets.size;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
