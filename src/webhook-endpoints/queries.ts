// The SQL of the webhook endpoints resource: endpoints, and the deliveries and attempts the
// dispatcher (src/webhooks/) writes, as the API lists them.
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Store } from '../store/engine/database';
import type {
  Database,
  WebhookAttemptsTable,
  WebhookDeliveriesTable,
  WebhookEndpointsTable,
} from '../store/engine/schema';
import { byCreation, fetchPage, type Page } from '../store/reading/keyset';

export type EndpointRow = Selectable<WebhookEndpointsTable>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable> & { event_type: string };
export type AttemptRow = Selectable<WebhookAttemptsTable>;

export interface PageQuery {
  cursor?: string | undefined;
  limit?: number | undefined;
}

/** The attempts a delivery shows: its latest. */
export const ATTEMPTS_SHOWN = 20;

const endpointsNewestFirst = byCreation<EndpointRow>('webhook-endpoints', 'webhook_endpoints', 'desc');
const deliveriesNewestFirst = byCreation<DeliveryRow>('webhook-deliveries', 'webhook_deliveries', 'desc');

export function pageOfEndpoints(store: Store, platformId: string, query: PageQuery): Promise<Page<EndpointRow>> {
  const select = store.db.selectFrom('webhook_endpoints').selectAll().where('platform_id', '=', platformId);
  return fetchPage(select, endpointsNewestFirst, { cursor: query.cursor, limit: query.limit, filters: {} });
}

export async function insertEndpoint(trx: Kysely<Database>, row: Insertable<WebhookEndpointsTable>): Promise<void> {
  await trx.insertInto('webhook_endpoints').values(row).execute();
}

/**
 * How many endpoints the platform has, read in the write transaction `trx` that may add one. On
 * PostgreSQL the platform's row is locked first (`FOR NO KEY UPDATE`, which the key-share locks of
 * the platform's other inserts do not wait for): two creates at once count one after the other, so
 * neither passes the limit.
 */
export async function countEndpointsForCreate(
  store: Store,
  trx: Kysely<Database>,
  platformId: string,
): Promise<number> {
  if (store.kind === 'postgres')
    await trx.selectFrom('platforms').select('id').where('id', '=', platformId).forNoKeyUpdate().execute();
  const row = await trx
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll<number>().as('endpoints'))
    .where('platform_id', '=', platformId)
    .executeTakeFirst();
  return Number(row?.endpoints ?? 0);
}

export async function updateEndpoint(
  trx: Kysely<Database>,
  endpointId: string,
  changes: Updateable<WebhookEndpointsTable>,
): Promise<void> {
  await trx.updateTable('webhook_endpoints').set(changes).where('id', '=', endpointId).execute();
}

/** Deletes the endpoint with its deliveries and their attempts. */
export async function deleteEndpoint(trx: Kysely<Database>, endpointId: string): Promise<void> {
  const deliveries = trx.selectFrom('webhook_deliveries').select('id').where('endpoint_id', '=', endpointId);
  await trx.deleteFrom('webhook_attempts').where('delivery_id', 'in', deliveries).execute();
  await trx.deleteFrom('webhook_deliveries').where('endpoint_id', '=', endpointId).execute();
  await trx.deleteFrom('webhook_endpoints').where('id', '=', endpointId).execute();
}

function deliveries(db: Kysely<Database>) {
  return db
    .selectFrom('webhook_deliveries')
    .innerJoin('webhook_events', 'webhook_events.id', 'webhook_deliveries.event_id')
    .selectAll('webhook_deliveries')
    .select('webhook_events.type as event_type');
}

export function pageOfDeliveries(store: Store, endpointId: string, query: PageQuery): Promise<Page<DeliveryRow>> {
  const select = deliveries(store.db).where('webhook_deliveries.endpoint_id', '=', endpointId);
  return fetchPage(select, deliveriesNewestFirst, {
    cursor: query.cursor,
    limit: query.limit,
    filters: { endpointId },
  });
}

export function deliveryOfEndpoint(
  db: Kysely<Database>,
  endpointId: string,
  deliveryId: string,
): Promise<DeliveryRow | undefined> {
  return deliveries(db)
    .where('webhook_deliveries.id', '=', deliveryId)
    .where('webhook_deliveries.endpoint_id', '=', endpointId)
    .executeTakeFirst();
}

/** Queues the delivery again, due at `at`, its retry schedule started afresh. */
export async function requeueDelivery(trx: Kysely<Database>, deliveryId: string, at: string): Promise<void> {
  await trx
    .updateTable('webhook_deliveries')
    // endpoint_enabled: 1 even when the endpoint is disabled: see holdPendingDeliveries (src/store/cross-cutting/outbox.ts).
    .set({
      status: 'PENDING',
      scheduled_attempts: 0,
      next_attempt_at: at,
      updated: at,
      endpoint_enabled: 1,
      // A new schedule: a claim in flight no longer holds it, and taking it is no takeover.
      claimed_by: null,
    })
    .where('id', '=', deliveryId)
    .execute();
}

/** The attempts of these deliveries, oldest first. */
export function attemptsOf(db: Kysely<Database>, deliveryIds: string[]): Promise<AttemptRow[]> {
  if (deliveryIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('webhook_attempts')
    .selectAll()
    .where('delivery_id', 'in', deliveryIds)
    .orderBy('attempted_at')
    .orderBy('id')
    .execute();
}
