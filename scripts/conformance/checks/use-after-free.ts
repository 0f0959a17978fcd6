// Use-after-free: once deleted, a record is gone for every operation that names it: a read, a
// change and a second delete each answer 404 ENTITY_NOT_FOUND, as for an id that never existed,
// and no list shows it. A revoked key is refused (401 AUTHENTICATION). Each record is deleted on its
// own here; the project-delete workflow covers what a project's delete takes with it.
import type { Api } from '../http';
import { marked } from '../leftovers';
import { expectProblem } from '../problems';
import type { CheckRun, Expectations } from './check';
import { idsOf, makeConnection, makeFlow, makeFolder, makeKey, makeProject, RENAME } from './fixtures';

type Operation = [operationId: string, method: string, path: string, json?: unknown];

/** Deletes with `remove`, then expects every operation of `after` to find nothing. */
async function afterDelete(expect: Expectations, api: Api, remove: Operation, deleted: number, after: Operation[]) {
  const [, method, path] = remove;
  if (!expect.status(await api.call(method, path), deleted)) return;
  for (const [operationId, afterMethod, afterPath, json] of [...after, remove]) {
    const answer = await api.call(afterMethod, afterPath, json === undefined ? {} : { json });
    expectProblem(expect, answer, operationId, 404, 'ENTITY_NOT_FOUND');
  }
}

export async function useAfterFreeChecks(run: CheckRun, api: Api, receiverUrl: string | undefined): Promise<void> {
  let projectId = '';
  try {
    projectId = await makeProject(api, 'use-after-free');
  } catch (error) {
    await run.check('use-after-free', 'setting up a project', async () => {
      throw error;
    });
    return;
  }
  await run.check('use-after-free', 'a deleted flow', async (expect) => {
    const id = await makeFlow(api, projectId);
    await afterDelete(expect, api, ['deleteFlow', 'DELETE', `/v1/flows/${id}`], 204, [
      ['getFlow', 'GET', `/v1/flows/${id}`],
      ['updateFlow', 'POST', `/v1/flows/${id}`, RENAME.flow],
      ['listFlowVersions', 'GET', `/v1/flows/${id}/versions`],
    ]);
    expect.that(!(await idsOf(api, '/v1/flows', { projectId })).includes(id), `listFlows still shows flow ${id}`);
  });
  await run.check('use-after-free', 'a deleted folder', async (expect) => {
    const id = await makeFolder(api, projectId);
    await afterDelete(expect, api, ['deleteFolder', 'DELETE', `/v1/folders/${id}`], 204, [
      ['getFolder', 'GET', `/v1/folders/${id}`],
      ['updateFolder', 'POST', `/v1/folders/${id}`, RENAME.folder],
      ['createFlow', 'POST', '/v1/flows', { displayName: 'In a deleted folder', projectId, folderId: id }],
    ]);
    expect.that(!(await idsOf(api, '/v1/folders', { projectId })).includes(id), `listFolders still shows folder ${id}`);
  });
  await run.check('use-after-free', 'a deleted app connection', async (expect) => {
    const id = await makeConnection(api, projectId);
    await afterDelete(expect, api, ['deleteAppConnection', 'DELETE', `/v1/app-connections/${id}`], 204, [
      ['getAppConnection', 'GET', `/v1/app-connections/${id}`],
      ['updateAppConnection', 'POST', `/v1/app-connections/${id}`, RENAME.connection],
    ]);
  });
  await run.check('use-after-free', 'a revoked API key', async (expect) => {
    const made = await makeKey(api, 'VIEWER', [projectId], 'use-after-free: revoked');
    expect.status(await api.call('GET', `/v1/projects/${projectId}`, { key: made.key }), 200);
    if (!expect.status(await api.call('DELETE', `/v1/api-keys/${made.id}`), 200)) return;
    const used = await api.call('GET', `/v1/projects/${projectId}`, { key: made.key });
    expectProblem(expect, used, 'getProject', 401, 'AUTHENTICATION');
    expectProblem(expect, await api.call('DELETE', `/v1/api-keys/${made.id}`), 'revokeApiKey', 404, 'ENTITY_NOT_FOUND');
    expect.that(!(await idsOf(api, '/v1/api-keys')).includes(made.id), `listApiKeys still shows key ${made.id}`);
  });
  if (receiverUrl === undefined) {
    run.skip(
      'use-after-free',
      ['a deleted webhook endpoint'],
      'needs a receiver URL the server accepts (see webhooks)',
    );
  } else {
    await run.check('use-after-free', 'a deleted webhook endpoint', async (expect) => {
      const made = await api.must(201, 'POST', '/v1/webhook-endpoints', {
        json: {
          url: receiverUrl,
          eventTypes: ['flow.created'],
          projectIds: [projectId],
          description: marked('use-after-free'),
        },
      });
      const id = String((made.body as { id: unknown }).id);
      await afterDelete(expect, api, ['deleteWebhookEndpoint', 'DELETE', `/v1/webhook-endpoints/${id}`], 200, [
        ['getWebhookEndpoint', 'GET', `/v1/webhook-endpoints/${id}`],
        ['sendWebhookTestEvent', 'POST', `/v1/webhook-endpoints/${id}/test`],
        ['listWebhookDeliveries', 'GET', `/v1/webhook-endpoints/${id}/deliveries`],
      ]);
    });
  }
  await run.check('use-after-free', 'a deleted project', async (expect) => {
    await afterDelete(expect, api, ['deleteProject', 'DELETE', `/v1/projects/${projectId}`], 204, [
      ['getProject', 'GET', `/v1/projects/${projectId}`],
      ['listFlows', 'GET', `/v1/flows?projectId=${projectId}`],
      ['createFolder', 'POST', '/v1/folders', { displayName: 'In a deleted project', projectId }],
    ]);
    expect.that(
      !(await idsOf(api, '/v1/projects')).includes(projectId),
      `listProjects still shows project ${projectId}`,
    );
  });
}
