// `npm run cli -- seed-runs` on the SQLite file of a running service (the compiled command line, a
// process of its own): the command writes in short transactions and pauses after each, and the
// service's writes wait for SQLite's lock between turns of its event loop, so the service keeps
// answering every tenant (no 503) and its writes land between the command's, not after it.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { unwrap } from '../../src/client';
import { givenProject, sqliteDirectoryOf, storedRunCount } from '../support/builders';
import { projectRoot } from '../support/bundle';
import { useBackend, useOtherPlatform } from '../support/suite';

/** Eight of the command's transactions on SQLite. */
const RUNS = 40_000;

describe('seed-runs beside a running service on SQLite', () => {
  const backend = useBackend('sqlite');
  const stranger = useOtherPlatform(backend);

  it("keeps the service's writes and other tenants' reads answered, its writes landing between the command's", async () => {
    const projectId = await givenProject(backend);
    for (const displayName of ['Lead routing', 'Invoice sync'])
      await unwrap(backend.client.POST('/v1/flows', { body: { projectId, displayName } }));
    const otherProject = await givenProject(backend);

    const child = spawn(
      process.execPath,
      [join(projectRoot, 'dist', 'src', 'cli.js'), 'seed-runs', '--project', projectId, '--count', String(RUNS)],
      {
        cwd: projectRoot,
        env: { ...process.env, DATA_DIR: await sqliteDirectoryOf(backend.store), DATABASE_URL: '', REDIS_URL: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    let running = true;
    const exited = new Promise<number | null>((resolve) =>
      child.once('exit', (code) => {
        running = false;
        resolve(code);
      }),
    );

    const statuses: number[] = [];
    /** Service writes answered while the command had written some of its runs but not all. */
    let between = 0;
    for (let index = 0; running; index += 1) {
      const [write, read] = await Promise.all([
        backend.client.POST('/v1/flows', {
          body: { projectId: otherProject, displayName: `Beside the seed ${index}` },
        }),
        stranger.client.GET('/v1/projects', {}),
      ]);
      statuses.push(write.response.status, read.response.status);
      const seeded = await storedRunCount(backend.store, projectId);
      if (running && seeded > 0 && seeded < RUNS) between += 1;
    }

    expect(await exited, output).toBe(0);
    expect(output).toContain(`Seeded ${RUNS} runs of 2 flows`);
    expect(await storedRunCount(backend.store, projectId)).toBe(RUNS);
    expect(statuses.filter((status) => status !== 201 && status !== 200)).toEqual([]);
    // Before, the command wrote its runs in one transaction: the service waited (its event loop
    // held) until the command was done, and nothing landed in between.
    expect(between).toBeGreaterThanOrEqual(3);
  }, 180_000);
});
