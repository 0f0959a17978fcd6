// Flow templates of a platform: create, or replace as a whole the template with a given id; list,
// read and delete them. Templates are the platform's, offered to every project: no key is held to
// its projects here.
import type { components } from '../../generated/api';
import { invalidWithIssues, notFound } from '../core/errors';
import { externalIdsToStore } from '../core/external-ids';
import { FREE_FORM_MAX_BYTES, jsonWithin } from '../core/free-form';
import type { Principal } from '../core/principal';
import { serverOwnedIssues } from '../core/server-owned';
import { recordEvent } from '../store/cross-cutting/outbox';
import type { Store } from '../store/engine/database';
import { isUniqueViolation } from '../store/engine/errors';
import { newId, now } from '../store/reading/ids';
import { fromJson, toJson } from '../store/reading/json';
import {
  deleteTemplate,
  type FlowTemplateListQuery,
  insertTemplate,
  lockedTemplate,
  pageOfTemplates,
  type TemplateRow,
  templateOfPlatform,
  templateStamps,
  updateTemplate,
} from './queries';

export type { FlowTemplateListQuery } from './queries';

type FlowTemplate = components['schemas']['FlowTemplate'];
type FlowTemplateContent = components['schemas']['FlowTemplateContent'];
type FlowTemplatePage = components['schemas']['FlowTemplatePage'];
type FlowTemplateCreateRequest = components['schemas']['FlowTemplateCreateRequest'];
type PortableTrigger = components['schemas']['PortableTrigger'];
type PortableTriggerInput = components['schemas']['PortableTriggerInput'];

function toFlowTemplate(row: TemplateRow): FlowTemplate {
  return {
    id: row.id,
    created: row.created,
    updated: row.updated,
    description: row.description,
    template: fromJson<FlowTemplateContent>(row.template),
    blogUrl: row.blog_url,
    type: row.type as FlowTemplate['type'],
    tags: fromJson<string[]>(row.tags),
    metadata: fromJson<Record<string, unknown>>(row.metadata),
  };
}

/**
 * The stored (portable) form of a sent trigger. A template exported from a current Activepieces
 * has no packaging in its settings: its pieces come from the official registry.
 */
function portableTriggerOf(trigger: PortableTriggerInput): PortableTrigger {
  if (trigger.type === 'EMPTY') return trigger;
  const { settings } = trigger;
  return {
    ...trigger,
    settings: {
      ...settings,
      pieceType: settings.pieceType ?? 'OFFICIAL',
      packageType: settings.packageType ?? 'REGISTRY',
    },
  };
}

/** The stored columns of a request, every field left out (or null, as Activepieces sends) taking its default. */
function columnsOf(input: FlowTemplateCreateRequest): Omit<TemplateRow, 'id' | 'created' | 'updated' | 'platform_id'> {
  const { agentIds, backupFiles, notes } = input.template;
  const template: FlowTemplateContent = {
    displayName: input.template.displayName,
    trigger: portableTriggerOf(input.template.trigger),
    valid: input.template.valid ?? false,
    schemaVersion: input.template.schemaVersion ?? '1',
    connectionIds: externalIdsToStore(input.template.connectionIds ?? [], {
      location: 'body',
      pointer: '/template/connectionIds',
    }),
    ...(agentIds !== undefined
      ? { agentIds: externalIdsToStore(agentIds, { location: 'body', pointer: '/template/agentIds' }) }
      : {}),
    ...(backupFiles !== undefined && backupFiles !== null ? { backupFiles } : {}),
    ...(notes !== undefined && notes !== null && notes.length > 0 ? { notes } : {}),
  };
  return {
    description: input.description ?? '',
    // Measured as stored, with the defaults filled in: that is what every read of it carries.
    template: jsonWithin(template, FREE_FORM_MAX_BYTES.flowDefinition, { location: 'body', pointer: '/template' }),
    blog_url: input.blogUrl ?? '',
    type: input.type ?? 'PLATFORM',
    tags: toJson(input.tags ?? []),
    metadata: jsonWithin(input.metadata ?? {}, FREE_FORM_MAX_BYTES.metadata, {
      location: 'body',
      pointer: '/metadata',
    }),
    display_name: template.displayName,
  };
}

/**
 * Creates the template, or replaces the caller's template that has `input.id`. Ids are each
 * platform's own: another platform's template under the same id is neither seen nor touched, so
 * the answer never tells whether one exists.
 */
export async function create(
  store: Store,
  principal: Principal,
  input: FlowTemplateCreateRequest,
): Promise<FlowTemplate> {
  return saveTemplate(store, principal, input, false);
}

async function saveTemplate(
  store: Store,
  principal: Principal,
  input: FlowTemplateCreateRequest,
  retried: boolean,
): Promise<FlowTemplate> {
  const id = input.id ?? newId();
  const timestamp = now();
  const columns = columnsOf(input);
  const existing = input.id === undefined ? undefined : await templateStamps(store, principal.platformId, id);
  // A template read from us and sent back carries created/updated: they must be the stored ones.
  const staleFields = serverOwnedIssues({ created: input.created, updated: input.updated }, existing, '');
  if (staleFields.length > 0) throw invalidWithIssues('request', staleFields);

  // The answer is read inside the write: an idempotent create stores it in the same transaction.
  if (existing) {
    return store.write(async (trx) => {
      await updateTemplate(trx, principal.platformId, id, { ...columns, updated: timestamp });
      const replaced = toFlowTemplate(await templateOfPlatform(trx, principal.platformId, id));
      await recordEvent(store, trx, {
        platformId: principal.platformId,
        projectId: null,
        type: 'flow_template.updated',
        data: replaced,
      });
      return replaced;
    });
  }
  try {
    const template = { id, created: timestamp, updated: timestamp, platform_id: principal.platformId, ...columns };
    return await store.write(async (trx) => {
      await insertTemplate(trx, template);
      const created = toFlowTemplate(await templateOfPlatform(trx, principal.platformId, id));
      await recordEvent(store, trx, {
        platformId: principal.platformId,
        projectId: null,
        type: 'flow_template.created',
        data: created,
      });
      return created;
    });
  } catch (error) {
    // Another request created this id meanwhile: decide again, now that it exists.
    if (isUniqueViolation(error) && !retried) return saveTemplate(store, principal, input, true);
    throw error;
  }
}

export async function list(
  store: Store,
  principal: Principal,
  query: FlowTemplateListQuery,
): Promise<FlowTemplatePage> {
  const page = await pageOfTemplates(store, principal.platformId, query);
  return { data: page.rows.map(toFlowTemplate), next: page.next, previous: page.previous };
}

/** The platform's template, every field as createFlowTemplate stored it; another platform's id is a 404. */
export async function get(store: Store, principal: Principal, templateId: string): Promise<FlowTemplate> {
  const row = await store.db
    .selectFrom('flow_templates')
    .selectAll()
    .where('platform_id', '=', principal.platformId)
    .where('id', '=', templateId)
    .executeTakeFirst();
  if (!row) throw notFound('flow template', templateId);
  return toFlowTemplate(row);
}

export async function remove(store: Store, principal: Principal, templateId: string): Promise<void> {
  await store.write(async (trx) => {
    const row = await lockedTemplate(trx, store.kind, principal.platformId, templateId);
    // Unknown, another platform's, or deleted meanwhile by a request that got its 204.
    if (!row) throw notFound('flow template', templateId);
    await deleteTemplate(trx, principal.platformId, templateId);
    await recordEvent(store, trx, {
      platformId: principal.platformId,
      projectId: null,
      type: 'flow_template.deleted',
      data: toFlowTemplate(row),
    });
  });
}
