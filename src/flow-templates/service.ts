// Flow templates of a platform: create, or replace as a whole the template with a given id.
import type { components } from '../../generated/api';
import { invalidWithIssues } from '../core/errors';
import { externalIdsToStore } from '../core/external-ids';
import { FREE_FORM_MAX_BYTES, jsonWithin } from '../core/free-form';
import type { Principal } from '../core/principal';
import { serverOwnedIssues } from '../core/server-owned';
import { recordEvent } from '../store/cross-cutting/outbox';
import type { Store } from '../store/engine/database';
import { isUniqueViolation } from '../store/engine/errors';
import { newId, now } from '../store/reading/ids';
import { fromJson, toJson } from '../store/reading/json';
import { insertTemplate, type TemplateRow, templateOfPlatform, templateStamps, updateTemplate } from './queries';

type FlowTemplate = components['schemas']['FlowTemplate'];
type FlowTemplateContent = components['schemas']['FlowTemplateContent'];
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
  const { agentIds, backupFiles } = input.template;
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
