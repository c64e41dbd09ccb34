import type { DesktopProvider } from './desktop-provider';

export {
  DesktopClosedError,
  DesktopHostFullError,
  DesktopMissingError,
  DesktopNotRunningError,
  DesktopUnavailableError,
} from './errors';

import { createLocalDesktopProvider } from './local/local-provider';

export type {
  DesktopAccess,
  DesktopAvailability,
  DesktopProvider,
  DesktopProxy,
  DesktopSpec,
  VncEndpoint,
} from './desktop-provider';

export interface DesktopProviderConfig {
  /** 'local': every PC is an isolated desktop on this host; 'none': Remote PCs are not offered. */
  kind: 'local' | 'none';
  /** The server's data directory; PCs live in `<dataDir>/desktops/<id>/`. */
  dataDir: string;
  /** How many PCs may run at once on this host. */
  maxRunning: number;
  /** Run local PCs even where they cannot be isolated from the host (`VM_LOCAL_UNISOLATED`). */
  allowUnisolated?: boolean;
}

const NOT_OFFERED = 'Remote PCs are not offered on this server';

/** A provider that offers nothing: availability says why, everything else throws. */
const createNoDesktopProvider = (): DesktopProvider => {
  const refuse = async (): Promise<never> => {
    throw new Error(NOT_OFFERED);
  };
  return {
    name: 'none',
    availability: async () => ({ available: false, reason: NOT_OFFERED }),
    create: refuse,
    start: refuse,
    stop: refuse,
    restart: refuse,
    state: refuse,
    vnc: refuse,
    destroy: refuse,
    close: async () => {},
  };
};

/** The configured desktop provider. */
export const createDesktopProvider = (config: DesktopProviderConfig): DesktopProvider =>
  config.kind === 'local'
    ? createLocalDesktopProvider({
        dataDir: config.dataDir,
        maxRunning: config.maxRunning,
        allowUnisolated: config.allowUnisolated ?? false,
      })
    : createNoDesktopProvider();
