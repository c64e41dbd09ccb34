/** An HTTP proxy (our gateway) the PC's browser sends all its traffic through. */
export interface DesktopProxy {
  host: string;
  port: number;
  username: string;
  password: string;
}
/** What one remote PC is made of. */
export interface DesktopSpec {
  /** The VM's public id, /^[a-z0-9-]{1,64}$/. */
  id: string;
  /** vCPUs of the configuration. */
  cpu: number;
  /** Memory of the configuration. */
  memoryMb: number;
  /** Chromium's traffic goes out through it, credentials answered inside the PC. */
  proxy: DesktopProxy;
  /** Chromium's first page (default about:blank). */
  homeUrl?: string;
}
/** Connection details shown to the customer. */
export interface DesktopAccess {
  address: string;
  username: string;
  password: string;
}
/** Where the relay connects (loopback for local). */
export interface VncEndpoint {
  host: string;
  port: number;
  password: string;
}
export type DesktopAvailability = { available: true } | { available: false; reason: string };
export interface DesktopProvider {
  /** 'local', ... */
  readonly name: string;
  /** E.g. Xvnc missing -> { available: false, reason }. */
  availability(): Promise<DesktopAvailability>;
  /** Creates AND starts; idempotent by spec.id; throws on failure (after cleaning up). */
  create(spec: DesktopSpec): Promise<DesktopAccess>;
  /** Idempotent; spec passed again (proxy credentials may have changed). */
  start(spec: DesktopSpec): Promise<void>;
  /** Idempotent. */
  stop(id: string): Promise<void>;
  restart(spec: DesktopSpec): Promise<void>;
  /** missing = no such desktop (destroyed / never created). */
  state(id: string): Promise<'running' | 'stopped' | 'missing'>;
  /** Only while running; throws otherwise. */
  vnc(id: string): Promise<VncEndpoint>;
  /** Stops every process and deletes its data; idempotent. */
  destroy(id: string): Promise<void>;
  /** Server shutdown: stops every process this provider started. */
  close(): Promise<void>;
}
