// The SQL of the flow templates resource.
import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Store } from '../store/engine/database';
import type { Database, FlowTemplatesTable } from '../store/engine/schema';

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
