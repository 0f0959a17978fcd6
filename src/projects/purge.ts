// The purge of deleted projects: deleteProject's transaction made a project unreachable
// (../store/records/deleted-projects.ts); this deletes its rows in short write transactions,
// children first, yielding between them so that other requests are served meanwhile. A service
// runs one purger (started with it, resuming what a stop or a crash left, and looking again every
// minute); a store without one (a sandbox session's, the command line's) purges within the delete.
import type { Logger } from 'pino';
import type { Store } from '../store/engine/database';
import { DELETED_PROJECTS_PLATFORM_ID } from '../store/records/deleted-projects';
import { deleteProjectReachables } from './queries';

/** Runs deleted per transaction (with their tags): a few milliseconds of the store each. */
const RUNS_PER_CHUNK = 50;
/** Flows deleted per transaction (with their versions). */
const FLOWS_PER_CHUNK = 25;
/** How often a purger looks for deleted projects nobody purges (one indexed query). */
const LOOK_AGAIN_MS = 60_000;

/**
 * After each chunk, a pause twice as long as the chunk took (at least a millisecond): the purge takes
 * at most about a third of the store's time, and a request waits at most one chunk (a millisecond or
 * two) for it. Other projects' reads kept their usual p99 while 100,000 runs were purged (bench).
 */
const pauseAfter = (chunkMs: number) => new Promise((resolve) => setTimeout(resolve, Math.max(1, 2 * chunkMs)));

/** Deletes one chunk of the project's rows; whether there was anything left to delete. */
async function purgeChunk(store: Store, projectId: string): Promise<boolean> {
  return store.write(async (trx) => {
    // The runs first, whatever else is left: a run recorded while the purge went on goes too.
    const runs = await trx
      .selectFrom('flow_runs')
      .select('id')
      .where('project_id', '=', projectId)
      .limit(RUNS_PER_CHUNK)
      .execute();
    if (runs.length > 0) {
      const runIds = runs.map((run) => run.id);
      await trx.deleteFrom('flow_run_tags').where('run_id', 'in', runIds).execute();
      await trx.deleteFrom('flow_run_jobs').where('run_id', 'in', runIds).execute();
      await trx.deleteFrom('flow_runs').where('id', 'in', runIds).execute();
      return true;
    }
    const flows = await trx
      .selectFrom('flows')
      .select('id')
      .where('project_id', '=', projectId)
      .limit(FLOWS_PER_CHUNK)
      .execute();
    if (flows.length > 0) {
      const flowIds = flows.map((flow) => flow.id);
      await trx.deleteFrom('flow_versions').where('flow_id', 'in', flowIds).execute();
      // Its connection uses go with each flow (ON DELETE CASCADE).
      await trx.deleteFrom('flows').where('id', 'in', flowIds).execute();
      return true;
    }
    // Gone with the deleting transaction already; deleted again should a project have come here another way.
    await deleteProjectReachables(trx, projectId);
    await trx.deleteFrom('folders').where('project_id', '=', projectId).execute();
    await trx.deleteFrom('project_plans').where('project_id', '=', projectId).execute();
    await trx
      .deleteFrom('projects')
      .where('id', '=', projectId)
      .where('platform_id', '=', DELETED_PROJECTS_PLATFORM_ID)
      .execute();
    return false;
  });
}

/** The deleted projects still to purge, oldest id first. */
async function deletedProjectIds(store: Store): Promise<string[]> {
  const rows = await store.db
    .selectFrom('projects')
    .select('id')
    .where('platform_id', '=', DELETED_PROJECTS_PLATFORM_ID)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/** Purges every deleted project of the store, chunk by chunk, until none is left (or `stopped` says so). */
export async function purgeDeletedProjects(store: Store, stopped: () => boolean = () => false): Promise<number> {
  let purged = 0;
  for (;;) {
    const projectIds = await deletedProjectIds(store);
    if (projectIds.length === 0 || stopped()) return purged;
    for (const projectId of projectIds) {
      for (;;) {
        if (stopped()) break;
        const started = performance.now();
        if (!(await purgeChunk(store, projectId))) break;
        await pauseAfter(performance.now() - started);
      }
      if (stopped()) return purged;
      purged += 1;
    }
  }
}

export interface ProjectPurger {
  /** Purges soon, in the background (a project was just deleted). */
  wake(): void;
  /** Stops after the chunk under way; what is left is purged at the next start. */
  stop(): Promise<void>;
}

const purgers = new WeakMap<Store, ProjectPurger>();

/** The service's purger of the store: purges what is left at once, then whenever woken. */
export function startProjectPurger(store: Store, logger: Logger): ProjectPurger {
  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;
  const run = () => {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          const purged = await purgeDeletedProjects(store, () => stopped);
          if (purged > 0) logger.info({ projects: purged }, 'deleted projects purged');
        } catch (error) {
          // Tried again at the next delete or start: the rows stay unreachable meanwhile.
          logger.warn({ err: error }, 'purging deleted projects failed');
        }
      } while (again && !stopped);
      running = undefined;
    })();
  };
  // Also now and then: what another instance left when it stopped is purged without waiting for a start.
  const timer = setInterval(run, LOOK_AGAIN_MS).unref();
  const purger: ProjectPurger = {
    wake: run,
    async stop() {
      stopped = true;
      clearInterval(timer);
      purgers.delete(store);
      await running;
    },
  };
  purgers.set(store, purger);
  run();
  return purger;
}

/**
 * After deleteProject committed: the store's purger takes it from here; without one, the rows are
 * purged before this returns.
 */
export async function purgeAfterDelete(store: Store): Promise<void> {
  const purger = purgers.get(store);
  if (purger) purger.wake();
  else await purgeDeletedProjects(store);
}
