// WAL checkpoints off the request path. By default SQLite copies the write-ahead log back into the
// database file, and syncs that file to disk, inside whichever commit takes the log past 1000 pages:
// a create paid a third of its store time for it on average, and the commit that crossed the mark
// held the event loop for milliseconds. The service's connection turns automatic checkpoints off
// and a worker thread, with a connection of its own, checkpoints every CHECKPOINT_INTERVAL_MS.
// PASSIVE checkpoints neither wait for nor block the service's reads and writes.
//
// A checkpoint alone never shortens the log: SQLite starts it again from the beginning only when a
// write begins with every frame copied back, and under a steady load the service has always
// written more by the time the worker is done. The log grew without end (1 GB after a minute of
// creates, against a 60 MB database), and with it the shared index every read searches. So when
// the log is past RESTART_AFTER_FRAMES the worker says so; the service holds its next writes back
// (reads go on) while the worker copies the few frames written since (`catchUp`), and the write
// that follows starts the log again. The service's own connection checkpointing instead held the
// event loop 2–14 ms each time.
// Plugged in by src/store/engine/speed-tricks.ts (`checkpointer`); without it SQLite checkpoints in the
// commit that takes the log past 1000 pages, as it does by default.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

const CHECKPOINT_INTERVAL_MS = 250;
/** 16 MiB of 4 KiB pages: past this, the service restarts the log (see above). */
export const RESTART_AFTER_FRAMES = 4096;

/** The worker's code: CommonJS, run with `eval` (the compiled build has no separate file for it). */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const database = new Database(workerData.file, { fileMustExist: true });
const timer = setInterval(() => {
  const [{ log }] = database.pragma('wal_checkpoint(PASSIVE)');
  if (log > workerData.restartAfterFrames) parentPort.postMessage('log-long');
}, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message === 'catch-up') {
    database.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage('caught-up');
    return;
  }
  clearInterval(timer);
  database.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  /**
   * Copies back the frames written since the last checkpoint; the caller writes nothing until it
   * resolves, so that its next write starts the log again. Resolves as well should the worker stop.
   */
  catchUp(): Promise<void>;
  /** Stops checkpointing; resolves once the worker's connection is closed. */
  stop(): Promise<void>;
}

export interface CheckpointerEvents {
  /** The log is long: the service calls `catchUp` before its next write. */
  onLogLong(): void;
  /** The worker could not start or failed: the caller turns SQLite's automatic checkpoints back on. */
  onFailure(error: unknown): void;
}

/** Checkpoints `file` in the background. */
export function startCheckpointer(file: string, events: CheckpointerEvents): Checkpointer {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      file,
      driver: createRequire(import.meta.url).resolve('better-sqlite3'),
      intervalMs: CHECKPOINT_INTERVAL_MS,
      restartAfterFrames: RESTART_AFTER_FRAMES,
    },
  });
  // A checkpointer must never keep the process alive on its own.
  worker.unref();
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  let stopping = false;
  let caughtUp: (() => void) | undefined;
  let catchingUp: Promise<void> | undefined;
  worker.on('message', (message) => {
    if (message === 'caught-up') caughtUp?.();
    else if (!stopping) events.onLogLong();
  });
  worker.once('error', (error) => {
    if (!stopping) events.onFailure(error);
  });
  // Writes held back for a catch-up must never wait on a worker that is gone.
  void exited.then(() => caughtUp?.());
  return {
    catchUp() {
      if (catchingUp) return catchingUp;
      catchingUp = new Promise<void>((resolve) => {
        caughtUp = () => {
          caughtUp = undefined;
          catchingUp = undefined;
          if (!stopping) worker.unref();
          resolve();
        };
        if (stopping) return caughtUp();
        // Referenced meanwhile: a process whose only work is the held write must not end.
        worker.ref();
        worker.postMessage('catch-up');
      });
      return catchingUp;
    },
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
