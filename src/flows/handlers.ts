import { type PartialAccessChecks, type PartialRegistry, principalOf } from '../handler';
import * as flows from './service';
import * as flowUpdates from './update';

export const flowHandlers: PartialRegistry<
  'listFlows' | 'createFlow' | 'getFlow' | 'updateFlow' | 'listFlowVersions' | 'exportFlowAsTemplate' | 'deleteFlow'
> = {
  /** GET /v1/flows */
  async listFlows({ query }, context) {
    return { status: 200, body: await flows.list(context.store, principalOf(context), query) };
  },
  /** POST /v1/flows */
  async createFlow({ body }, context) {
    return { status: 201, body: await flows.create(context.store, principalOf(context), body) };
  },
  /** GET /v1/flows/{id} */
  async getFlow({ path, query }, context) {
    const { flow, revision } = await flows.getWithRevision(
      context.store,
      principalOf(context),
      path.id,
      query.versionId,
    );
    return { status: 200, body: flow, headers: { ETag: flowUpdates.etagOf(revision) } };
  },
  /** POST /v1/flows/{id} */
  async updateFlow({ path, header, body }, context) {
    const { flow, etag } = await flowUpdates.update(
      context.store,
      principalOf(context),
      path.id,
      body,
      header['If-Match'],
    );
    return { status: 200, body: flow, headers: { ETag: etag } };
  },
  /** GET /v1/flows/{id}/versions */
  async listFlowVersions({ path, query }, context) {
    return { status: 200, body: await flows.listVersions(context.store, principalOf(context), path.id, query) };
  },
  /** GET /v1/flows/{id}/template */
  async exportFlowAsTemplate({ path, query }, context) {
    return {
      status: 200,
      body: await flows.exportAsTemplate(context.store, principalOf(context), path.id, query.versionId),
    };
  },
  /** DELETE /v1/flows/{id} */
  async deleteFlow({ path }, context) {
    await flows.remove(context.store, principalOf(context), path.id);
    return { status: 204 };
  },
};

export const flowAccess: PartialAccessChecks<'createFlow'> = {
  async createFlow({ body }, context) {
    await flows.projectOfNewFlow(context.store, principalOf(context), body);
  },
};
