import { saveIndexedHere, saveUnreadableHere } from './store.ts';

/**
 * Work that runs as one call on the engine's own thread (SearchDb.run): on PGlite, wholly inside its
 * worker, so a transaction and the logic between its statements never wait on the request thread,
 * and nothing else runs in the engine while it is open.
 */
export const OPERATIONS = {
  /** store.ts saveIndexed: a read transcript stored, superseding or superseded, in one transaction. */
  saveIndexed: saveIndexedHere,
  /** store.ts saveUnreadable: a record that cannot be read, listed as failed with why. */
  saveUnreadable: saveUnreadableHere,
};

export type OperationName = keyof typeof OPERATIONS;
export type OperationArgs<Name extends OperationName> = (typeof OPERATIONS)[Name] extends (db: any, ...args: infer Args) => unknown ? Args : never;
export type OperationResult<Name extends OperationName> = Awaited<ReturnType<(typeof OPERATIONS)[Name]>>;
