// What one request may cost in bytes: free-form values (`metadata`, a template's flow, a
// connection's secret) are refused past their limit (src/core/free-form.ts), and a page of any
// list ends once its items carry PAGE_TEXT_BUDGET of text, with `next` continuing to the last item
// with none lost or repeated (src/store/reading/keyset.ts). On every store.
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, type Schemas, unwrap } from '../../src/client';
import { FREE_FORM_MAX_BYTES } from '../../src/core/free-form';
import { PAGE_TEXT_BUDGET } from '../../src/store/reading/keyset';
import { storeKinds, type TestPlatform } from '../support/backend';
import { EMPTY_TRIGGER, givenConnection, givenFlow, givenProject, givenRun } from '../support/builders';
import { isObject, loadBundle } from '../support/bundle';
import { MAX_PAGE_SIZE } from '../support/contract';
import { type PageOf, walkPages } from '../support/lists';
import { expectInvalid } from '../support/problems';
import { useBackend } from '../support/suite';

const METADATA_BYTES = FREE_FORM_MAX_BYTES.metadata;

/** A JSON object whose compact JSON text is exactly `bytes` bytes: `{"k":"xx…"}`, 8 bytes around the string. */
function objectOfBytes(bytes: number, unit = 'x'): Record<string, string> {
  const unitBytes = Buffer.byteLength(unit);
  const value = unit.repeat(Math.floor((bytes - 8) / unitBytes)) + 'x'.repeat((bytes - 8) % unitBytes);
  const object = { k: value };
  expect(Buffer.byteLength(JSON.stringify(object))).toBe(bytes);
  return object;
}

/** What a refused free-form value's issue says. */
function overLimit(pointer: string, bytes: number, limit: number) {
  return {
    location: 'body' as const,
    pointer,
    message: `is ${bytes} bytes as compact JSON in UTF-8; at most ${limit} (${limit / 1024} KiB) are allowed`,
  };
}

/**
 * Walks the list forward by `next` from its first page and back by `previous` from its last,
 * asserting that both visit exactly `expected`, each item once, in the list's order. Returns the
 * page sizes of the forward walk.
 */
async function expectWalksByText<T extends { id: string }>(pageOf: PageOf<T>, expected: string[]): Promise<number[]> {
  const { ids, sizes } = await walkPages(pageOf);
  expect(ids).toEqual(expected);
  // Backward from the last page, by `previous`: the same items, in the same order.
  let last = await unwrap(pageOf(undefined));
  while (last.next !== null) last = await unwrap(pageOf(last.next));
  const backward: string[] = last.data.map((item) => item.id);
  let cursor = last.previous;
  while (cursor !== null) {
    const page = await unwrap(pageOf(cursor));
    expect(page.data.length).toBeGreaterThan(0);
    backward.unshift(...page.data.map((item) => item.id));
    cursor = page.previous;
  }
  expect(backward).toEqual(expected);
  return sizes;
}

describe('the limits the contract states', () => {
  const bundle = loadBundle();
  const descriptionOf = (schema: string): string => {
    const node =
      isObject(bundle.components) && isObject(bundle.components.schemas)
        ? bundle.components.schemas[schema]
        : undefined;
    return isObject(node) ? String(node.description) : '';
  };
  const bytes = (count: number) => `${count.toLocaleString('en-US')} bytes`;

  it('are the ones enforced', () => {
    expect(descriptionOf('Metadata')).toContain(bytes(FREE_FORM_MAX_BYTES.metadata));
    expect(descriptionOf('FlowTemplateContentInput')).toContain(bytes(FREE_FORM_MAX_BYTES.flowDefinition));
    const info = isObject(bundle.info) ? String(bundle.info.description) : '';
    expect(info).toContain(`${PAGE_TEXT_BUDGET.toLocaleString('en-US')} characters`);
    expect(info).toContain(bytes(FREE_FORM_MAX_BYTES.metadata));
  });
});

describe.each(storeKinds)('sizes on %s', (kind) => {
  const backend = useBackend(kind);

  describe('free-form values past their limit are a 400 naming the field and the limit', () => {
    it('takes metadata of exactly the limit, and refuses one byte more', async () => {
      const atLimit = await backend.client.POST('/v1/projects', {
        body: { displayName: 'At the limit', metadata: objectOfBytes(METADATA_BYTES) },
      });
      expect(atLimit.response.status).toBe(201);
      const over = await backend.client.POST('/v1/projects', {
        body: { displayName: 'Over the limit', metadata: objectOfBytes(METADATA_BYTES + 1) },
      });
      expectInvalid(over, [overLimit('/metadata', METADATA_BYTES + 1, METADATA_BYTES)]);
      expect(over.error).toMatchObject({
        detail: `Invalid request: /metadata is ${METADATA_BYTES + 1} bytes as compact JSON in UTF-8; at most 65536 (64 KiB) are allowed.`,
      });
    });

    it('counts bytes in UTF-8, not characters', async () => {
      // 3 bytes per €: well within the limit in characters, over it in bytes.
      const euros = objectOfBytes(METADATA_BYTES + 2, '€');
      expect(JSON.stringify(euros).length).toBeLessThan(METADATA_BYTES / 2);
      const over = await backend.client.POST('/v1/projects', { body: { displayName: 'Euros', metadata: euros } });
      expectInvalid(over, [overLimit('/metadata', METADATA_BYTES + 2, METADATA_BYTES)]);
    });

    it("refuses an update's metadata past the limit and leaves the project as it was", async () => {
      const project = await unwrap(
        backend.client.POST('/v1/projects', { body: { displayName: 'Kept', metadata: { kept: true } } }),
      );
      const over = await backend.client.POST('/v1/projects/{id}', {
        params: { path: { id: project.id } },
        body: { displayName: 'Changed', metadata: objectOfBytes(METADATA_BYTES + 1) },
      });
      expectInvalid(over, [overLimit('/metadata', METADATA_BYTES + 1, METADATA_BYTES)]);
      const listed = await unwrap(
        backend.client.GET('/v1/projects', { params: { query: { externalId: project.externalId } } }),
      );
      expect(listed.data).toEqual([project]);
    });

    it("refuses a flow's metadata past the limit", async () => {
      const projectId = await givenProject(backend);
      const over = await backend.client.POST('/v1/flows', {
        body: { projectId, displayName: 'Large', metadata: objectOfBytes(METADATA_BYTES + 1) },
      });
      expectInvalid(over, [overLimit('/metadata', METADATA_BYTES + 1, METADATA_BYTES)]);
    });

    it("refuses a flow template's metadata, and its template, past their limits", async () => {
      const template: Schemas['FlowTemplateContentInput'] = { displayName: 'Template', trigger: EMPTY_TRIGGER };
      const metadata = await backend.client.POST('/v1/flow-templates', {
        body: { template, metadata: objectOfBytes(METADATA_BYTES + 1) },
      });
      expectInvalid(metadata, [overLimit('/metadata', METADATA_BYTES + 1, METADATA_BYTES)]);

      // The flow's action chain is free-form: a large one makes the template too large.
      const limit = FREE_FORM_MAX_BYTES.flowDefinition;
      const large = { ...template, trigger: { ...EMPTY_TRIGGER, nextAction: objectOfBytes(limit) } };
      const tooLarge = await backend.client.POST('/v1/flow-templates', { body: { template: large } });
      expectInvalid(tooLarge, [{ location: 'body', pointer: '/template' }]);
      expect(tooLarge.error).toMatchObject({
        errors: [
          { message: expect.stringMatching(/^is \d+ bytes as compact JSON in UTF-8; at most 524288 \(512 KiB\)/) },
        ],
      });
      const fits = { ...template, trigger: { ...EMPTY_TRIGGER, nextAction: objectOfBytes(limit - 1024) } };
      expect((await backend.client.POST('/v1/flow-templates', { body: { template: fits } })).response.status).toBe(200);
    });

    it("refuses an app connection's metadata and secret value past their limits", async () => {
      const owner = { platformId: backend.platformId, ownerId: backend.adminUserId };
      await expect(
        givenConnection(backend.store, { ...owner, metadata: objectOfBytes(METADATA_BYTES + 1) }),
      ).rejects.toMatchObject({
        code: 'VALIDATION',
        issues: [overLimit('/metadata', METADATA_BYTES + 1, METADATA_BYTES)],
      });
      const valueLimit = FREE_FORM_MAX_BYTES.connectionValue;
      await expect(
        givenConnection(backend.store, { ...owner, value: objectOfBytes(valueLimit + 1) }),
      ).rejects.toMatchObject({ code: 'VALIDATION', issues: [overLimit('/value', valueLimit + 1, valueLimit)] });
    });
  });

  describe('a page ends at its text budget, and `next` continues with nothing lost or repeated', () => {
    /** Items whose stored metadata is as large as a write may make it: 16 of them pass the budget. */
    const LARGE_ITEMS = 20;
    const largeMetadata = () => objectOfBytes(METADATA_BYTES);
    let platform: TestPlatform;
    let client: ApiClient;
    beforeAll(async () => {
      platform = await backend.newPlatform();
      client = platform.client;
      expect(LARGE_ITEMS * METADATA_BYTES).toBeGreaterThan(PAGE_TEXT_BUDGET);
    });

    /** The page sizes of a walk with `limit` 100: at least two pages, each within the budget but the ones of a single item. */
    function expectShortPages(sizes: number[]): void {
      expect(sizes.length, `pages of ${sizes.join(', ')}`).toBeGreaterThan(1);
      const perPage = Math.floor(PAGE_TEXT_BUDGET / METADATA_BYTES);
      for (const size of sizes.slice(0, -1)) {
        expect(size).toBeLessThan(MAX_PAGE_SIZE);
        expect(size).toBeLessThanOrEqual(perPage);
        expect(size).toBeGreaterThanOrEqual(perPage - 1);
      }
    }

    it('projects', async () => {
      const names = Array.from({ length: LARGE_ITEMS }, (_, index) => `Large ${String(index).padStart(2, '0')}`);
      const ids: string[] = [];
      for (const displayName of names)
        ids.push(await givenProject(platform, { displayName, metadata: largeMetadata() }));
      const sizes = await expectWalksByText(
        (cursor) => client.GET('/v1/projects', { params: { query: { limit: MAX_PAGE_SIZE, cursor } } }),
        ids,
      );
      expectShortPages(sizes);
    });

    it('counts the pieces of a project plan too', async () => {
      const pieces = Array.from(
        { length: 1000 },
        (_, index) => `@scope/piece-${String(index).padStart(4, '0')}-${'x'.repeat(230)}`,
      );
      const other = await backend.newPlatform();
      const ids: string[] = [];
      for (const index of [0, 1, 2, 3, 4, 5]) {
        const id = await givenProject(other, { displayName: `Planned ${index}` });
        await unwrap(other.client.POST('/v1/projects/{id}', { params: { path: { id } }, body: { plan: { pieces } } }));
        ids.push(id);
      }
      const walked = await walkPages((cursor) =>
        other.client.GET('/v1/projects', { params: { query: { limit: MAX_PAGE_SIZE, cursor } } }),
      );
      // About 250,000 characters of pieces each: four fit in a page, six do not.
      expect(walked.sizes).toEqual([4, 2]);
      expect(walked.ids).toEqual(ids);
    });

    it('flows', async () => {
      const projectId = await givenProject(platform, { displayName: 'Flows' });
      const ids: string[] = [];
      for (let index = 0; index < LARGE_ITEMS; index += 1) {
        const flow = await unwrap(
          client.POST('/v1/flows', { body: { projectId, displayName: `Flow ${index}`, metadata: largeMetadata() } }),
        );
        ids.unshift(flow.id);
      }
      const sizes = await expectWalksByText(
        (cursor) => client.GET('/v1/flows', { params: { query: { projectId, limit: MAX_PAGE_SIZE, cursor } } }),
        ids,
      );
      expectShortPages(sizes);
    });

    it('app connections', async () => {
      const projectId = await givenProject(platform, { displayName: 'Connections' });
      const ids: string[] = [];
      for (let index = 0; index < LARGE_ITEMS; index += 1) {
        const connection = await givenConnection(backend.store, {
          platformId: platform.platformId,
          ownerId: platform.adminUserId,
          projectIds: [projectId],
          metadata: largeMetadata(),
        });
        ids.push(connection.id);
      }
      const sizes = await expectWalksByText(
        (cursor) =>
          client.GET('/v1/app-connections', { params: { query: { projectId, limit: MAX_PAGE_SIZE, cursor } } }),
        ids,
      );
      expectShortPages(sizes);
    });

    it('holds one item larger than the budget on a page of its own', async () => {
      // Stored before the limits (or by the engine): a page still shows it, alone.
      const other = await backend.newPlatform();
      const small = await givenProject(other, { displayName: 'A small' });
      const huge = await givenProject(other, { displayName: 'B huge' });
      const after = await givenProject(other, { displayName: 'C small' });
      await backend.store.db
        .updateTable('projects')
        .set({ metadata: JSON.stringify(objectOfBytes(PAGE_TEXT_BUDGET + 1000)) })
        .where('id', '=', huge)
        .execute();
      const { ids, sizes } = await walkPages((cursor) =>
        other.client.GET('/v1/projects', { params: { query: { limit: MAX_PAGE_SIZE, cursor } } }),
      );
      expect(ids).toEqual([small, huge, after]);
      expect(sizes).toEqual([1, 1, 1]);
    });

    it("leaves runs' steps out of a page: they are neither read nor weighed", async () => {
      const projectId = await givenProject(platform, { displayName: 'Runs' });
      const flow = await givenFlow(backend.store, { projectId });
      for (let index = 0; index < 30; index += 1)
        await givenRun(backend.store, { flowId: flow.id, steps: { trigger: objectOfBytes(100 * 1024) } });
      const page = await unwrap(
        client.GET('/v1/flow-runs', { params: { query: { projectId, limit: MAX_PAGE_SIZE } } }),
      );
      expect(page.data).toHaveLength(30);
      expect(page.next).toBeNull();
    });
  });
});
