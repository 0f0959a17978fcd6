// Runs started by schedules (issue 43): every SCHEDULE_POLL_MS each instance queues a run of each
// enabled flow whose schedule is due (src/store/records/schedules.ts keeps when), in one write with
// moving the flow's next due time on. The flow's row is locked while it fires (SKIP LOCKED on
// PostgreSQL), so one instance fires it, once. The next due time is the first after now, not after
// the missed one: after downtime a flow fires once for the time it missed, not once per tick.

import type { Store } from '../store/engine/database';
import { now } from '../store/reading/ids';
import { dueSchedules, earliestDue, nextFireAfter, setNextFire } from '../store/records/schedules';
import { insertQueuedRun, workQueued } from './queue';
import { SCHEDULE_TAG } from './tags';

export { SCHEDULE_TAG };

/** Flows fired in one write at most; more due wait for the next tick. */
const FIRED_PER_TICK = 100;

/** Queues a run of every flow due by `at`; the ids of the runs queued. */
export async function fireDueSchedules(store: Store, at: string = now()): Promise<string[]> {
  const fired = await store.write(async (trx) => {
    const due = await dueSchedules(trx, store.kind, at, FIRED_PER_TICK);
    const queued: { runId: string; platformId: string }[] = [];
    for (const flow of due) {
      const next = flow.schedule === undefined ? null : nextFireAfter(flow.schedule, at);
      await setNextFire(trx, flow.flowId, next);
      if (flow.schedule === undefined) continue;
      const run = await insertQueuedRun(trx, store, {
        platformId: flow.platformId,
        projectId: flow.projectId,
        flowId: flow.flowId,
        flowVersionId: flow.publishedVersionId,
        payload: JSON.stringify({
          scheduledFor: flow.dueAt,
          cronExpression: flow.schedule.cronExpression,
          timezone: flow.schedule.timezone,
        }),
        tags: [SCHEDULE_TAG],
        at,
      });
      if (run) queued.push({ runId: run.id, platformId: flow.platformId });
    }
    return queued;
  });
  const firedPerPlatform = new Map<string, number>();
  for (const { platformId } of fired) firedPerPlatform.set(platformId, (firedPerPlatform.get(platformId) ?? 0) + 1);
  for (const [platformId, runs] of firedPerPlatform) workQueued(platformId, runs);
  return fired.map((run) => run.runId);
}

/**
 * Fires every schedule due up to `until` at each of its due times, earliest first, at most `max`
 * runs: what a clock moved forward by hand (a sandbox session's) would have fired meanwhile, where
 * the poller fires once for a period it missed. `atTime` is called with each due time before it
 * fires, so that the clock reads it; the number of runs queued.
 */
export async function fireSchedulesUntil(
  store: Store,
  until: string,
  max: number,
  atTime: (dueAt: string) => void,
): Promise<number> {
  let fired = 0;
  while (fired < max) {
    const dueAt = await earliestDue(store.db, until);
    if (dueAt === undefined) break;
    atTime(dueAt);
    fired += (await fireDueSchedules(store, dueAt)).length;
  }
  return fired;
}

/** Fires due schedules every `pollMs` until stopped; errors go to `onError` and the next tick tries again. */
export function startScheduler(store: Store, pollMs: number, onError: (error: unknown) => void): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const timer = setInterval(() => {
    // One tick at a time: a slow write is not overtaken by the next tick.
    running = running.then(() => (stopped ? undefined : fireDueSchedules(store).catch(onError)));
  }, pollMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
