import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

// The embedded database (PGlite) in a worker thread. PGlite executes SQL synchronously in the
// thread that calls it: in the server's thread a 20–60 ms statement (a usage flush, a report)
// stops every relay of the embedded gateway for as long, which wrk saw as a p99 of tens of
// milliseconds at one connection. `PgliteThread` is the client Drizzle's PGlite driver needs
// (`query`, `transaction`) plus LISTEN and close, answered by pglite-worker.ts.

/** Set by the server's build (esbuild `define`): the bundled worker, relative to the bundle. */
declare const PTC_BUNDLED_PGLITE_WORKER: string | undefined;

/** An error as it crosses the thread boundary: PGlite's DatabaseError fields are kept. */
export interface WireError {
  message: string;
  name: string;
  props: Record<string, string | number | boolean>;
}

/** What the worker answers: PGlite's `Results` without the options it was given. */
export interface WireResults {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

export type ThreadRequest =
  | {
      op: 'query';
      id: number;
      sql: string;
      params: unknown[];
      rowMode: 'array' | 'object' | undefined;
      /** Types whose text is kept as it is (the caller's parsers, all identities for Drizzle). */
      rawTypes: number[];
      tx?: number;
    }
  | { op: 'begin'; id: number }
  | { op: 'end'; id: number; tx: number; commit: boolean }
  | { op: 'listen'; id: number; channel: string; subscription: number }
  | { op: 'unlisten'; id: number; subscription: number }
  | { op: 'close'; id: number };

export type ThreadReply =
  | { id: number; ok: true; value: WireResults | null }
  | { id: number; ok: false; error: WireError }
  | { notify: number; payload: string }
  | { ready: true }
  | { ready: false; error: WireError };

/** Options of a query, as Drizzle's PGlite driver passes them. */
interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, unknown>;
}

/** The part of a PGlite transaction that Drizzle uses. */
export interface ThreadTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<WireResults & { rows: T[] }>;
}

/** Starts the worker: the bundled one, or from source (tests, `npm run dev`) through tsx. */
const startWorker = (workerData: unknown): Worker => {
  if (typeof PTC_BUNDLED_PGLITE_WORKER === 'string')
    return new Worker(new URL(PTC_BUNDLED_PGLITE_WORKER, import.meta.url), { workerData });
  // tsx's ESM API (`require.resolve` finds its CommonJS twin next to it).
  const tsxApi = createRequire(import.meta.url)
    .resolve('tsx/esm/api')
    .replace(/\.cjs$/, '.mjs');
  const tsx = pathToFileURL(tsxApi).href;
  const source = new URL('./pglite-worker.ts', import.meta.url).href;
  const bootstrap = `import(${JSON.stringify(tsx)}).then((tsx) => { (tsx.register ?? tsx.default.register)(); return import(${JSON.stringify(source)}); })`;
  return new Worker(bootstrap, { eval: true, workerData });
};

const errorOf = (wire: WireError): Error => {
  const error = new Error(wire.message);
  error.name = wire.name;
  return Object.assign(error, wire.props);
};

/** PGlite in a worker thread, with the client interface of PGlite that Drizzle and we use. */
export class PgliteThread {
  private readonly worker: Worker;
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve: (value: WireResults | null) => void; reject: (error: Error) => void }
  >();
  private readonly handlers = new Map<number, (payload: string) => void>();
  private failure: Error | null = null;
  readonly waitReady: Promise<void>;

  constructor(dataDir: string) {
    this.worker = startWorker({ dataDir });
    // The thread keeps the process alive only while something waits for it.
    this.worker.unref();
    this.waitReady = new Promise((resolve, reject) => {
      this.worker.ref();
      const onReady = (message: ThreadReply) => {
        if (!('ready' in message)) return;
        this.worker.off('message', onReady);
        this.worker.unref();
        if (message.ready) resolve();
        else reject(errorOf(message.error));
      };
      this.worker.on('message', onReady);
      this.worker.once('error', reject);
    });
    this.worker.on('message', this.onMessage);
    this.worker.on('error', (error) => this.fail(error));
    this.worker.on('exit', (code) =>
      this.fail(new Error(`the embedded database thread exited (code ${code})`)),
    );
  }

  query<T>(
    sql: string,
    params: unknown[] = [],
    options: QueryOptions = {},
  ): Promise<WireResults & { rows: T[] }> {
    return this.queryIn(undefined, sql, params, options) as Promise<WireResults & { rows: T[] }>;
  }

  /** Runs `callback` in one transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const id = this.nextId;
    await this.call({ op: 'begin', id });
    const tx: ThreadTransaction = {
      query: <R>(sql: string, params: unknown[] = [], options: QueryOptions = {}) =>
        this.queryIn(id, sql, params, options) as Promise<WireResults & { rows: R[] }>,
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      await this.call({ op: 'end', id: this.nextId, tx: id, commit: false }).catch(() => undefined);
      throw error;
    }
    await this.call({ op: 'end', id: this.nextId, tx: id, commit: true });
    return result;
  }

  /** Subscribes to a channel; answers the unsubscribe function. */
  async listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>> {
    const subscription = this.nextId;
    this.handlers.set(subscription, handler);
    await this.call({ op: 'listen', id: this.nextId, channel, subscription });
    return async () => {
      if (!this.handlers.delete(subscription)) return;
      await this.call({ op: 'unlisten', id: this.nextId, subscription });
    };
  }

  /** Closes the database and ends the thread. */
  async close(): Promise<void> {
    if (this.failure) return;
    try {
      await this.call({ op: 'close', id: this.nextId });
    } finally {
      this.fail(new Error('the embedded database is closed'));
      await this.worker.terminate();
    }
  }

  private queryIn(tx: number | undefined, sql: string, params: unknown[], options: QueryOptions) {
    return this.call({
      op: 'query',
      id: this.nextId,
      sql,
      params,
      rowMode: options.rowMode,
      rawTypes: options.parsers ? Object.keys(options.parsers).map(Number) : [],
      ...(tx === undefined ? {} : { tx }),
    });
  }

  private call(request: ThreadRequest): Promise<WireResults | null> {
    if (this.failure) return Promise.reject(this.failure);
    this.nextId = request.id + 1;
    return new Promise((resolve, reject) => {
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(request.id, { resolve, reject });
      this.worker.postMessage(request);
    });
  }

  private readonly onMessage = (message: ThreadReply) => {
    if ('notify' in message) {
      this.handlers.get(message.notify)?.(message.payload);
      return;
    }
    if (!('id' in message)) return;
    const waiter = this.pending.get(message.id);
    if (!waiter) return;
    this.pending.delete(message.id);
    if (this.pending.size === 0) this.worker.unref();
    if (message.ok) waiter.resolve(message.value);
    else waiter.reject(errorOf(message.error));
  };

  private fail(error: Error): void {
    this.failure ??= error;
    for (const waiter of this.pending.values()) waiter.reject(this.failure);
    this.pending.clear();
    this.handlers.clear();
  }
}
