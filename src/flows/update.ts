// updateFlow: one operation of Activepieces' FlowOperationRequest on a flow, as one write
// transaction on the flow as it is when it runs (its row locked on PostgreSQL). Definition
// operations change the draft, made from the latest version first when that one is locked; the
// lifecycle operations change the flow. A refused operation changes nothing.
import type { Kysely } from 'kysely';
import type { components } from '../../generated/api';
import { ApiError, invalid, notFound } from '../core/errors';
import { externalIdsToStore } from '../core/external-ids';
import { FREE_FORM_MAX_BYTES, jsonWithin } from '../core/free-form';
import { mayReachProject, type Principal } from '../core/principal';
import { recordEvent } from '../store/cross-cutting/outbox';
import type { Store } from '../store/engine/database';
import type { Database } from '../store/engine/schema';
import { newId, now } from '../store/reading/ids';
import { fromJson, toFlag, toJson } from '../store/reading/json';
import { recordConnectionUses } from '../store/records/connection-references';
import { updatedAfter } from '../store/records/flow-locks';
import type { FlowRow, FlowVersionRow } from '../store/records/flows';
import { refreshSchedule } from '../store/records/schedules';
import { keepTree, keptTreeOf } from './kept-trees';
import {
  agentIdsOf,
  applyToDefinition,
  connectionIdsOf,
  type Definition,
  type FlowNote,
  isDefinitionOperation,
  type Step,
} from './operations';
import { judgeSteps, markValidity } from './operations/completeness';
import { operationConflict } from './operations/errors';
import { draftCopy } from './operations/kept-tree';
import { flowForChange, folderOfProject, insertVersion, updateFlowRow, updateVersion, versionIn } from './queries';
import { toFlow } from './service';

type Flow = components['schemas']['Flow'];
type Operation = components['schemas']['FlowOperationRequest'];
type FlowStatus = components['schemas']['FlowStatus'];
type Trigger = components['schemas']['Trigger'];
type EventType = 'flow.updated' | 'flow.published' | 'flow.enabled' | 'flow.disabled';

export interface Updated {
  flow: Flow;
  etag: string;
}

/** The ETag of a flow at a revision: strong, as If-Match compares strongly (RFC 9110). */
export function etagOf(revision: number): string {
  return `"${revision}"`;
}

/** Whether an If-Match header value lets a change of the flow at `revision` through. */
export function ifMatchAllows(header: string, revision: number): boolean {
  if (header.trim() === '*') return true;
  const current = etagOf(revision);
  // Weak tags never match under the strong comparison If-Match uses.
  return header.split(',').some((tag) => tag.trim() === current);
}

/**
 * 412. A weak tag is said first: `W/"17"` on a flow at `"17"` was not changed since it was read,
 * and "changed since" sent its sender to read it again, and fail again (a proxy that compresses
 * answers makes their ETags weak).
 */
function preconditionFailed(flowId: string, header: string, revision: number): ApiError {
  const current = etagOf(revision);
  const weak = header
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag.startsWith('W/'));
  const detail =
    weak.length === 0
      ? `Flow ${flowId} changed since the ETag sent in If-Match was read; it is now ${current}. Read it again.`
      : `If-Match holds a weak ETag (${weak.join(', ')}), and a weak ETag never matches: If-Match compares ETags strongly (RFC 9110). Flow ${flowId} is now ${current}; send the ETag as getFlow answers it, without W/ (a proxy that compresses answers may have made it weak).`;
  return new ApiError('PRECONDITION_FAILED', detail, { params: { entityType: 'flow', entityId: flowId } });
}

/**
 * The version's definition, the caller's own to change: its tree a copy of the one kept for its
 * stored text (./kept-trees.ts), sharing that one's frozen settings.
 */
function definitionOf(version: FlowVersionRow): Definition {
  return {
    displayName: version.display_name,
    trigger: draftCopy(keptTreeOf(version.id, version.trigger)),
    schemaVersion: version.schema_version,
    notes: fromJson<FlowNote[]>(version.notes),
  };
}

/**
 * The stored trigger text's first two members, `type` and `name`, read without parsing the tree
 * below it: the service writes every trigger with them first (JSON.stringify keeps the order and
 * never repeats a key), so when the text starts so, they are what JSON.parse would give. It does
 * not match any other text (an older order, a name with an escape): the caller parses that.
 */
const TRIGGER_HEAD = /^\{"type":"([A-Z_]+)","name":"([^"\\]*)"/;

/**
 * What IMPORT_FLOW keeps of the draft it replaces: the trigger's name (the request must repeat it)
 * and, of a piece trigger only, its settings' sample data; and the schema version. A whole 200-step
 * tree parsed only to be replaced was the largest cost of an import, after reading the request.
 */
function importBaseOf(version: FlowVersionRow): Definition {
  const head = TRIGGER_HEAD.exec(version.trigger);
  if (head === null || head[1] === 'PIECE_TRIGGER') return definitionOf(version);
  const [, type = '', name = ''] = head;
  return {
    displayName: version.display_name,
    trigger: { type, name, displayName: '', valid: false, settings: {} },
    schemaVersion: version.schema_version,
    notes: [],
  };
}

/** Ids of connections or agents as a version stores them: within the contract's limits, else a 400. */
function referencedIds(ids: string[], what: string): string {
  if (ids.length > 100)
    throw invalid('body', '/request', `would make the version use ${ids.length} ${what}; at most 100 are allowed`);
  return toJson(externalIdsToStore(ids, { location: 'body', pointer: '/request' }));
}

interface Work {
  trx: Kysely<Database>;
  store: Store;
  principal: Principal;
  flow: FlowRow;
  latest: FlowVersionRow;
  timestamp: string;
  events: EventType[];
}

/** The draft to change: the latest version when it is one, else a new one copied from it (not yet stored). */
function draftOf(work: Work): { draft: FlowVersionRow; isNew: boolean } {
  const { latest, timestamp } = work;
  if (latest.state === 'DRAFT') return { draft: latest, isNew: false };
  const created = updatedAfter(latest.created, timestamp);
  return { draft: { ...latest, id: newId(), created, updated: created, state: 'DRAFT' }, isNew: true };
}

/**
 * Stores the draft with a new definition; it becomes the flow's latest version. Its tree is kept for
 * the next operation (./kept-trees.ts) when `keep` says so: not an import's, as freezing a whole new
 * tree would cost an import more than parsing it costs the operation after it.
 */
async function saveDefinition(
  work: Work,
  definition: Definition,
  valid: boolean,
  keep: boolean,
): Promise<FlowVersionRow> {
  const { draft, isNew } = draftOf(work);
  const saved: FlowVersionRow = {
    ...draft,
    updated: isNew ? draft.updated : work.timestamp,
    updated_by: work.principal.userId,
    display_name: definition.displayName,
    trigger: jsonWithin(definition.trigger, FREE_FORM_MAX_BYTES.flowDefinition, {
      location: 'body',
      pointer: '/request',
    }),
    valid: toFlag(valid),
    steps_judged: 1,
    schema_version: definition.schemaVersion,
    notes: toJson(definition.notes),
    connection_ids: referencedIds(connectionIdsOf(definition.trigger), 'app connections'),
    agent_ids: referencedIds(agentIdsOf(definition.trigger), 'agents'),
  };
  if (isNew) {
    await insertVersion(work.trx, saved);
    work.flow.latest_version_id = saved.id;
  } else {
    const { id: _id, created: _created, flow_id: _flowId, state: _state, ...changes } = saved;
    await updateVersion(work.store, work.trx, saved.id, changes);
  }
  if (saved.connection_ids !== work.latest.connection_ids)
    await recordConnectionUses(
      work.trx,
      { id: work.flow.id, projectId: work.flow.project_id },
      fromJson<string[]>(saved.connection_ids),
    );
  if (keep) keepTree(saved.id, saved.trigger, definition.trigger);
  return saved;
}

/**
 * CHANGE_NAME: the draft renamed, its tree as stored. A tree whose steps the judge has not marked
 * (steps_judged 0: a connection's deletion marked some, or it was stored before the column) is
 * judged again, as after any change of the draft, and written again when that changed a step; a
 * judged one is kept as it is, unparsed: judging it again would give what it holds. Returns the
 * version, and its tree when it was parsed.
 */
async function renameDraft(
  work: Work,
  displayName: string,
): Promise<{ version: FlowVersionRow; trigger: Trigger | undefined }> {
  const { draft, isNew } = draftOf(work);
  const renamed = {
    updated: isNew ? draft.updated : work.timestamp,
    updated_by: work.principal.userId,
    display_name: displayName,
  };
  let trigger: Step | undefined;
  let judged = {};
  if (draft.steps_judged !== 1) {
    trigger = fromJson<Step>(draft.trigger);
    const { valid, changed } = judgeSteps(trigger);
    judged = { valid: toFlag(valid), steps_judged: 1, ...(changed ? { trigger: toJson(trigger) } : {}) };
  }
  const changes = { ...renamed, ...judged };
  const saved: FlowVersionRow = { ...draft, ...changes };
  if (isNew) {
    await insertVersion(work.trx, saved);
    work.flow.latest_version_id = saved.id;
  } else {
    await updateVersion(work.store, work.trx, saved.id, changes);
  }
  // The operations' Step and the contract's Trigger type the same parsed JSON.
  return { version: saved, trigger: trigger as unknown as Trigger | undefined };
}

/** Whether the stored version's definition is complete, computed afresh (versions stored before 1.4.0 included). */
function isComplete(version: FlowVersionRow): boolean {
  return markValidity(fromJson<Step>(version.trigger));
}

function setStatus(work: Work, status: FlowStatus): void {
  if (status === work.flow.status) return;
  if (status === 'ENABLED' && work.flow.published_version_id === null)
    throw operationConflict(
      'NOT_PUBLISHED',
      `Flow ${work.flow.id} has no published version to run; publish it (LOCK_AND_PUBLISH) before enabling it.`,
    );
  work.flow.status = status;
  work.events.push(status === 'ENABLED' ? 'flow.enabled' : 'flow.disabled');
}

/** Applies a lifecycle operation; returns the version the answer shows (the latest). */
async function applyLifecycle(work: Work, operation: Operation): Promise<FlowVersionRow> {
  const { trx, flow, latest, timestamp } = work;
  switch (operation.type) {
    case 'CHANGE_STATUS':
      setStatus(work, operation.request.status);
      return latest;
    case 'LOCK_AND_PUBLISH': {
      if (!isComplete(latest))
        throw operationConflict(
          'VERSION_INVALID',
          `Version ${latest.id} of flow ${flow.id} is not valid (its trigger is not chosen, or a step is incomplete); complete it before publishing it.`,
          { versionId: latest.id },
        );
      const published: FlowVersionRow = {
        ...latest,
        state: 'LOCKED',
        updated: timestamp,
        updated_by: work.principal.userId,
      };
      if (latest.state === 'DRAFT')
        await updateVersion(work.store, trx, latest.id, {
          state: 'LOCKED',
          updated: timestamp,
          updated_by: work.principal.userId,
        });
      flow.published_version_id = latest.id;
      work.events.push('flow.published');
      if (operation.request.status !== undefined) setStatus(work, operation.request.status);
      return latest.state === 'DRAFT' ? published : latest;
    }
    case 'LOCK_FLOW': {
      if (latest.state !== 'DRAFT') return latest;
      await updateVersion(work.store, trx, latest.id, {
        state: 'LOCKED',
        updated: timestamp,
        updated_by: work.principal.userId,
      });
      return { ...latest, state: 'LOCKED', updated: timestamp, updated_by: work.principal.userId };
    }
    case 'USE_AS_DRAFT': {
      const source = await versionIn(trx, flow.id, operation.request.versionId);
      if (!source) throw notFound('flow version', operation.request.versionId);
      const definition = definitionOf(source);
      const valid = markValidity(definition.trigger);
      return saveDefinition(work, definition, valid, true);
    }
    case 'CHANGE_FOLDER': {
      const folderId = operation.request.folderId ?? null;
      // A folder of the flow's project (read FOR SHARE on PostgreSQL, as createFlow reads it: a
      // folder deleted meanwhile waits for this change, then takes the flow out of it).
      if (folderId !== null && (await folderOfProject(trx, work.store.kind, flow.project_id, folderId)) === undefined)
        throw notFound('folder', folderId);
      flow.folder_id = folderId;
      return latest;
    }
    case 'UPDATE_METADATA': {
      const { metadata } = operation.request;
      flow.metadata =
        metadata === undefined || metadata === null
          ? null
          : jsonWithin(metadata, FREE_FORM_MAX_BYTES.metadata, { location: 'body', pointer: '/request/metadata' });
      return latest;
    }
    default:
      throw new Error(`${operation.type} is not a lifecycle operation`);
  }
}

export async function update(
  store: Store,
  principal: Principal,
  flowId: string,
  operation: Operation,
  ifMatch: string | undefined,
): Promise<Updated> {
  return store.write(async (trx) => {
    // Tenancy first: another platform's or project's flow is a 404 whatever the operation.
    const found = await flowForChange(store, trx, principal.platformId, flowId);
    if (!found || !mayReachProject(principal, found.flow.project_id)) throw notFound('flow', flowId);
    const { flow, latest } = found;
    if (ifMatch !== undefined && !ifMatchAllows(ifMatch, flow.revision))
      throw preconditionFailed(flowId, ifMatch, flow.revision);
    const timestamp = now();
    const work: Work = { trx, store, principal, flow: { ...flow }, latest, timestamp, events: ['flow.updated'] };
    let shown: FlowVersionRow;
    let shownTrigger: Trigger | undefined;
    if (operation.type === 'CHANGE_NAME') {
      ({ version: shown, trigger: shownTrigger } = await renameDraft(work, operation.request.displayName));
    } else if (isDefinitionOperation(operation)) {
      const current = operation.type === 'IMPORT_FLOW' ? importBaseOf(latest) : definitionOf(latest);
      const { definition, valid } = applyToDefinition(current, operation, {
        now: timestamp,
        userId: principal.userId,
      });
      shown = await saveDefinition(work, definition, valid, operation.type !== 'IMPORT_FLOW');
      // The tree just stored, as it was written: the answer needs no parse of its text.
      shownTrigger = definition.trigger as unknown as Trigger;
    } else {
      shown = await applyLifecycle(work, operation);
    }
    const changed = work.flow;
    changed.revision = flow.revision + 1;
    changed.updated = updatedAfter(flow.updated, timestamp);
    await updateFlowRow(store, trx, flowId, {
      status: changed.status,
      published_version_id: changed.published_version_id,
      latest_version_id: changed.latest_version_id,
      folder_id: changed.folder_id,
      metadata: changed.metadata,
      revision: changed.revision,
      updated: changed.updated,
    });
    // A publish or a change of status moves when the flow's schedule fires next (or stops it).
    if (changed.status !== flow.status || changed.published_version_id !== flow.published_version_id)
      await refreshSchedule(trx, flowId, timestamp);
    const answer = toFlow(changed, shown, shownTrigger);
    for (const type of work.events)
      await recordEvent(store, trx, {
        platformId: principal.platformId,
        projectId: changed.project_id,
        type,
        data: answer,
        details: { operationType: operation.type },
      });
    return { flow: answer, etag: etagOf(changed.revision) };
  });
}
