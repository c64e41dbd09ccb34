import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import { MIGRATIONS_FOLDER } from './migrations-folder';
import { PgliteThread } from './pglite-thread';
import * as schema from './schema';

/** The Drizzle database, the same type for PGlite and PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Runs raw SQL and answers its rows (both drivers answer `{ rows }`). */
export const queryRows = async <T>(db: Database, query: SQL): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** True for a unique-constraint violation (SQLSTATE 23505), whichever driver raised it. */
export const isUniqueViolation = (error: unknown): boolean => {
  for (let current = error, depth = 0; current && depth < 4; depth += 1) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
};

/** Which engine is behind a handle. */
export type DatabaseDriver = 'pglite' | 'postgres';

/** An open database with its lifecycle. */
export interface DatabaseHandle {
  readonly db: Database;
  readonly driver: DatabaseDriver;
  /** One round trip; throws when the database does not answer. */
  ping(): Promise<void>;
  /**
   * Whether this process is the job leader (DESIGN §2). On PostgreSQL the first process to
   * take an advisory lock keeps it on a dedicated connection until it exits; the embedded
   * database has one process, always the leader.
   */
  tryLeadership(): Promise<boolean>;
  /**
   * Subscribes to a notification channel (`NOTIFY channel, payload` from any process on
   * PostgreSQL; from this process on the embedded database). Answers the unsubscribe function.
   */
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  /** Sends a notification on a channel. */
  notify(channel: string, payload: string): Promise<void>;
  /** Closes connections (and releases the data directory). Safe to call twice. */
  close(): Promise<void>;
}

/** Where the data lives; PostgreSQL wins when `databaseUrl` is given. */
export interface OpenDatabaseOptions {
  /** PostgreSQL connection string (scaled mode). */
  databaseUrl?: string;
  /**
   * Directory of the embedded database (default mode); PGlite files go to `<dataDir>/pglite`.
   * PGlite then runs in a worker thread (`PgliteThread`), so that its statements, which execute
   * synchronously, never stop this thread's event loop (the API's and the gateway's).
   */
  dataDir?: string;
  /** An already created PGlite instance (tests); closing the handle closes it. */
  pglite?: PGlite;
  /** Folder of drizzle-kit migrations; defaults to the one shipped with this package. */
  migrationsFolder?: string;
  /** Apply pending migrations before returning (default true). */
  migrate?: boolean;
  /** PostgreSQL pool size (default 10). */
  poolSize?: number;
  /** Called for errors of idle pooled connections, which must not crash the process. */
  onPoolError?: (error: Error) => void;
}

// Serialises migrations of processes starting together against one PostgreSQL database.
const MIGRATION_LOCK_KEY = 7_407_001;
// Held by the one process that runs background jobs.
const JOB_LEADER_LOCK_KEY = 7_407_002;

/** Opens PostgreSQL (`databaseUrl`) or embedded PGlite (`dataDir`/`pglite`) and migrates it. */
export const openDatabase = async (options: OpenDatabaseOptions): Promise<DatabaseHandle> => {
  const migrationsFolder = options.migrationsFolder ?? MIGRATIONS_FOLDER;
  const shouldMigrate = options.migrate ?? true;
  if (options.databaseUrl) return openPostgres(options.databaseUrl, migrationsFolder, shouldMigrate, options);
  if (options.pglite) return openPglite(options.pglite, migrationsFolder, shouldMigrate, () => {});
  if (!options.dataDir) throw new Error('openDatabase needs a databaseUrl, a dataDir or a pglite instance');
  const release = lockDataDir(options.dataDir);
  try {
    const pglite = new PgliteThread(join(options.dataDir, 'pglite'));
    try {
      await pglite.waitReady;
      return await openPglite(pglite, migrationsFolder, shouldMigrate, release);
    } catch (error) {
      await pglite.close().catch(() => undefined);
      throw error;
    }
  } catch (error) {
    release();
    throw error;
  }
};

const openPglite = async (
  pglite: PGlite | PgliteThread,
  migrationsFolder: string,
  shouldMigrate: boolean,
  release: () => void,
): Promise<DatabaseHandle> => {
  // Drizzle uses `query` and `transaction` of its client, which the thread answers as PGlite does.
  const db = drizzlePglite({ client: pglite as PGlite, schema, casing: 'snake_case' });
  if (shouldMigrate) await migratePglite(db, { migrationsFolder });
  let closed = false;
  return {
    db: db as unknown as Database,
    driver: 'pglite',
    ping: async () => {
      await pglite.query('select 1');
    },
    tryLeadership: async () => !closed,
    listen: async (channel, handler) => {
      const unlisten = await pglite.listen(channel, handler);
      return async () => {
        if (!closed) await unlisten();
      };
    },
    notify: async (channel, payload) => {
      await pglite.query('select pg_notify($1, $2)', [channel, payload]);
    },
    close: async () => {
      if (closed) return;
      closed = true;
      try {
        await pglite.close();
      } finally {
        release();
      }
    },
  };
};

const openPostgres = async (
  url: string,
  migrationsFolder: string,
  shouldMigrate: boolean,
  options: OpenDatabaseOptions,
): Promise<DatabaseHandle> => {
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10 });
  pool.on('error', (error) => options.onPoolError?.(error));
  try {
    if (shouldMigrate) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        try {
          await migratePg(drizzlePg({ client, casing: 'snake_case' }), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    } else {
      await pool.query('select 1');
    }
  } catch (error) {
    await pool.end();
    throw error;
  }
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' });
  let closed = false;
  let leader: pg.Client | null = null;
  let isLeader = false;
  const listeners = createPgListener(url, options.onPoolError);
  const dropLeader = () => {
    isLeader = false;
    const client = leader;
    leader = null;
    void client?.end().catch(() => undefined);
  };
  return {
    db: db as unknown as Database,
    driver: 'postgres',
    ping: async () => {
      await pool.query('select 1');
    },
    tryLeadership: async () => {
      if (closed) return false;
      try {
        if (!leader) {
          const client = new pg.Client({ connectionString: url });
          client.on('error', dropLeader);
          await client.connect();
          leader = client;
        }
        if (!isLeader) {
          const { rows } = await leader.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [
            JOB_LEADER_LOCK_KEY,
          ]);
          isLeader = rows[0]?.ok === true;
        } else {
          await leader.query('select 1');
        }
        return isLeader;
      } catch (error) {
        dropLeader();
        options.onPoolError?.(error as Error);
        return false;
      }
    },
    listen: (channel, handler) => listeners.listen(channel, handler),
    notify: async (channel, payload) => {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    close: async () => {
      if (closed) return;
      closed = true;
      dropLeader();
      await listeners.close();
      await pool.end();
    },
  };
};

/**
 * LISTEN on one dedicated connection for all channels; it reconnects (and re-listens) after a
 * failure, so subscribers survive a database restart.
 */
const createPgListener = (url: string, onError?: (error: Error) => void) => {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;

  const quote = (channel: string) => `"${channel.replace(/"/g, '""')}"`;
  const connect = () => {
    connecting ??= (async () => {
      const next = new pg.Client({ connectionString: url });
      next.on('notification', (message) => {
        for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '');
      });
      next.on('error', (error) => {
        onError?.(error);
        client = null;
        connecting = null;
        void next.end().catch(() => undefined);
        if (!closed && handlers.size > 0) setTimeout(() => void connect().catch(() => undefined), 1_000);
      });
      await next.connect();
      for (const channel of handlers.keys()) await next.query(`listen ${quote(channel)}`);
      client = next;
      return next;
    })().catch((error: unknown) => {
      connecting = null;
      throw error;
    });
    return connecting;
  };

  return {
    listen: async (channel: string, handler: (payload: string) => void) => {
      let set = handlers.get(channel);
      const isNew = !set;
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
      }
      set.add(handler);
      const active = client ?? (await connect());
      if (isNew && active === client) await active.query(`listen ${quote(channel)}`);
      return async () => {
        set?.delete(handler);
        if (set?.size === 0) {
          handlers.delete(channel);
          await client?.query(`unlisten ${quote(channel)}`).catch(() => undefined);
        }
      };
    },
    close: async () => {
      closed = true;
      handlers.clear();
      await client?.end().catch(() => undefined);
      client = null;
    },
  };
};
