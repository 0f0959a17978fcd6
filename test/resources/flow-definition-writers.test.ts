// Writers of a flow beside updateFlow (deleting an app connection its draft names, deleting its
// folder) racing updateFlow's edits and publishes, on every store and, on PostgreSQL, across two
// instances of the service on one database. Each such writer takes the flow's row lock as updateFlow
// does, changes only a version that is still a draft and raises the flow's revision: no
// acknowledged edit is lost, a LOCKED version is never rewritten, and the ETag counts every change.
// Issue 46, H1: deleting a connection read and wrote drafts without the lock (6 of 45 trials lost
// an edit, 33 of 44 rewrote a published version, on PostgreSQL).
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, type Schemas, unwrap } from '../../src/client';
import { randomAlphanumeric } from '../../src/store/reading/ids';
import { startBackend, storeKinds, type TestBackend } from '../support/backend';
import { givenProject } from '../support/builders';
import { useBackend } from '../support/suite';

type Operation = Schemas['FlowOperationRequest'];
type Flow = Schemas['Flow'];

/** Trials per race: each is a fresh flow; one lost edit in any of them fails the test. */
const TRIALS = 6;
/** Edits racing the other writer in each trial. */
const EDITS = 8;

const revisionOf = (etag: string | null): number => Number(JSON.parse(etag ?? 'null'));

describe.each(storeKinds)('writers of flow definitions beside updateFlow, on %s', (kind) => {
  const encryptionKey = randomBytes(32).toString('hex');
  const backend = useBackend(kind, { ENCRYPTION_KEY: encryptionKey });
  /** The clients requests alternate between: two instances on PostgreSQL, the one on SQLite. */
  const clients: ApiClient[] = [];
  let second: TestBackend | undefined;
  beforeAll(async () => {
    clients.push(backend.client);
    if (kind === 'postgres') {
      second = await startBackend(kind, { ENCRYPTION_KEY: encryptionKey }, backend);
      clients.push(second.clientWith(backend.apiKey));
    }
  });
  afterAll(async () => second?.close());

  const clientOf = (n: number): ApiClient => clients[n % clients.length] ?? backend.client;

  const apply = (flowId: string, body: Operation, n = 0) =>
    clientOf(n).POST('/v1/flows/{id}', { params: { path: { id: flowId } }, body });

  const slackStep = (name: string, externalId: string | undefined): Schemas['FlowActionInput'] => ({
    type: 'PIECE',
    name,
    displayName: name,
    settings: {
      pieceName: '@activepieces/piece-slack',
      pieceVersion: '~0.10.2',
      actionName: 'send_channel_message',
      input: { channel: '#sales', ...(externalId ? { auth: `{{connections['${externalId}']}}` } : {}) },
      propertySettings: {},
    },
  });

  /** A project with a connection, and a flow whose draft's first step names it; their ids. */
  async function givenFlowNamingConnection(
    folderId?: string,
  ): Promise<{ projectId: string; connectionId: string; flowId: string }> {
    const projectId = await givenProject(backend);
    const externalId = `slack-${randomAlphanumeric(6)}`;
    const connection = await unwrap(
      backend.client.POST('/v1/app-connections', {
        body: {
          externalId,
          displayName: 'Slack',
          pieceName: '@activepieces/piece-slack',
          projectId,
          type: 'SECRET_TEXT',
          value: { type: 'SECRET_TEXT', secret_text: 'xoxb-secret' },
        },
      }),
    );
    const flow = await unwrap(
      backend.client.POST('/v1/flows', {
        body: { projectId, displayName: 'Race', ...(folderId ? { folderId } : {}) },
      }),
    );
    await unwrap(
      apply(flow.id, {
        type: 'UPDATE_TRIGGER',
        request: {
          type: 'PIECE_TRIGGER',
          name: 'trigger',
          displayName: 'Every day',
          settings: {
            pieceName: '@activepieces/piece-schedule',
            pieceVersion: '^0.1.5',
            triggerName: 'cron_expression',
            input: { cronExpression: '0 8 * * *', timezone: 'UTC' },
            propertySettings: {},
          },
        },
      }),
    );
    await unwrap(
      apply(flow.id, {
        type: 'ADD_ACTION',
        request: { parentStep: 'trigger', action: slackStep('step_1', externalId) },
      }),
    );
    return { projectId, connectionId: connection.id, flowId: flow.id };
  }

  async function readFlow(flowId: string): Promise<{ flow: Flow; revision: number }> {
    const read = await backend.client.GET('/v1/flows/{id}', { params: { path: { id: flowId } } });
    return { flow: await unwrap(Promise.resolve(read)), revision: revisionOf(read.response.headers.get('etag')) };
  }

  const stepNames = (flow: Flow): string[] => {
    const names: string[] = [];
    let step = (flow.version.trigger as unknown as { nextAction?: { name: string; nextAction?: unknown } }).nextAction;
    while (step) {
      names.push(step.name);
      step = step.nextAction as typeof step | undefined;
    }
    return names;
  };

  /** EDITS ADD_ACTIONs on the flow, alternating instances, with `other` started after the second. */
  async function editsRacing(flowId: string, other: (n: number) => Promise<Response>): Promise<number> {
    const edits = Array.from({ length: EDITS }, (_, i) =>
      apply(
        flowId,
        { type: 'ADD_ACTION', request: { parentStep: 'trigger', action: slackStep(`added_${i}`, undefined) } },
        i,
      ),
    );
    const [otherAnswer, ...answers] = await Promise.all([
      new Promise((resolve) => setImmediate(resolve)).then(() => other(EDITS)),
      ...edits,
    ]);
    for (const answer of answers) expect(answer.response.status).toBe(200);
    return otherAnswer.status;
  }

  it('loses no edit racing the delete of a connection the draft names, and counts the delete in the ETag', async () => {
    for (let trial = 0; trial < TRIALS; trial += 1) {
      const { connectionId, flowId } = await givenFlowNamingConnection();
      const before = await readFlow(flowId);
      const deleted = await editsRacing(
        flowId,
        async (n) =>
          (await clientOf(n).DELETE('/v1/app-connections/{id}', { params: { path: { id: connectionId } } })).response,
      );
      expect(deleted).toBe(204);
      const after = await readFlow(flowId);
      expect(stepNames(after.flow).sort()).toEqual(
        ['step_1', ...Array.from({ length: EDITS }, (_, i) => `added_${i}`)].sort(),
      );
      // Every edit, and the delete that marked the draft's step, raised the revision once.
      expect(after.revision).toBe(before.revision + EDITS + 1);
    }
  });

  it('never rewrites the version a publish locked while a connection it names is deleted', async () => {
    for (let trial = 0; trial < TRIALS; trial += 1) {
      const { connectionId, flowId } = await givenFlowNamingConnection();
      const [published, deleted] = await Promise.all([
        unwrap(apply(flowId, { type: 'LOCK_AND_PUBLISH', request: {} }, 0)),
        clientOf(1).DELETE('/v1/app-connections/{id}', { params: { path: { id: connectionId } } }),
      ]);
      expect(deleted.response.status).toBe(204);
      const versions = await unwrap(
        backend.client.GET('/v1/flows/{id}/versions', { params: { path: { id: flowId } } }),
      );
      const locked = versions.data.find((version) => version.id === published.publishedVersionId);
      // What the publish answered is what stays locked: its steps and their validity, as they were.
      expect(locked?.state).toBe('LOCKED');
      expect(locked?.valid).toBe(published.version.valid);
      expect(locked?.trigger).toEqual(published.version.trigger);
    }
  });

  it('loses no edit racing the delete of the folder the flow is in, and counts the delete in the ETag', async () => {
    for (let trial = 0; trial < TRIALS; trial += 1) {
      const projectId = await givenProject(backend);
      const folder = await unwrap(
        backend.client.POST('/v1/folders', { body: { projectId, displayName: `Folder ${randomAlphanumeric(6)}` } }),
      );
      const flow = await unwrap(
        backend.client.POST('/v1/flows', { body: { projectId, displayName: 'In a folder', folderId: folder.id } }),
      );
      const before = await readFlow(flow.id);
      const deleted = await editsRacing(
        flow.id,
        async (n) => (await clientOf(n).DELETE('/v1/folders/{id}', { params: { path: { id: folder.id } } })).response,
      );
      expect(deleted).toBe(204);
      const after = await readFlow(flow.id);
      expect(after.flow.folderId ?? null).toBeNull();
      expect(stepNames(after.flow)).toHaveLength(EDITS);
      expect(after.revision).toBe(before.revision + EDITS + 1);
    }
  });
});
