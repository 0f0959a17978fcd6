// The bodies Activepieces' own builders send (test/corpus/activepieces-builder/, each with the
// source line that builds it: the current web builder, react-ui, the Angular builder, the shared
// package's paste), replayed on one flow holding the usual steps, against the reference itself:
// its zod `FlowOperationRequest` (which drops what it does not know) and then
// `flowOperations.apply` (npm @activepieces/shared, a devDependency; src/ never imports it). A body
// the reference takes is answered 200 with the reference's tree, and what we store is what we
// answered (no field accepted for compatibility reaches storage unless the reference keeps it); a
// body the reference refuses is a 400 naming the field, the flow unchanged. Compared as the oracle
// test compares: without `lastUpdatedDate`, `valid` and the notes' timestamps (openapi/DECISIONS.md).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FlowOperationRequest, flowOperations } from '@activepieces/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Schemas, unwrap } from '../../src/client';
import { hasOlderFormat } from '../../src/http/pipeline/legacy-imports';
import { storeKinds } from '../support/backend';
import { givenProject } from '../support/builders';
import { useBackend } from '../support/suite';

type Json = Record<string, unknown>;
type ReferenceVersion = Parameters<typeof flowOperations.apply>[0];

interface CorpusEntry {
  id: string;
  source: string;
  description: string;
  request: Schemas['FlowOperationRequest'];
  referenceAccepts: boolean;
}

const CORPUS = join(import.meta.dirname, '..', 'corpus', 'activepieces-builder');
const baseFlow = JSON.parse(readFileSync(join(CORPUS, 'base-flow.json'), 'utf8')) as Json;
const entries: (CorpusEntry & { file: string })[] = readdirSync(CORPUS)
  .filter((file) => file.endsWith('.json') && file !== 'base-flow.json')
  .sort()
  .flatMap((file) =>
    (JSON.parse(readFileSync(join(CORPUS, file), 'utf8')) as { entries: CorpusEntry[] }).entries.map((entry) => ({
      ...entry,
      file,
    })),
  );

/** A tree as compared: plain JSON without `lastUpdatedDate` and `valid`, notes without timestamps. */
function comparable(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value), (key, item) =>
    key === 'lastUpdatedDate' || key === 'valid' || key === 'createdAt' || key === 'updatedAt' ? undefined : item,
  );
}

describe('the corpus of the reference builders’ bodies', () => {
  it('holds bodies from every builder, each with its source, most of them taken by the reference', () => {
    expect(entries.length).toBeGreaterThanOrEqual(70);
    for (const entry of entries)
      expect(entry.source, entry.id).toMatch(/^activepieces\/activepieces\/packages\/.+@[0-9a-f]{7,40}:\d+$/);
    for (const entry of entries)
      expect(FlowOperationRequest.safeParse(structuredClone(entry.request)).success, entry.id).toBe(
        entry.referenceAccepts,
      );
    expect(new Set(entries.map((entry) => entry.file)).size).toBeGreaterThanOrEqual(5);
  });
});

describe.each(storeKinds)('the reference builders’ bodies on %s', (kind) => {
  const backend = useBackend(kind);
  let projectId: string;
  let referenceBase: ReferenceVersion;
  beforeAll(async () => {
    projectId = await givenProject(backend);
    const parsed = FlowOperationRequest.parse({ type: 'IMPORT_FLOW', request: structuredClone(baseFlow) });
    const flow = await unwrap(backend.client.POST('/v1/flows', { body: { projectId, displayName: 'Corpus' } }));
    referenceBase = flowOperations.apply(
      { ...(structuredClone(flow.version) as unknown as ReferenceVersion), notes: [] },
      parsed,
    );
  });

  /** A new flow holding the base flow's steps, as its draft. */
  async function baseFlowOfOurs(): Promise<Schemas['Flow']> {
    const flow = await unwrap(backend.client.POST('/v1/flows', { body: { projectId, displayName: 'Corpus' } }));
    return unwrap(
      backend.client.POST('/v1/flows/{id}', {
        params: { path: { id: flow.id } },
        body: { type: 'IMPORT_FLOW', request: structuredClone(baseFlow) } as Schemas['FlowOperationRequest'],
      }),
    );
  }

  it('imports the base flow as the reference does', async () => {
    const ours = await baseFlowOfOurs();
    expect(comparable(ours.version.trigger)).toEqual(comparable(referenceBase.trigger));
    expect(comparable(ours.version.notes)).toEqual(comparable(referenceBase.notes));
  });

  it.each(entries.filter((entry) => entry.referenceAccepts).map((entry) => [entry.id, entry] as const))(
    'takes %s as the reference does',
    async (_id, entry) => {
      const before = await baseFlowOfOurs();
      const answer = await backend.client.POST('/v1/flows/{id}', {
        params: { path: { id: before.id } },
        body: structuredClone(entry.request),
      });
      expect(answer.error, entry.source).toBeUndefined();
      const ours = answer.data as Schemas['Flow'];
      const parsed = FlowOperationRequest.parse(structuredClone(entry.request));
      const theirs = flowOperations.apply(structuredClone(referenceBase), parsed);
      // A note added now is the caller's in both; the reference takes the owner from its session.
      const theirsNotes = (theirs.notes as unknown as Json[]).map((note) =>
        entry.request.type === 'ADD_NOTE' && note.id === (entry.request.request as Json).id
          ? { ...note, ownerId: ours.version.notes?.find((mine) => mine.id === note.id)?.ownerId }
          : note,
      );
      expect(comparable(ours.version.trigger), entry.source).toEqual(comparable(theirs.trigger));
      expect(comparable(ours.version.notes ?? []), entry.source).toEqual(comparable(theirsNotes));
      expect(ours.version.displayName).toBe(theirs.displayName);
      // Stored as answered: nothing accepted for compatibility reached storage beside the answer.
      const stored = await unwrap(backend.client.GET('/v1/flows/{id}', { params: { path: { id: before.id } } }));
      expect(stored.version).toEqual(ours.version);
    },
  );

  it.each(entries.filter((entry) => !entry.referenceAccepts).map((entry) => [entry.id, entry] as const))(
    'refuses %s, as the reference does, naming the field; the flow unchanged',
    async (_id, entry) => {
      const before = await baseFlowOfOurs();
      const answer = await backend.client.POST('/v1/flows/{id}', {
        params: { path: { id: before.id } },
        body: structuredClone(entry.request),
      });
      // An import in an older format is not refused by the reference's server either: it runs its
      // migrations before its parse (flow.controller.ts), as this service does (flows-import-legacy).
      const request = entry.request.request as { trigger?: unknown };
      if (entry.request.type === 'IMPORT_FLOW' && hasOlderFormat(request.trigger)) {
        expect(answer.response.status, entry.source).toBe(200);
        return;
      }
      expect(answer.response.status, entry.source).toBe(400);
      expect(answer.error?.errors?.length ?? 0).toBeGreaterThan(0);
      const stored = await unwrap(backend.client.GET('/v1/flows/{id}', { params: { path: { id: before.id } } }));
      expect(stored.version).toEqual(before.version);
    },
  );
});
