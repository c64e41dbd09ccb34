/** The host already runs as many remote PCs as it may (the provider's `maxRunning`). */
export class DesktopHostFullError extends Error {
  constructor(readonly maxRunning: number) {
    super(`This host already runs ${maxRunning} remote PC(s), the most it may run at once`);
    this.name = 'DesktopHostFullError';
  }
}

/** The provider cannot run remote PCs (binaries missing, provider 'none', or shut down). */
export class DesktopUnavailableError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'DesktopUnavailableError';
  }
}

/**
 * The provider is shutting down (the server stops): a creation or start under way was given up and
 * its processes stopped. Not the PC's failure: the next server start carries the work out again.
 */
export class DesktopClosedError extends DesktopUnavailableError {
  constructor() {
    super('The remote PC provider has shut down');
    this.name = 'DesktopClosedError';
  }
}

/** No such remote PC (never created, or destroyed). */
export class DesktopMissingError extends Error {
  constructor(id: string) {
    super(`No remote PC ${id}`);
    this.name = 'DesktopMissingError';
  }
}

/** An operation that needs a running PC was asked of one that is not running. */
export class DesktopNotRunningError extends Error {
  constructor(id: string) {
    super(`Remote PC ${id} is not running`);
    this.name = 'DesktopNotRunningError';
  }
}
