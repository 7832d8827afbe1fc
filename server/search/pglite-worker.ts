import { parentPort, workerData } from 'node:worker_threads';
import { openPgliteHere, toWire, type EngineReply, type EngineRequest, type EngineWorkerData, type SearchDb } from './db.ts';

/**
 * The search index's PGlite, in a worker thread of its own (started by openPglite in db.ts), so
 * that the thread answering requests never waits on it. Jobs run one at a time in the order they
 * came; a transaction runs only its own statements until it ends. A failed job answers with its
 * error; WebAssembly aborting (a damaged data file can do it) also says the engine is done, and the
 * request thread starts a new worker.
 */

const port = parentPort;
if (!port) throw new Error('pglite-worker.ts runs as a worker thread (server/search/db.ts starts it)');
const { dataDir, cacheMb } = workerData as EngineWorkerData;
const reply = (message: EngineReply) => port.postMessage(message);

type TxMessage = Extract<EngineRequest, { kind: 'tx-query' | 'tx-end' }>;
/** Open transactions: where their statements go. */
const sessions = new Map<number, (message: TxMessage) => void>();
const ROLLBACK = Symbol('rollback');

let db: SearchDb;
try {
  db = await openPgliteHere(dataDir, cacheMb);
} catch (error) {
  reply({ kind: 'open-failed', error: toWire(error) });
  process.exit(1);
}

const failed = (id: number, error: unknown) => reply({ kind: 'failed', id, error: toWire(error), fatal: error instanceof WebAssembly.RuntimeError });

/** A transaction: open until its tx-end, running only its own statements meanwhile. */
async function session(id: number): Promise<void> {
  const inbox: TxMessage[] = [];
  let wake: (() => void) | undefined;
  sessions.set(id, (message) => {
    inbox.push(message);
    wake?.();
  });
  let endId: number | undefined;
  try {
    await db.transaction(async (tx) => {
      reply({ kind: 'done', id, value: id });
      for (;;) {
        while (inbox.length === 0) await new Promise<void>((resolve) => (wake = resolve));
        const message = inbox.shift()!;
        if (message.kind === 'tx-end') {
          endId = message.id;
          if (message.commit) return;
          throw ROLLBACK;
        }
        try {
          reply({ kind: 'done', id: message.id, value: await tx.query(message.sql, message.params) });
        } catch (error) {
          failed(message.id, error);
        }
      }
    });
    if (endId !== undefined) reply({ kind: 'done', id: endId, value: undefined });
  } catch (error) {
    if (endId === undefined) failed(id, error);
    else if (error === ROLLBACK) reply({ kind: 'done', id: endId, value: undefined });
    else failed(endId, error);
  } finally {
    sessions.delete(id);
  }
}

async function perform(message: EngineRequest): Promise<void> {
  if (message.announce) reply({ kind: 'started', id: message.id });
  if (message.kind === 'begin') return session(message.id);
  try {
    let value: unknown;
    if (message.kind === 'query') value = await db.query(message.sql, message.params);
    else if (message.kind === 'exec') value = await db.exec(message.sql);
    else if (message.kind === 'run') value = await (db.run as (name: string, ...args: readonly unknown[]) => Promise<unknown>)(message.name, ...message.args);
    else if (message.kind === 'close') value = await db.close();
    else throw new Error(`The search engine has no transaction ${message.tx}`);
    reply({ kind: 'done', id: message.id, value });
  } catch (error) {
    failed(message.id, error);
  }
}

let queue = Promise.resolve();
port.on('message', (message: EngineRequest) => {
  if (message.kind === 'tx-query' || message.kind === 'tx-end') {
    const deliver = sessions.get(message.tx);
    if (deliver) deliver(message);
    else failed(message.id, new Error(`The search engine has no open transaction ${message.tx}`));
    return;
  }
  queue = queue.then(() => perform(message));
});
reply({ kind: 'ready' });
