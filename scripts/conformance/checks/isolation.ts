// Isolation: a key limited to one project finds another project's records as it finds ids that
// never existed (404 ENTITY_NOT_FOUND), for reads and writes alike, and its failed writes change
// nothing; with --other-key (an ADMIN key of another platform on the same deployment) the same
// holds between tenants. A control read with the limited key proves the 404s are not a broken key.
import { type Api, field } from '../http';
import { expectProblem } from '../problems';
import type { CheckRun } from './check';
import { idsOf, makeConnection, makeFlow, makeFolder, makeKey, makeProject, RENAME } from './fixtures';

interface Records {
  projectId: string;
  folderId: string;
  flowId: string;
  connectionId: string;
}

async function fill(api: Api, name: string): Promise<Records> {
  const projectId = await makeProject(api, name);
  return {
    projectId,
    folderId: await makeFolder(api, projectId),
    flowId: await makeFlow(api, projectId),
    connectionId: await makeConnection(api, projectId),
  };
}

/** The probes of records `theirs` made with a key that must not see them. */
async function probes(run: CheckRun, stranger: Api, admin: Api, theirs: Records, who: string): Promise<void> {
  const notFound = (operationId: string, method: string, path: string, json?: unknown) =>
    run.check('isolation', `${operationId} of ${who}`, async (expect) => {
      expectProblem(
        expect,
        await stranger.call(method, path, json === undefined ? {} : { json }),
        operationId,
        404,
        'ENTITY_NOT_FOUND',
      );
    });
  await notFound('getProject', 'GET', `/v1/projects/${theirs.projectId}`);
  await notFound('getFolder', 'GET', `/v1/folders/${theirs.folderId}`);
  await notFound('updateFolder', 'POST', `/v1/folders/${theirs.folderId}`, RENAME.folder);
  await notFound('deleteFolder', 'DELETE', `/v1/folders/${theirs.folderId}`);
  await notFound('getFlow', 'GET', `/v1/flows/${theirs.flowId}`);
  await notFound('updateFlow', 'POST', `/v1/flows/${theirs.flowId}`, RENAME.flow);
  await notFound('deleteFlow', 'DELETE', `/v1/flows/${theirs.flowId}`);
  await notFound('getAppConnection', 'GET', `/v1/app-connections/${theirs.connectionId}`);
  await notFound('deleteAppConnection', 'DELETE', `/v1/app-connections/${theirs.connectionId}`);
  await notFound('createFolder', 'POST', '/v1/folders', { displayName: 'Intruder', projectId: theirs.projectId });
  await notFound('createFlow', 'POST', '/v1/flows', { displayName: 'Intruder', projectId: theirs.projectId });
  await run.check('isolation', `listProjects leaves out ${who}`, async (expect) => {
    const ids = await idsOf(stranger, '/v1/projects');
    expect.that(!ids.includes(theirs.projectId), `GET ${stranger.base}/v1/projects lists ${theirs.projectId}`);
  });
  await run.check('isolation', `the refused writes changed nothing of ${who}`, async (expect) => {
    for (const [path, id] of [
      ['folders', theirs.folderId],
      ['flows', theirs.flowId],
      ['app-connections', theirs.connectionId],
    ] as const) {
      const answer = await admin.call('GET', `/v1/${path}/${id}`);
      if (!expect.status(answer, 200)) continue;
      // A flow's name is its version's (the draft's); a folder's and a connection's are their own.
      const named = path === 'flows' ? field(answer, 'version') : answer.body;
      const name =
        typeof named === 'object' && named !== null && 'displayName' in named ? named.displayName : undefined;
      expect.that(
        typeof name === 'string' && name !== 'Renamed',
        `${answer.request}: renamed by a key that may not see it`,
      );
    }
  });
}

export async function isolationChecks(run: CheckRun, api: Api, otherKey: string | undefined): Promise<void> {
  let mine: Records;
  let theirs: Records;
  let limited: Api;
  try {
    mine = await fill(api, "isolation: the key's project");
    theirs = await fill(api, 'isolation: another project');
    limited = api.withKey((await makeKey(api, 'EDITOR', [mine.projectId], 'isolation: one project')).key);
  } catch (error) {
    await run.check('isolation', 'setting up two projects and a key limited to one', async () => {
      throw error;
    });
    return;
  }
  await run.check('isolation', 'the limited key reads its own project', async (expect) => {
    expect.status(await limited.call('GET', `/v1/flows/${mine.flowId}`), 200);
    expect.status(await limited.call('GET', `/v1/folders/${mine.folderId}`), 200);
  });
  await probes(run, limited, api, theirs, 'another project');
  if (otherKey === undefined) {
    run.skip(
      'isolation',
      ['another platform'],
      'needs an ADMIN key of another platform on the deployment (--other-key)',
    );
    return;
  }
  await probes(run, api.withKey(otherKey), api, mine, 'another platform');
}
