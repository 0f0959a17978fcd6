// Wakes what waits on this instance for a run to change: a `/sync` webhook caller waiting for its
// run's answer or end (./webhook-trigger.ts). Another instance's change is found by polling.
import { EventEmitter } from 'node:events';

const runChanged = new EventEmitter();
runChanged.setMaxListeners(0);

/** Tells this instance's waiters, if any, that the run answered or ended. */
export function announceRunChange(runId: string): void {
  runChanged.emit(runId);
}

/** Resolves when the run changes on this instance, after `ms`, or when `signal` aborts. */
export function runChangeOrTimeout(runId: string, ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      runChanged.off(runId, done);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    runChanged.once(runId, done);
    signal.addEventListener('abort', done, { once: true });
  });
}
