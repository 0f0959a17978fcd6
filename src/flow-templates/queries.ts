// The SQL of the flow templates resource.
import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Store } from '../store/database';
import type { Database, FlowTemplatesTable } from '../store/schema';

export type TemplateRow = Selectable<FlowTemplatesTable>;

/** Who holds a template id, of any platform: the caller may only replace its own. */
export function templateHolder(
  store: Store,
  templateId: string,
): Promise<Pick<TemplateRow, 'id' | 'created' | 'updated' | 'platform_id'> | undefined> {
  return store.db
    .selectFrom('flow_templates')
    .select(['id', 'created', 'updated', 'platform_id'])
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
