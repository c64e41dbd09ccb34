import type { DesktopProvider } from '../desktop-provider';

export interface LocalDesktopProviderOptions {
  /** PCs live in `<dataDir>/desktops/<id>/`. */
  dataDir: string;
  /** How many PCs may run at once. */
  maxRunning: number;
}

/** Placeholder until the local provider lands: says it is unavailable and refuses everything. */
export const createLocalDesktopProvider = (_options: LocalDesktopProviderOptions): DesktopProvider => {
  const reason = 'The local desktop provider is not implemented yet';
  const refuse = async (): Promise<never> => {
    throw new Error(reason);
  };
  return {
    name: 'local',
    availability: async () => ({ available: false, reason }),
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
