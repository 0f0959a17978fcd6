// Idempotency records belong to the API key that made them, and only a key that may make a
// request gets as far as its record (issue 35, M1). One key makes each idempotent create with a key
// K; the same body and K sent with a key that may not make it (its role, or a project it is not
// limited to) is refused exactly as without the header, with nothing replayed and nothing claimed;
// sent with another key that may make it, it is a new create: not a replay, and not a 422 for
// another body. On every store of the run, for every operation that takes an Idempotency-Key.
import { beforeAll, describe, expect, it } from 'vitest';
import { unwrap } from '../../src/client';
import { storeKinds } from '../support/backend';
import { storedIdempotencyKeyCount } from '../support/builders';
import { deref, isObject, listOperations, loadBundle } from '../support/bundle';
import { sendRaw } from '../support/raw-requests';
import { useBackend } from '../support/suite';

type Role = 'ADMIN' | 'EDITOR' | 'VIEWER' | 'ENGINE';

/** The keys of the platform besides its first ADMIN key: a name, a role, the one project it is limited to. */
const KEYS = {
  editor: { role: 'EDITOR', limitedTo: undefined },
  otherEditor: { role: 'EDITOR', limitedTo: undefined },
  editorOfP2: { role: 'EDITOR', limitedTo: 'P2' },
  editorOfP1: { role: 'EDITOR', limitedTo: 'P1' },
  viewer: { role: 'VIEWER', limitedTo: undefined },
  engine: { role: 'ENGINE', limitedTo: undefined },
  otherEngine: { role: 'ENGINE', limitedTo: undefined },
  engineOfP1: { role: 'ENGINE', limitedTo: 'P1' },
  otherAdmin: { role: 'ADMIN', limitedTo: undefined },
} as const satisfies Record<string, { role: Role; limitedTo: 'P1' | 'P2' | undefined }>;
type KeyName = keyof typeof KEYS;

/** What the creates aim at: project P2 and a flow of it (with its version). */
interface Targets {
  p1: string;
  p2: string;
  flowId: string;
  flowVersionId: string;
}

interface Case {
  path: string;
  status: number;
  /** The key that makes the create first. */
  maker: KeyName;
  /** Keys that may not make it, and what they get (with the header or without). */
  refused: [KeyName, 403 | 404][];
  /** Other keys that may make it: each makes a create of its own. */
  others: KeyName[];
  body: (targets: Targets, label: string) => unknown;
}

const TEMPLATE = {
  displayName: 'Welcome',
  trigger: { type: 'EMPTY', name: 'trigger', displayName: 'Select Trigger', valid: false, settings: {} },
};

const CASES: Record<string, Case> = {
  createProject: {
    path: '/v1/projects',
    status: 201,
    maker: 'editor',
    refused: [
      ['viewer', 403],
      ['engine', 403],
      ['editorOfP1', 403],
    ],
    others: ['otherEditor', 'otherAdmin'],
    body: (_targets, label) => ({ displayName: label }),
  },
  createFlow: {
    path: '/v1/flows',
    status: 201,
    maker: 'editor',
    refused: [
      ['viewer', 403],
      ['engine', 403],
      ['editorOfP1', 404],
    ],
    others: ['editorOfP2', 'otherEditor', 'otherAdmin'],
    body: (targets, label) => ({ displayName: label, projectId: targets.p2, metadata: { by: label } }),
  },
  createFlowRun: {
    path: '/v1/flow-runs',
    status: 201,
    maker: 'engine',
    refused: [
      ['viewer', 403],
      ['editor', 403],
      ['editorOfP1', 403],
      ['engineOfP1', 404],
    ],
    others: ['otherEngine', 'otherAdmin'],
    body: (targets, label) => ({
      flowId: targets.flowId,
      flowVersionId: targets.flowVersionId,
      status: 'RUNNING',
      startTime: '2026-11-21T07:00:00.412Z',
      tags: [label],
    }),
  },
  createFlowTemplate: {
    path: '/v1/flow-templates',
    status: 200,
    maker: 'editor',
    refused: [
      ['viewer', 403],
      ['engine', 403],
      ['editorOfP1', 403],
    ],
    others: ['otherEditor', 'otherAdmin'],
    body: (_targets, label) => ({ description: label, template: TEMPLATE }),
  },
};

/** The operations of the contract that take an Idempotency-Key header. */
function idempotentOperations(): string[] {
  const bundle = loadBundle();
  return listOperations(bundle)
    .filter(
      ({ operation }) =>
        Array.isArray(operation.parameters) &&
        operation.parameters.some((reference) => {
          const parameter = deref(bundle, reference);
          return isObject(parameter) && parameter.in === 'header' && parameter.name === 'Idempotency-Key';
        }),
    )
    .map(({ operationId }) => operationId)
    .sort();
}

it('covers every operation that takes an Idempotency-Key', () => {
  expect(Object.keys(CASES).sort()).toEqual(idempotentOperations());
});

describe.each(storeKinds)('idempotency records per API key on %s', (kind) => {
  const backend = useBackend(kind);
  const targets = {} as Targets;
  const secrets = new Map<KeyName, string>();

  beforeAll(async () => {
    targets.p1 = (await unwrap(backend.client.POST('/v1/projects', { body: { displayName: 'P1' } }))).id;
    targets.p2 = (await unwrap(backend.client.POST('/v1/projects', { body: { displayName: 'P2' } }))).id;
    const flow = await unwrap(backend.client.POST('/v1/flows', { body: { displayName: 'F', projectId: targets.p2 } }));
    targets.flowId = flow.id;
    targets.flowVersionId = flow.version.id;
    for (const [name, key] of Object.entries(KEYS) as [KeyName, (typeof KEYS)[KeyName]][]) {
      const limitedTo = key.limitedTo === undefined ? undefined : key.limitedTo === 'P1' ? targets.p1 : targets.p2;
      const made = await unwrap(
        backend.client.POST('/v1/api-keys', {
          body: { displayName: name, role: key.role, ...(limitedTo ? { projectIds: [limitedTo] } : {}) },
        }),
      );
      secrets.set(name, made.key);
    }
  });

  /** One request with the key `name`, with the Idempotency-Key `key` or none. */
  async function send(operation: Case, name: KeyName, body: unknown, key: string | undefined) {
    const apiKey = secrets.get(name);
    if (!apiKey) throw new Error(`no key ${name}`);
    const response = await sendRaw(backend, operation.path, {
      method: 'POST',
      apiKey,
      body,
      ...(key === undefined ? {} : { headers: { 'idempotency-key': key } }),
    });
    const answer = (await response.json()) as Record<string, unknown>;
    return { status: response.status, replayed: response.headers.get('idempotent-replayed'), answer };
  }

  /** A problem without what differs from one request to the next. */
  function problemOf(answer: Record<string, unknown>): Record<string, unknown> {
    const { requestId: _requestId, ...rest } = answer;
    return rest;
  }

  describe.each(Object.entries(CASES))('%s', (_operationId, operation) => {
    it('refuses a key that may not make the request exactly as without the header, replaying and claiming nothing', async () => {
      const key = crypto.randomUUID();
      const body = operation.body(targets, `made by ${operation.maker}`);
      const made = await send(operation, operation.maker, body, key);
      expect(made.status).toBe(operation.status);
      expect(made.replayed).toBeNull();
      const records = await storedIdempotencyKeyCount(backend.store, backend.platformId);
      for (const [name, status] of operation.refused) {
        const withHeader = await send(operation, name, body, key);
        const without = await send(operation, name, body, undefined);
        expect({ name, status: withHeader.status, replayed: withHeader.replayed }).toEqual({
          name,
          status,
          replayed: null,
        });
        expect(problemOf(withHeader.answer), name).toEqual(problemOf(without.answer));
        expect(withHeader.answer.id, name).toBeUndefined();
        // The same key with another body is the same refusal, not a 422 telling that K was used.
        const another = await send(operation, name, operation.body(targets, `another by ${name}`), key);
        expect(another.status, name).toBe(status);
      }
      expect(await storedIdempotencyKeyCount(backend.store, backend.platformId)).toBe(records);
      // The maker's record is untouched: its retry is still answered from it.
      const retried = await send(operation, operation.maker, body, key);
      expect(retried).toEqual({ status: operation.status, replayed: 'true', answer: made.answer });
    });

    it("makes a new record for another key that may make the request: another key's K is another K", async () => {
      const key = crypto.randomUUID();
      const body = operation.body(targets, `made by ${operation.maker}`);
      const made = await send(operation, operation.maker, body, key);
      expect(made.status).toBe(operation.status);
      const ids = new Set([made.answer.id]);
      for (const name of operation.others) {
        // The same body and key: a create of its own, not the maker's replayed.
        const same = await send(operation, name, body, key);
        expect({ name, status: same.status, replayed: same.replayed }).toEqual({
          name,
          status: operation.status,
          replayed: null,
        });
        expect(ids.has(same.answer.id), name).toBe(false);
        ids.add(same.answer.id);
        // And its own retry replays its own create.
        const retried = await send(operation, name, body, key);
        expect({ name, status: retried.status, replayed: retried.replayed, id: retried.answer.id }).toEqual({
          name,
          status: operation.status,
          replayed: 'true',
          id: same.answer.id,
        });
      }
      // Another body under K is a 422 for the key that used K, and for no other.
      const reused = await send(operation, operation.maker, operation.body(targets, 'another body'), key);
      expect(reused.status).toBe(422);
      expect(reused.answer.code).toBe('IDEMPOTENCY_KEY_REUSED');
    });

    it("lets another key use K with another body: not a 422 about another key's request", async () => {
      const key = crypto.randomUUID();
      const made = await send(operation, operation.maker, operation.body(targets, 'first'), key);
      expect(made.status).toBe(operation.status);
      const [other = operation.maker] = operation.others;
      const theirs = await send(operation, other, operation.body(targets, `another by ${other}`), key);
      expect({ status: theirs.status, replayed: theirs.replayed }).toEqual({
        status: operation.status,
        replayed: null,
      });
      expect(theirs.answer.id).not.toBe(made.answer.id);
    });
  });
});
