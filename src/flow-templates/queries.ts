// The SQL of the flow templates resource.
import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Store } from '../store/engine/database';
import type { Database, FlowTemplatesTable } from '../store/engine/schema';
import { containsPattern, jsonArrayHasAny, likeIgnoringCase } from '../store/reading/filters';
import { byCreation, fetchPage, type Page } from '../store/reading/keyset';
import { newBindings } from '../store/reading/query-reuse';

export type TemplateRow = Selectable<FlowTemplatesTable>;

/**
 * The stamps of the platform's template with this id, if it has one. Template ids are each
 * platform's own (primary key `(platform_id, id)`): another platform's template under the same id
 * is a different record, never looked at.
 */
export function templateStamps(
  store: Store,
  platformId: string,
  templateId: string,
): Promise<Pick<TemplateRow, 'id' | 'created' | 'updated'> | undefined> {
  return store.db
    .selectFrom('flow_templates')
    .select(['id', 'created', 'updated'])
    .where('platform_id', '=', platformId)
    .where('id', '=', templateId)
    .executeTakeFirst();
}

export function templateOfPlatform(db: Kysely<Database>, platformId: string, templateId: string): Promise<TemplateRow> {
  return db
    .selectFrom('flow_templates')
    .selectAll()
    .where('id', '=', templateId)
    .where('platform_id', '=', platformId)
    .executeTakeFirstOrThrow();
}

export async function insertTemplate(trx: Kysely<Database>, template: TemplateRow): Promise<void> {
  await trx.insertInto('flow_templates').values(template).execute();
}

export async function updateTemplate(
  trx: Kysely<Database>,
  platformId: string,
  templateId: string,
  changes: Updateable<FlowTemplatesTable>,
): Promise<void> {
  await trx
    .updateTable('flow_templates')
    .set(changes)
    .where('id', '=', templateId)
    .where('platform_id', '=', platformId)
    .execute();
}

export interface FlowTemplateListQuery {
  cursor?: string | undefined;
  limit?: number | undefined;
  tags?: string[] | undefined;
  type?: string | undefined;
  name?: string | undefined;
}

const newestFirst = byCreation<TemplateRow>('flowTemplates', 'flow_templates', 'desc');

/** A page of the platform's templates, newest first; `tags` keeps those carrying any of them. */
export function pageOfTemplates(
  store: Store,
  platformId: string,
  query: FlowTemplateListQuery,
): Promise<Page<TemplateRow>> {
  // Compiled once per set of filters (src/store/reading/query-reuse.ts): the values are bound here.
  const bindings = newBindings(store);
  const platform = bindings.value('platformId', platformId);
  const type = query.type === undefined ? undefined : bindings.value('type', query.type);
  const namePattern = query.name === undefined ? undefined : bindings.value('name', containsPattern(query.name));
  const hasTags = query.tags && jsonArrayHasAny(store.kind, bindings, 'tags', query.tags);
  const build = () => {
    let select = store.db.selectFrom('flow_templates').selectAll().where('platform_id', '=', platform);
    if (type !== undefined) select = select.where('type', '=', type);
    if (namePattern !== undefined)
      select = select.where(likeIgnoringCase(store.kind, 'flow_templates.display_name', namePattern));
    if (hasTags) select = select.where(hasTags('flow_templates.tags'));
    return select;
  };
  const { cursor, limit, ...filters } = query;
  return fetchPage({ store, bindings, build }, newestFirst, { cursor, limit, filters });
}

/**
 * The platform's template as it is in the transaction, or undefined when there is none (deleted
 * meanwhile). On PostgreSQL the row is locked until the transaction ends: a replace and a delete
 * of one template take turns.
 */
export function lockedTemplate(
  trx: Kysely<Database>,
  kind: Store['kind'],
  platformId: string,
  templateId: string,
): Promise<TemplateRow | undefined> {
  const select = trx
    .selectFrom('flow_templates')
    .selectAll()
    .where('platform_id', '=', platformId)
    .where('id', '=', templateId);
  return (kind === 'postgres' ? select.forUpdate() : select).executeTakeFirst();
}

export async function deleteTemplate(trx: Kysely<Database>, platformId: string, templateId: string): Promise<void> {
  await trx.deleteFrom('flow_templates').where('platform_id', '=', platformId).where('id', '=', templateId).execute();
}
