// Users over HTTP: newest first, externalId filter, paging with equal timestamps, tenancy.
import { beforeAll, describe, expect, it } from 'vitest';
import { unwrap } from '../../src/client';
import { storeKinds, type TestPlatform } from '../support/backend';
import { givenUser } from '../support/builders';
import { MAX_PAGE_SIZE } from '../support/contract';
import { walkPages } from '../support/lists';
import { useBackend } from '../support/suite';

describe.each(storeKinds)('users on %s', (kind) => {
  const backend = useBackend(kind);

  it('lists the platform admin with every field', async () => {
    const page = await unwrap(backend.client.GET('/v1/users', {}));
    expect(page).toMatchObject({ next: null, previous: null });
    expect(page.data).toHaveLength(1);
    expect(page.data[0]).toMatchObject({
      id: backend.adminUserId,
      platformRole: 'ADMIN',
      status: 'ACTIVE',
      platformId: backend.platformId,
    });
  });

  describe('a platform of 26 users, 25 sharing one timestamp', () => {
    let platform: TestPlatform;
    beforeAll(async () => {
      platform = await backend.newPlatform();
      const created = '2026-11-01T10:00:00.000Z';
      for (let index = 0; index < 25; index += 1) {
        await givenUser(backend.store, platform.platformId, {
          email: `u${index}@example.com`,
          firstName: 'U',
          lastName: String(index),
          platformRole: index % 3 === 0 ? 'MEMBER' : 'OPERATOR',
          externalId: `ext-${index}`,
          created,
        });
      }
    });

    async function allIds(): Promise<string[]> {
      const all = await unwrap(platform.client.GET('/v1/users', { params: { query: { limit: MAX_PAGE_SIZE } } }));
      expect(all.data).toHaveLength(26);
      return all.data.map((user) => user.id);
    }

    it('lists them newest first: the admin, then the others', async () => {
      expect((await allIds())[0]).toBe(platform.adminUserId);
    });

    it.each([2, 3, 10])('pages through them each exactly once under limit %i', async (limit) => {
      const { ids } = await walkPages((cursor) =>
        platform.client.GET('/v1/users', { params: { query: { limit, cursor } } }),
      );
      expect(ids).toEqual(await allIds());
    });

    it('filters by externalId', async () => {
      const one = await unwrap(platform.client.GET('/v1/users', { params: { query: { externalId: 'ext-7' } } }));
      expect(one.data.map((user) => user.lastName)).toEqual(['7']);
    });

    it('finds none of them by externalId from another platform', async () => {
      const others = await unwrap(backend.client.GET('/v1/users', { params: { query: { externalId: 'ext-7' } } }));
      expect(others.data).toEqual([]);
    });
  });
});
