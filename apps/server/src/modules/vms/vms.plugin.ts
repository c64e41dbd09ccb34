import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createDesktopProvider, type DesktopProvider } from '../../adapters/desktops';
import { BackgroundWork, vmsDeps } from './vms.deps';
import { VncRelay } from './vnc-relay';

/** The remote-PC runtime of one app: its provider, work under way, and the remote-control relay. */
export interface VmRuntime {
  provider: DesktopProvider;
  work: BackgroundWork;
  relay: VncRelay;
}

declare module 'fastify' {
  interface FastifyInstance {
    vms: VmRuntime;
  }
}

/**
 * Remote PCs' runtime (issue #19): the desktop provider the configuration names (`VM_PROVIDER`),
 * created once per app unless one is given (tests), the background work of requests, and the
 * remote-control WebSocket on the app's own server (`/api/proxy/vm/vnc` only). On close the
 * relay's sessions end first; then the provider gives up what it was starting and stops what it
 * runs while the work under way settles.
 */
export const vmsPlugin = fp(
  async (app: FastifyInstance, options: { provider?: DesktopProvider }) => {
    const provider =
      options.provider ??
      createDesktopProvider({
        kind: app.config.vms.provider,
        dataDir: app.config.dataDir,
        maxRunning: app.config.vms.hostCapacity,
        allowUnisolated: app.config.vms.allowUnisolated,
      });
    const runtime = { provider, work: new BackgroundWork(app.log) } as VmRuntime;
    app.decorate('vms', runtime);
    runtime.relay = new VncRelay(
      vmsDeps(app),
      [new URL(app.config.publicUrl).origin],
      // The Vite dev server forwards the upgrade with the Host it proxies to.
      app.config.nodeEnv === 'development',
    );
    const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) =>
      runtime.relay.onUpgrade(app.server, request, socket, head);
    app.server.on('upgrade', onUpgrade);
    app.addHook('preClose', async () => {
      app.server.off('upgrade', onUpgrade);
      await runtime.relay.close();
    });
    app.addHook('onClose', async () => {
      const started = Date.now();
      // The provider hears of the close first: a creation or start under way gives up at once
      // (left for the next start to carry out) instead of the close waiting for it, which could
      // outlast the shutdown timeout on a loaded host.
      const providerClosed = provider.close();
      await runtime.work.idle();
      const workMs = Date.now() - started;
      await providerClosed;
      const tookMs = Date.now() - started;
      if (tookMs > 1_000) app.log.warn({ workMs, tookMs }, 'remote PCs were slow to stop');
    });
  },
  { name: 'vms' },
);
