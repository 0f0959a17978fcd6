// External ids in Unicode normal form C (src/core/external-ids.ts): an id written in NFD is stored
// in NFC and found by either form, the uniqueness checks take the two forms as one id, an id whose
// NFC form is longer than the contract allows is refused, and white space is kept as sent. For
// projects, users, app connections, flows and the ids a flow version or template lists, on every
// store.
import { describe, expect, it } from 'vitest';
import { type Schemas, unwrap } from '../../src/client';
import { isUniqueViolation } from '../../src/store/engine/errors';
import { storeKinds } from '../support/backend';
import { EMPTY_TRIGGER, givenConnection, givenFlow, givenProject, givenUser } from '../support/builders';
import { expectInvalid } from '../support/problems';
import { useBackend } from '../support/suite';

/** "Café" and friends in both forms: one code point for é (NFC), or e and U+0301 (NFD). */
function forms(text: string): { nfc: string; nfd: string } {
  const nfc = text.normalize('NFC');
  const nfd = text.normalize('NFD');
  // The test means something only when the two forms differ as code points.
  expect(nfd).not.toBe(nfc);
  return { nfc, nfd };
}

/** U+0958 (DEVANAGARI LETTER QA) is its own NFD and becomes two code points in NFC (a composition exclusion). */
const QA = '\u0958';

describe.each(storeKinds)('external ids in NFC on %s', (kind) => {
  const backend = useBackend(kind);

  describe('projects', () => {
    const listByExternalId = (externalId: string) =>
      unwrap(backend.client.GET('/v1/projects', { params: { query: { externalId } } }));

    it('stores an NFD externalId in NFC, and finds the project by either form', async () => {
      const { nfc, nfd } = forms('Café-créé');
      const created = await unwrap(
        backend.client.POST('/v1/projects', { body: { displayName: 'Café', externalId: nfd } }),
      );
      expect(created.externalId).toBe(nfc);
      expect((await listByExternalId(nfc)).data.map((project) => project.id)).toEqual([created.id]);
      expect((await listByExternalId(nfd)).data.map((project) => project.id)).toEqual([created.id]);
    });

    it('stores an NFC externalId as it is, and finds it by its NFD form', async () => {
      const { nfc, nfd } = forms('Zoë-Ångström');
      const created = await unwrap(
        backend.client.POST('/v1/projects', { body: { displayName: 'Zoë', externalId: nfc } }),
      );
      expect(created.externalId).toBe(nfc);
      expect((await listByExternalId(nfd)).data.map((project) => project.id)).toEqual([created.id]);
    });

    it('takes the two forms as one id: a create or an update to the other form is a 409', async () => {
      const { nfc, nfd } = forms('Señor-Müller');
      await unwrap(backend.client.POST('/v1/projects', { body: { displayName: 'First', externalId: nfc } }));
      const second = await backend.client.POST('/v1/projects', { body: { displayName: 'Second', externalId: nfd } });
      expect(second.response.status).toBe(409);
      expect(second.error).toMatchObject({ code: 'PROJECT_EXTERNAL_ID_ALREADY_EXISTS', params: { externalId: nfc } });

      const other = await givenProject(backend, { displayName: 'Other' });
      const update = await backend.client.POST('/v1/projects/{id}', {
        params: { path: { id: other } },
        body: { externalId: nfd },
      });
      expect(update.response.status).toBe(409);
    });

    it('updates to an NFD externalId in NFC', async () => {
      const { nfc, nfd } = forms('Élodie-update');
      const id = await givenProject(backend, { displayName: 'To rename' });
      const updated = await unwrap(
        backend.client.POST('/v1/projects/{id}', { params: { path: { id } }, body: { externalId: nfd } }),
      );
      expect(updated.externalId).toBe(nfc);
      // Its own id again, in the other form: not a conflict with itself.
      await unwrap(backend.client.POST('/v1/projects/{id}', { params: { path: { id } }, body: { externalId: nfc } }));
    });

    it('refuses an externalId whose NFC form is longer than 255 characters, on create and on update', async () => {
      const longer = QA.repeat(200);
      expect([...longer.normalize('NFC')]).toHaveLength(400);
      const created = await backend.client.POST('/v1/projects', { body: { displayName: 'Long', externalId: longer } });
      expectInvalid(created, [
        {
          location: 'body',
          pointer: '/externalId',
          message:
            'is 400 characters long in Unicode normal form C (NFC), the form it is stored in; at most 255 are allowed',
        },
      ]);
      const id = await givenProject(backend, { displayName: 'Stays short' });
      const updated = await backend.client.POST('/v1/projects/{id}', {
        params: { path: { id } },
        body: { externalId: longer },
      });
      expectInvalid(updated, [{ location: 'body', pointer: '/externalId' }]);
      // As a filter it is no error: nothing stored can be that long, so nothing is listed.
      expect((await listByExternalId(longer)).data).toEqual([]);
    });

    it('takes 127 such letters, whose NFC form is 254 characters', async () => {
      const fits = QA.repeat(127);
      const created = await unwrap(
        backend.client.POST('/v1/projects', { body: { displayName: 'Fits', externalId: fits } }),
      );
      expect(created.externalId).toBe(fits.normalize('NFC'));
      expect((await listByExternalId(fits)).data.map((project) => project.id)).toEqual([created.id]);
    });

    it('keeps white space as sent: "ops " and "ops" are two ids', async () => {
      const spaced = await unwrap(
        backend.client.POST('/v1/projects', { body: { displayName: 'Spaced', externalId: ' ops-space ' } }),
      );
      expect(spaced.externalId).toBe(' ops-space ');
      const plain = await unwrap(
        backend.client.POST('/v1/projects', { body: { displayName: 'Plain', externalId: 'ops-space' } }),
      );
      expect((await listByExternalId(' ops-space ')).data.map((project) => project.id)).toEqual([spaced.id]);
      expect((await listByExternalId('ops-space')).data.map((project) => project.id)).toEqual([plain.id]);
    });
  });

  describe('users', () => {
    it('stores an NFD externalId in NFC, finds the user by either form, and takes the forms as one id', async () => {
      const platform = await backend.newPlatform();
      const { nfc, nfd } = forms('José-Ñúñez');
      const userId = await givenUser(backend.store, platform.platformId, { externalId: nfd });
      for (const externalId of [nfc, nfd]) {
        const page = await unwrap(platform.client.GET('/v1/users', { params: { query: { externalId } } }));
        expect(page.data.map((user) => [user.id, user.externalId])).toEqual([[userId, nfc]]);
      }
      const duplicate = await givenUser(backend.store, platform.platformId, { externalId: nfc }).catch(
        (error: unknown) => error,
      );
      expect(isUniqueViolation(duplicate), String(duplicate)).toBe(true);
    });
  });

  describe('app connections and the flows that use them', () => {
    it('stores a connection in NFC, and matches it with the flows listing it in either form', async () => {
      const { nfc, nfd } = forms('Slack-équipe');
      const projectId = await givenProject(backend, { displayName: 'Connections' });
      const connection = await givenConnection(backend.store, {
        platformId: backend.platformId,
        ownerId: backend.adminUserId,
        projectIds: [projectId],
        externalId: nfd,
      });
      expect(connection.externalId).toBe(nfc);
      const flow = await givenFlow(backend.store, { projectId, versions: [{ connectionIds: [nfc] }] });

      const listed = await unwrap(backend.client.GET('/v1/app-connections', { params: { query: { projectId } } }));
      expect(listed.data.map((item) => [item.externalId, item.flowIds])).toEqual([[nfc, [flow.id]]]);
      for (const connectionExternalId of [nfc, nfd]) {
        const flows = await unwrap(
          backend.client.GET('/v1/flows', {
            params: { query: { projectId, connectionExternalIds: [connectionExternalId] } },
          }),
        );
        expect(flows.data.map((item) => item.id)).toEqual([flow.id]);
      }
    });
  });

  describe('flows', () => {
    it('finds flows by externalIds and agentExternalIds in either form', async () => {
      const { nfc, nfd } = forms('Flüx-één');
      const agent = forms('Agent-Ågot');
      const projectId = await givenProject(backend, { displayName: 'Flows' });
      const flow = await givenFlow(backend.store, {
        projectId,
        externalId: nfc,
        versions: [{ agentIds: [agent.nfc] }],
      });
      for (const externalId of [nfc, nfd]) {
        const page = await unwrap(
          backend.client.GET('/v1/flows', { params: { query: { projectId, externalIds: [externalId] } } }),
        );
        expect(page.data.map((item) => item.id)).toEqual([flow.id]);
      }
      const byAgent = await unwrap(
        backend.client.GET('/v1/flows', { params: { query: { projectId, agentExternalIds: [agent.nfd] } } }),
      );
      expect(byAgent.data.map((item) => item.id)).toEqual([flow.id]);
    });
  });

  describe('flow templates', () => {
    const template = (content: Partial<Schemas['FlowTemplateContentInput']>): Schemas['FlowTemplateCreateRequest'] => ({
      template: { displayName: 'Template', trigger: EMPTY_TRIGGER, ...content },
    });

    it('stores the connection and agent ids of a template in NFC', async () => {
      const { nfc, nfd } = forms('Café-conn');
      const agent = forms('Agent-Ève');
      const stored = await unwrap(
        backend.client.POST('/v1/flow-templates', { body: template({ connectionIds: [nfd], agentIds: [agent.nfd] }) }),
      );
      expect(stored.template.connectionIds).toEqual([nfc]);
      expect(stored.template.agentIds).toEqual([agent.nfc]);
    });

    it('refuses a list naming one id in both forms', async () => {
      const { nfc, nfd } = forms('Café-twice');
      const refused = await backend.client.POST('/v1/flow-templates', {
        body: template({ connectionIds: ['other', nfc, nfd] }),
      });
      expectInvalid(refused, [
        {
          location: 'body',
          pointer: '/template/connectionIds',
          message:
            'must not repeat a value (items 1 and 2 are the same in Unicode normal form C, NFC, the form they are stored in)',
        },
      ]);
    });
  });
});
