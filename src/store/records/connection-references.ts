// How a flow definition names app connections (`{{connections['externalId']}}` in a step's `auth`
// input, as Activepieces writes it), and what deleting a connection does to the draft versions
// that name it. Here, below the resources: the flows read the names when a draft is saved, the app
// connections mark the drafts when one is deleted, and neither may import the other.
import { type Kysely, type SqlBool, sql } from 'kysely';
import type { Store } from '../engine/database';
import type { Database } from '../engine/schema';
import { fromJson, toJson } from '../reading/json';
import { lockFlows, markFlowChanged, updatedAfter } from './flow-locks';

/** The external ids an `auth` input names; none when it is not a connections expression. */
export function connectionsOfAuth(auth: unknown): string[] {
  if (typeof auth !== 'string') return [];
  const match = /{{connections\['([^']*(?:'\s*,\s*'[^']*)*)'\]}}/.exec(auth);
  if (!match?.[1]) return [];
  return match[1].split(/'\s*,\s*'/).map((id) => id.trim());
}

/** `"externalId"` as it appears inside a stored JSON array, as a LIKE pattern matching itself only. */
export function jsonStringPattern(text: string): string {
  return `%${JSON.stringify(text).replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Sets `valid: false` on every step of a stored trigger whose `auth` names `externalId`; whether
 * one did. Walks every object of the definition (only steps have `settings`), iteratively:
 * chains are as long as a version allows.
 */
function markStepsNaming(trigger: Json, externalId: string): boolean {
  let marked = false;
  const pending: unknown[] = [trigger];
  while (pending.length > 0) {
    const node = pending.pop();
    if (Array.isArray(node)) {
      pending.push(...node);
      continue;
    }
    if (!isObject(node)) continue;
    const settings = node.settings;
    const input = isObject(settings) ? settings.input : undefined;
    if (isObject(input) && connectionsOfAuth(input.auth).includes(externalId)) {
      node.valid = false;
      marked = true;
    }
    for (const [key, value] of Object.entries(node)) if (key !== 'settings') pending.push(value);
  }
  return marked;
}

/**
 * Records which connections the flow's latest version names (its `connection_ids`), replacing what
 * was recorded: called in the transaction that stores a flow's latest version with other ones.
 */
export async function recordConnectionUses(
  trx: Kysely<Database>,
  flow: { id: string; projectId: string },
  externalIds: readonly string[],
): Promise<void> {
  await trx.deleteFrom('flow_connection_uses').where('flow_id', '=', flow.id).execute();
  const distinct = [...new Set(externalIds)];
  if (distinct.length === 0) return;
  await trx
    .insertInto('flow_connection_uses')
    .values(distinct.map((externalId) => ({ flow_id: flow.id, project_id: flow.projectId, external_id: externalId })))
    .execute();
}

/**
 * After a connection is deleted, in its transaction (`trx`): the draft versions of flows of these
 * projects that name `externalId` are no longer valid, nor are the steps that use it. Published
 * (LOCKED) versions never change (openapi/DECISIONS.md, "App connections"). Each flow is locked as
 * updateFlow locks it (./flow-locks.ts) before its draft is read, so the rewrite starts from the
 * last acknowledged edit; a draft a publish locked meanwhile is left alone; and the flow's revision
 * is raised, as for any change of its draft. Returns how many drafts were marked.
 */
export async function invalidateDraftsNaming(
  trx: Kysely<Database>,
  kind: Store['kind'],
  projectIds: readonly string[],
  externalId: string,
  timestamp: string,
): Promise<number> {
  if (projectIds.length === 0) return 0;
  const pattern = jsonStringPattern(externalId);
  // Without the locks yet: which flows may have such a draft. Under the locks, their drafts are read again.
  const candidates = await trx
    .selectFrom('flow_versions')
    .innerJoin('flows', 'flows.id', 'flow_versions.flow_id')
    .select('flow_versions.flow_id')
    .where('flows.project_id', 'in', [...projectIds])
    .where('flow_versions.state', '=', 'DRAFT')
    .where(sql<SqlBool>`${sql.ref('flow_versions.connection_ids')} like ${pattern} escape '\\'`)
    .execute();
  const flows = await lockFlows(
    trx,
    kind,
    candidates.map((candidate) => candidate.flow_id),
  );
  if (flows.size === 0) return 0;
  const drafts = await trx
    .selectFrom('flow_versions')
    .select(['id', 'flow_id', 'trigger', 'connection_ids', 'valid'])
    .where('flow_id', 'in', [...flows.keys()])
    .where('state', '=', 'DRAFT')
    .where(sql<SqlBool>`${sql.ref('connection_ids')} like ${pattern} escape '\\'`)
    .execute();
  let marked = 0;
  for (const draft of drafts) {
    // The text match may find the id inside another one's quotes: the stored array decides.
    if (!fromJson<string[]>(draft.connection_ids).includes(externalId)) continue;
    const trigger = fromJson<Json>(draft.trigger);
    const stepsMarked = markStepsNaming(trigger, externalId);
    if (!stepsMarked && draft.valid === 0) continue;
    await trx
      .updateTable('flow_versions')
      // Its steps' `valid` is no longer the judge's: the next change of the draft judges them again.
      .set({ valid: 0, trigger: toJson(trigger), steps_judged: 0 })
      .where('id', '=', draft.id)
      .where('state', '=', 'DRAFT')
      .execute();
    const flow = flows.get(draft.flow_id);
    if (flow) {
      await markFlowChanged(trx, flow, timestamp);
      // A flow with two drafts (only test builders make them) is raised once per draft.
      flows.set(flow.id, { ...flow, revision: flow.revision + 1, updated: updatedAfter(flow.updated, timestamp) });
    }
    marked += 1;
  }
  return marked;
}
