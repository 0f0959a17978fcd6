// Idempotency: a create retried with the same Idempotency-Key and body is answered once: the same
// status and record, marked Idempotent-Replayed, and one record made; retries in flight at the same
// time make one record too (a retry still running may be told 409 IDEMPOTENCY_KEY_IN_USE, and then
// gets the first answer); the key reused for another body or operation is a 422.
import { randomUUID } from 'node:crypto';
import { type Answer, type Api, field } from '../http';
import { marked } from '../leftovers';
import { expectProblem } from '../problems';
import type { CheckRun } from './check';

/** Projects named `name`: how many a create made. */
async function projectsNamed(api: Api, name: string): Promise<string[]> {
  return (await api.all('/v1/projects'))
    .filter((project) => project.displayName === name)
    .map((project) => String(project.id));
}

/** A create of a project named `name` with `key`, retried while the first is still running. */
async function createUntilAnswered(api: Api, key: string, name: string): Promise<Answer> {
  for (let attempt = 0; ; attempt += 1) {
    const answer = await api.call('POST', '/v1/projects', {
      headers: { 'idempotency-key': key },
      json: { displayName: name },
    });
    if (answer.status !== 409 || field(answer, 'code') !== 'IDEMPOTENCY_KEY_IN_USE' || attempt >= 50) return answer;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function idempotencyChecks(run: CheckRun, api: Api): Promise<void> {
  await run.check('idempotency', 'a retried create is answered once', async (expect) => {
    const key = randomUUID();
    const name = marked(`idempotency: retried ${key}`);
    const first = await createUntilAnswered(api, key, name);
    const retry = await createUntilAnswered(api, key, name);
    if (!expect.status(first, 201) || !expect.status(retry, 201)) return;
    expect.that(
      field(retry, 'id') === field(first, 'id'),
      `${retry.request}: the retry made ${String(field(retry, 'id'))}, the first ${String(field(first, 'id'))}`,
    );
    expect.that(
      retry.headers.get('idempotent-replayed') === 'true',
      `${retry.request}: the retry's answer has no Idempotent-Replayed: true`,
    );
    expect.that(
      first.headers.get('idempotent-replayed') !== 'true',
      `${first.request}: the first answer says it is replayed`,
    );
    const made = await projectsNamed(api, name);
    expect.that(made.length === 1, `the create and its retry made ${made.length} projects`);
  });
  await run.check('idempotency', 'retries in flight at once are answered once', async (expect) => {
    const key = randomUUID();
    const name = marked(`idempotency: concurrent ${key}`);
    const answers = await Promise.all([0, 1, 2, 3].map(() => createUntilAnswered(api, key, name)));
    for (const answer of answers) expect.status(answer, 201);
    const ids = new Set(answers.map((answer) => field(answer, 'id')));
    expect.that(ids.size === 1, `four creates with one key answered ${ids.size} different ids`);
    const made = await projectsNamed(api, name);
    expect.that(made.length === 1, `four creates with one key made ${made.length} projects`);
  });
  await run.check('idempotency', 'the key reused for another body is refused', async (expect) => {
    const key = randomUUID();
    expect.status(await createUntilAnswered(api, key, marked(`idempotency: reused ${key}`)), 201);
    const other = await api.call('POST', '/v1/projects', {
      headers: { 'idempotency-key': key },
      json: { displayName: marked(`idempotency: another body ${key}`) },
    });
    expectProblem(expect, other, 'createProject', 422, 'IDEMPOTENCY_KEY_REUSED');
  });
  await run.check('idempotency', 'the key reused on another operation is refused', async (expect) => {
    const key = randomUUID();
    const project = await createUntilAnswered(api, key, marked(`idempotency: another operation ${key}`));
    if (!expect.status(project, 201)) return;
    const flow = await api.call('POST', '/v1/flows', {
      headers: { 'idempotency-key': key },
      json: { displayName: 'Never made', projectId: field(project, 'id') },
    });
    expectProblem(expect, flow, 'createFlow', 422, 'IDEMPOTENCY_KEY_REUSED');
  });
}
