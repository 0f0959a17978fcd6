// WAL checkpoints off the request path. By default SQLite copies the write-ahead log back into the
// database file, and syncs that file to disk, inside whichever commit takes the log past 1000 pages:
// a create paid a third of its store time for it on average, and the commit that crossed the mark
// held the event loop for milliseconds. The service's connection turns automatic checkpoints off
// and a worker thread, with a connection of its own, checkpoints every CHECKPOINT_INTERVAL_MS.
// PASSIVE checkpoints neither wait for nor block the service's reads and writes.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

const CHECKPOINT_INTERVAL_MS = 250;

/** The worker's code: CommonJS, run with `eval` (the compiled build has no separate file for it). */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const database = new Database(workerData.file, { fileMustExist: true });
const timer = setInterval(() => database.pragma('wal_checkpoint(PASSIVE)'), workerData.intervalMs);
parentPort.once('message', () => {
  clearInterval(timer);
  database.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  /** Stops checkpointing; resolves once the worker's connection is closed. */
  stop(): Promise<void>;
}

/**
 * Checkpoints `file` in the background. `onFailure` hears a worker that could not start or failed:
 * the caller turns automatic checkpoints back on, so the log never grows without bound.
 */
export function startCheckpointer(file: string, onFailure: (error: unknown) => void): Checkpointer {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      file,
      driver: createRequire(import.meta.url).resolve('better-sqlite3'),
      intervalMs: CHECKPOINT_INTERVAL_MS,
    },
  });
  // A checkpointer must never keep the process alive on its own.
  worker.unref();
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  let stopping = false;
  worker.once('error', (error) => {
    if (!stopping) onFailure(error);
  });
  return {
    async stop() {
      stopping = true;
      // Held until it has closed its connection: awaiting an unreferenced worker would let the
      // process run out of things to do and end mid-shutdown.
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}
