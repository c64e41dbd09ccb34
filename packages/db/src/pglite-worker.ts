// The embedded database in its own thread (see pglite-thread.ts, which starts it): PGlite runs
// PostgreSQL compiled to WebAssembly synchronously, so in the server's thread every statement
// would stop the event loop — and with it the gateway's relays — for as long as it runs.
// Here it answers the messages of `PgliteThread`: queries, transactions held open across
// messages, LISTEN subscriptions and close.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { ThreadReply, ThreadRequest, WireError } from './pglite-thread';

const port = parentPort;
if (!port) throw new Error('pglite-worker runs as a worker thread (started by PgliteThread)');

/** Own properties of an error that survive a structured clone (PGlite's DatabaseError fields). */
const wireError = (error: unknown): WireError => {
  if (!(error instanceof Error)) return { message: String(error), name: 'Error', props: {} };
  const props: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      props[key] = value;
  }
  return { message: error.message, name: error.name, props };
};

const reply = (message: ThreadReply) => port.postMessage(message);

/** Query options for PGlite: the types whose text is kept as it is (Drizzle passes identity parsers). */
const optionsOf = (rowMode: 'array' | 'object' | undefined, rawTypes: number[]) => ({
  rowMode,
  parsers: Object.fromEntries(rawTypes.map((oid) => [oid, (value: string) => value])),
});

const { dataDir } = workerData as { dataDir: string };
const pglite = new PGlite(dataDir);

/** Open transactions by id, and how each one ends. */
const transactions = new Map<number, { tx: Transaction; end: (commit: boolean, replyId: number) => void }>();
const subscriptions = new Map<number, () => Promise<void>>();

const handle = async (request: ThreadRequest): Promise<void> => {
  switch (request.op) {
    case 'query': {
      const target = request.tx === undefined ? pglite : transactions.get(request.tx)?.tx;
      if (!target) throw new Error(`transaction ${request.tx} is not open`);
      const result = await target.query(
        request.sql,
        request.params,
        optionsOf(request.rowMode, request.rawTypes),
      );
      reply({
        id: request.id,
        ok: true,
        value: { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows },
      });
      return;
    }
    case 'begin': {
      let endReplyId = -1;
      const done = pglite.transaction(async (tx) => {
        const commit = await new Promise<boolean>((resolve) => {
          transactions.set(request.id, {
            tx,
            end: (shouldCommit, replyId) => {
              endReplyId = replyId;
              resolve(shouldCommit);
            },
          });
          reply({ id: request.id, ok: true, value: null });
        });
        transactions.delete(request.id);
        if (!commit) await tx.rollback();
      });
      done.then(
        () => {
          if (endReplyId >= 0) reply({ id: endReplyId, ok: true, value: null });
        },
        (error: unknown) => {
          transactions.delete(request.id);
          // Before the transaction opened the error answers `begin`, after it `end`.
          reply({ id: endReplyId >= 0 ? endReplyId : request.id, ok: false, error: wireError(error) });
        },
      );
      return;
    }
    case 'end': {
      const open = transactions.get(request.tx);
      if (!open) throw new Error(`transaction ${request.tx} is not open`);
      open.end(request.commit, request.id);
      return;
    }
    case 'listen': {
      const unlisten = await pglite.listen(request.channel, (payload) =>
        reply({ notify: request.subscription, payload }),
      );
      subscriptions.set(request.subscription, unlisten);
      reply({ id: request.id, ok: true, value: null });
      return;
    }
    case 'unlisten': {
      const unlisten = subscriptions.get(request.subscription);
      subscriptions.delete(request.subscription);
      await unlisten?.();
      reply({ id: request.id, ok: true, value: null });
      return;
    }
    case 'close': {
      await pglite.close();
      reply({ id: request.id, ok: true, value: null });
      return;
    }
  }
};

port.on('message', (request: ThreadRequest) => {
  handle(request).catch((error: unknown) => reply({ id: request.id, ok: false, error: wireError(error) }));
});

pglite.waitReady.then(
  () => reply({ ready: true }),
  (error: unknown) => reply({ ready: false, error: wireError(error) }),
);
