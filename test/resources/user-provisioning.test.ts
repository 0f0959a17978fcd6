// Users provisioned over HTTP, as an identity provider's sync would: createUser (emails unique per
// platform ignoring case, external ids unique), updateUser (only the fields sent; the last active
// ADMIN kept; no INACTIVE user a key acts as), deleteUser (refused while the user owns records, and
// for the last active ADMIN); their events; other platforms' users invisible; nothing half-done.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Schemas, unwrap } from '../../src/client';
import { storeKinds, type TestPlatform, UNKNOWN_ID } from '../support/backend';
import { givenConnection, givenUser } from '../support/builders';
import { ID_PATTERN } from '../support/contract';
import { expectInvalid, expectNotFound } from '../support/problems';
import { useBackend, useOtherPlatform } from '../support/suite';
import { eventDataOf, type Receiver, startReceiver } from '../support/webhook-receiver';

type User = Schemas['User'];
type UserCreateRequest = Schemas['UserCreateRequest'];

describe.each(storeKinds)('provisioning users on %s', (kind) => {
  const backend = useBackend(kind, { WEBHOOK_POLL_MS: '20', WEBHOOK_RETRY_BASE_MS: '20' });
  const stranger = useOtherPlatform(backend);
  let platform: TestPlatform;
  let receiver: Receiver;
  beforeAll(async () => {
    // A platform of its own: the admin of `backend` stays alone in users.test.ts' lists.
    platform = await backend.newPlatform();
    receiver = await startReceiver();
    await unwrap(
      platform.client.POST('/v1/webhook-endpoints', {
        body: { url: receiver.url, eventTypes: ['user.created', 'user.updated', 'user.deleted'] },
      }),
    );
  });
  afterAll(async () => receiver?.close());

  let counter = 0;
  const request = (fields: Partial<UserCreateRequest> = {}): UserCreateRequest => {
    counter += 1;
    return {
      email: `person${counter}-${kind}@example.com`,
      firstName: 'Grace',
      lastName: `Hopper ${counter}`,
      platformRole: 'MEMBER',
      ...fields,
    };
  };
  const create = (body: UserCreateRequest) => platform.client.POST('/v1/users', { body });
  const update = (id: string, body: Schemas['UserUpdateRequest']) =>
    platform.client.POST('/v1/users/{id}', { params: { path: { id } }, body });
  const remove = (id: string) => platform.client.DELETE('/v1/users/{id}', { params: { path: { id } } });
  const listed = async (): Promise<User[]> =>
    (await unwrap(platform.client.GET('/v1/users', { params: { query: { limit: 100 } } }))).data;

  const eventOf = (type: string, id: string) => eventDataOf(receiver, type, id);

  it('provisions an ACTIVE user with every field, lists it, and sends user.created', async () => {
    const body = request({ externalId: 'okta-00u1', platformRole: 'OPERATOR' });
    const { data, response } = await create(body);
    expect(response.status).toBe(201);
    expect(data).toEqual({
      id: expect.stringMatching(ID_PATTERN),
      created: expect.any(String),
      updated: data?.created,
      email: body.email,
      firstName: body.firstName,
      lastName: body.lastName,
      status: 'ACTIVE',
      platformRole: 'OPERATOR',
      externalId: 'okta-00u1',
      platformId: platform.platformId,
      lastActiveDate: data?.created,
    });
    expect(await listed()).toContainEqual(data);
    expect(await eventOf('user.created', data?.id ?? '')).toEqual(data);
  });

  it('gives a user without externalId one of the form of the record ids', async () => {
    const user = await unwrap(create(request()));
    expect(user.externalId).toMatch(/^[0-9A-Za-z]{21}$/);
  });

  it('refuses an email another user has, in any case, naming that user; nothing is made', async () => {
    const first = await unwrap(create(request({ email: `Ada.${kind}@Example.com` })));
    const before = await listed();
    const again = await create(request({ email: `ada.${kind}@EXAMPLE.com` }));
    expect(again.response.status).toBe(409);
    expect(again.error).toMatchObject({
      code: 'USER_EMAIL_ALREADY_EXISTS',
      params: { field: 'email', userId: first.id },
    });
    expect(await listed()).toEqual(before);
  });

  it('lets another platform have the same email and externalId', async () => {
    const body = request({ externalId: 'shared-ext' });
    await unwrap(create(body));
    const theirs = await unwrap(stranger.client.POST('/v1/users', { body }));
    expect(theirs.platformId).toBe(stranger.platformId);
  });

  it('refuses an externalId another user has (in NFC), naming that user', async () => {
    const first = await unwrap(create(request({ externalId: 'Café'.normalize('NFC') })));
    const again = await create(request({ externalId: 'Café'.normalize('NFD') }));
    expect(again.response.status).toBe(409);
    expect(again.error).toMatchObject({
      code: 'USER_EXTERNAL_ID_ALREADY_EXISTS',
      params: { field: 'externalId', userId: first.id },
    });
  });

  it('refuses a body of the wrong shape, naming every field', async () => {
    const answer = await platform.client.POST('/v1/users', {
      // @ts-expect-error the wrong shape on purpose
      body: { email: 'not-an-email', firstName: 'A', platformRole: 'OWNER', status: 'ACTIVE' },
    });
    expectInvalid(answer);
    const pointers = ((answer.error as Schemas['Problem']).errors ?? []).map((issue) => issue.pointer).sort();
    expect(pointers).toEqual(['/email', '/lastName', '/platformRole', '/status'].sort());
  });

  it('takes an email whose local part is 64 characters and refuses one of 65 (RFC 5321); nothing is made', async () => {
    const longest = `${'a'.repeat(63)}${counter}`.slice(-64);
    expect((await create(request({ email: `${longest}@example.com` }))).response.status).toBe(201);
    const tooLong = `b${longest}@example.com`;
    expectInvalid(await create(request({ email: tooLong })), [
      { location: 'body', pointer: '/email', message: expect.stringContaining('64 characters before the @') },
    ]);
    expect((await listed()).map((user) => user.email)).not.toContain(tooLong);
  });

  it('changes only the fields sent, and sends user.updated', async () => {
    const user = await unwrap(create(request()));
    const changed = await unwrap(
      update(user.id, { status: 'INACTIVE', platformRole: 'OPERATOR', externalId: 'scim-9', lastName: 'Lovelace' }),
    );
    expect(changed).toEqual({
      ...user,
      status: 'INACTIVE',
      platformRole: 'OPERATOR',
      externalId: 'scim-9',
      lastName: 'Lovelace',
      updated: expect.any(String),
    });
    expect(changed.updated >= user.updated).toBe(true);
    expect(await eventOf('user.updated', user.id)).toEqual(changed);
    const reactivated = await unwrap(update(user.id, { status: 'ACTIVE' }));
    expect(reactivated.status).toBe('ACTIVE');
  });

  it('changes nothing, not even updated, for {} or the values it has', async () => {
    const user = await unwrap(create(request()));
    expect(await unwrap(update(user.id, {}))).toEqual(user);
    expect(await unwrap(update(user.id, { firstName: user.firstName, status: 'ACTIVE' }))).toEqual(user);
  });

  it("refuses another user's externalId on update; nothing changes", async () => {
    const holder = await unwrap(create(request({ externalId: `holder-${kind}` })));
    const user = await unwrap(create(request()));
    const answer = await update(user.id, { externalId: `holder-${kind}`, firstName: 'Changed' });
    expect(answer.response.status).toBe(409);
    expect(answer.error).toMatchObject({ code: 'USER_EXTERNAL_ID_ALREADY_EXISTS', params: { userId: holder.id } });
    expect((await listed()).find((listedUser) => listedUser.id === user.id)).toEqual(user);
  });

  describe('the last active ADMIN', () => {
    let lone: TestPlatform;
    beforeAll(async () => {
      lone = await backend.newPlatform();
    });

    it('is neither demoted, deactivated nor deleted; once another ADMIN is active, it may be', async () => {
      const adminId = lone.adminUserId;
      const change = (body: Schemas['UserUpdateRequest']) =>
        lone.client.POST('/v1/users/{id}', { params: { path: { id: adminId } }, body });
      for (const body of [{ platformRole: 'MEMBER' as const }, { status: 'INACTIVE' as const }]) {
        const answer = await change(body);
        expect(answer.response.status, JSON.stringify(body)).toBe(409);
        expect(answer.error).toMatchObject({ code: 'LAST_ACTIVE_ADMIN', params: { userId: adminId } });
      }
      const deleted = await lone.client.DELETE('/v1/users/{id}', { params: { path: { id: adminId } } });
      expect(deleted.response.status).toBe(409);
      expect(deleted.error).toMatchObject({ code: 'LAST_ACTIVE_ADMIN' });

      // An INACTIVE ADMIN does not count; an ACTIVE one does.
      const inactive = await unwrap(lone.client.POST('/v1/users', { body: request({ platformRole: 'ADMIN' }) }));
      await unwrap(
        lone.client.POST('/v1/users/{id}', { params: { path: { id: inactive.id } }, body: { status: 'INACTIVE' } }),
      );
      expect((await change({ platformRole: 'MEMBER' })).response.status).toBe(409);
      await unwrap(
        lone.client.POST('/v1/users/{id}', { params: { path: { id: inactive.id } }, body: { status: 'ACTIVE' } }),
      );
      expect((await unwrap(change({ platformRole: 'OPERATOR' }))).platformRole).toBe('OPERATOR');
      // The other one is now the last.
      const last = await lone.client.POST('/v1/users/{id}', {
        params: { path: { id: inactive.id } },
        body: { status: 'INACTIVE' },
      });
      expect(last.error).toMatchObject({ code: 'LAST_ACTIVE_ADMIN', params: { userId: inactive.id } });
    });
  });

  it('does not deactivate a user API keys act as (an INACTIVE user owns nothing new)', async () => {
    const other = await backend.newPlatform();
    await unwrap(other.client.POST('/v1/users', { body: request({ platformRole: 'ADMIN' }) }));
    const answer = await other.client.POST('/v1/users/{id}', {
      params: { path: { id: other.adminUserId } },
      body: { status: 'INACTIVE' },
    });
    expect(answer.response.status).toBe(409);
    expect(answer.error).toMatchObject({
      code: 'USER_OWNS_RECORDS',
      params: { userId: other.adminUserId, field: 'status', apiKeys: '1' },
    });
    // Demoting them is allowed: another ADMIN is active, and their keys keep the roles they were made with.
    expect(
      (
        await unwrap(
          other.client.POST('/v1/users/{id}', {
            params: { path: { id: other.adminUserId } },
            body: { platformRole: 'MEMBER' },
          }),
        )
      ).platformRole,
    ).toBe('MEMBER');
  });

  it('deletes a user (204), sends user.deleted, and a second delete is a 404', async () => {
    const user = await unwrap(create(request()));
    const { data, response } = await remove(user.id);
    expect(response.status).toBe(204);
    expect(data).toBeUndefined();
    expect((await listed()).map((listedUser) => listedUser.id)).not.toContain(user.id);
    expect(await eventOf('user.deleted', user.id)).toEqual(user);
    expectNotFound(await remove(user.id), { entityType: 'user', entityId: user.id });
    // Its email is free again.
    expect((await create(request({ email: user.email }))).response.status).toBe(201);
  });

  it('refuses to delete a user who owns app connections, naming them; the flows they changed do not count', async () => {
    const userId = await givenUser(backend.store, platform.platformId, { platformRole: 'OPERATOR' });
    const connections = [];
    for (let index = 0; index < 2; index += 1)
      connections.push(await givenConnection(backend.store, { platformId: platform.platformId, ownerId: userId }));
    const answer = await remove(userId);
    expect(answer.response.status).toBe(409);
    expect(answer.error).toMatchObject({
      code: 'USER_OWNS_RECORDS',
      params: {
        userId,
        appConnections: '2',
        appConnectionIds: connections
          .map((connection) => connection.id)
          .sort()
          .join(','),
        projects: '0',
        apiKeys: '0',
      },
    });
    expect((await listed()).map((user) => user.id)).toContain(userId);
  });

  it("refuses to delete the platform's first admin, whose keys act as them and who owns the projects", async () => {
    const other = await backend.newPlatform();
    await unwrap(other.client.POST('/v1/users', { body: request({ platformRole: 'ADMIN' }) }));
    await unwrap(other.client.POST('/v1/projects', { body: { displayName: 'Owned' } }));
    const answer = await other.client.DELETE('/v1/users/{id}', { params: { path: { id: other.adminUserId } } });
    expect(answer.response.status).toBe(409);
    expect(answer.error).toMatchObject({ code: 'USER_OWNS_RECORDS', params: { apiKeys: '1' } });
    expect(Number((answer.error as Schemas['Problem']).params?.projects)).toBeGreaterThan(0);
  });

  it("answers another platform's user, and an unknown one, with the same 404; nothing changes", async () => {
    const theirs = await unwrap(stranger.client.POST('/v1/users', { body: request() }));
    for (const id of [theirs.id, UNKNOWN_ID]) {
      expectNotFound(await update(id, { firstName: 'Mine' }), { entityType: 'user', entityId: id });
      expectNotFound(await remove(id), { entityType: 'user', entityId: id });
    }
    const still = await unwrap(
      stranger.client.GET('/v1/users', { params: { query: { externalId: theirs.externalId } } }),
    );
    expect(still.data).toEqual([theirs]);
  });

  // Issue 46, M2: on PostgreSQL, 43 of 60 such requests were a 500 "deadlock detected".
  it('demotes or deactivates all admins at once with 200s and 409s only, and one admin stays', async () => {
    for (let trial = 0; trial < 3; trial += 1) {
      const team = await backend.newPlatform();
      const admins = [team.adminUserId];
      for (let n = 0; n < 4; n += 1)
        admins.push((await unwrap(team.client.POST('/v1/users', { body: request({ platformRole: 'ADMIN' }) }))).id);
      const answers = await Promise.all(
        admins.map((id, n) =>
          team.client.POST('/v1/users/{id}', {
            params: { path: { id } },
            // The first admin's key acts as them: deactivating them is refused for that reason; demote it.
            body: n % 2 === 0 ? { platformRole: 'MEMBER' } : { status: 'INACTIVE' },
          }),
        ),
      );
      for (const answer of answers) expect([200, 409]).toContain(answer.response.status);
      const users = (await unwrap(team.client.GET('/v1/users', { params: { query: { limit: 100 } } }))).data;
      const activeAdmins = users.filter((user) => user.platformRole === 'ADMIN' && user.status === 'ACTIVE');
      expect(activeAdmins).toHaveLength(1);
      expect(answers.filter((answer) => answer.response.status === 200)).toHaveLength(admins.length - 1);
    }
  });
});
