// The outbox of webhook events. A service records the event of a change with `recordEvent`, in the
// write transaction of the change itself (through the `trx` of its Store.write): the change and its
// event commit together or not at all. The same transaction makes one delivery per enabled endpoint
// of the platform that wants the event, which the dispatcher (src/webhooks/) then sends.
//
// Below the resources: projects, flows, flow templates and MCP servers record their events here,
// and the webhook endpoints resource its test events.
import type { Kysely } from 'kysely';
import type { components } from '../../../generated/api';
import { jsonTextOf, spliceMember } from '../../core/known-json';
import type { Store } from '../engine/database';
import type { Database } from '../engine/schema';
import { newId, now } from '../reading/ids';
import { fromJsonOrNull, toJson } from '../reading/json';
import { newBindings, runCompiledOnce } from '../reading/query-reuse';

export type WebhookEventType = components['schemas']['WebhookEventType'];
/** What a delivery can carry: an event type, or the test event of one endpoint. */
export type DeliveredEventType = WebhookEventType | 'webhook_endpoint.test';

export interface WebhookEvent {
  platformId: string;
  /** The project the event belongs to; null for platform-wide events (templates, keys). */
  projectId: string | null;
  type: WebhookEventType;
  /** The resource as the API answers it (never a secret). */
  data: unknown;
  /** Members of the event's body besides `type`, `timestamp` and `data` (`operationType` of flow changes). */
  details?: Record<string, unknown>;
}

/** The id a delivery sends as `webhook-id`: the event's, the same on every attempt. */
export function webhookIdOf(eventId: string): string {
  return `msg_${eventId}`;
}

export interface EndpointFilter {
  event_types: string | null;
  project_ids: string | null;
}

/** Whether an endpoint with these filters wants an event of `type` in `projectId`. */
export function wants(endpoint: EndpointFilter, type: DeliveredEventType, projectId: string | null): boolean {
  const types = fromJsonOrNull<string[]>(endpoint.event_types);
  if (types !== null && !types.includes(type)) return false;
  const projects = fromJsonOrNull<string[]>(endpoint.project_ids);
  // A platform-wide event has no project an endpoint limited to projects could want.
  return projects === null || (projectId !== null && projects.includes(projectId));
}

/** Wakes the dispatcher of a store (src/webhooks/dispatcher.ts) when deliveries were queued. */
const wakers = new WeakMap<Store, () => void>();

export function onDeliveriesQueued(store: Store, wake: (() => void) | undefined): void {
  if (wake) wakers.set(store, wake);
  else wakers.delete(store);
}

/** The event's body: its head, then `data` (from the answer's own JSON text when it has one). */
function payloadText(head: Record<string, unknown>, data: unknown): string {
  const known = jsonTextOf(data);
  return known === undefined ? toJson({ ...head, data }) : spliceMember(head, 'data', known, {});
}

/** Inserts the event and its deliveries in `trx`; returns the new delivery ids. */
export async function queueEvent(
  store: Store,
  trx: Kysely<Database>,
  event: {
    platformId: string;
    projectId: string | null;
    type: DeliveredEventType;
    data: unknown;
    details?: Record<string, unknown> | undefined;
  },
  endpointIds: readonly string[],
): Promise<string[]> {
  if (endpointIds.length === 0) return [];
  const eventId = newId();
  const timestamp = now();
  await trx
    .insertInto('webhook_events')
    .values({
      id: eventId,
      created: timestamp,
      platform_id: event.platformId,
      project_id: event.projectId,
      type: event.type,
      payload: payloadText({ type: event.type, timestamp, ...event.details }, event.data),
    })
    .execute();
  const deliveries = endpointIds.map((endpointId) => ({
    id: newId(),
    created: timestamp,
    updated: timestamp,
    event_id: eventId,
    endpoint_id: endpointId,
    status: 'PENDING',
    attempt_count: 0,
    scheduled_attempts: 0,
    next_attempt_at: timestamp,
    // Even for a disabled endpoint (a test event): see holdPendingDeliveries.
    endpoint_enabled: 1,
    claimed_by: null,
  }));
  await trx.insertInto('webhook_deliveries').values(deliveries).execute();
  // The transaction has not committed yet: the dispatcher looks a moment later, and polls anyway.
  wakers.get(store)?.();
  return deliveries.map((delivery) => delivery.id);
}

/**
 * Records the event of a change in the change's own write transaction `trx`, with a delivery for
 * each enabled endpoint of the platform that wants it. An event no endpoint wants is not stored.
 */
export async function recordEvent(store: Store, trx: Kysely<Database>, event: WebhookEvent): Promise<void> {
  await recordEvents(store, trx, [event]);
}

/**
 * Records events of one platform in `trx`, reading its enabled endpoints once for all of them (a
 * lease of ten runs records ten events): each event is queued for the endpoints that want it.
 */
export async function recordEvents(
  store: Store,
  trx: Kysely<Database>,
  events: readonly WebhookEvent[],
): Promise<void> {
  const [first] = events;
  if (first === undefined) return;
  if (events.some((event) => event.platformId !== first.platformId))
    throw new Error('recordEvents takes the events of one platform');
  const bindings = newBindings(store);
  const platformId = bindings.value('platformId', first.platformId);
  // Compiled once: it runs in every create and update, most often to find no endpoint at all.
  const endpoints = await runCompiledOnce(
    store,
    'enabled webhook endpoints',
    bindings,
    () =>
      store.db
        .selectFrom('webhook_endpoints')
        .select(['id', 'event_types', 'project_ids'])
        .where('platform_id', '=', platformId)
        .where('enabled', '=', 1),
    trx,
  );
  for (const event of events) {
    const wanting = endpoints.filter((endpoint) => wants(endpoint, event.type, event.projectId));
    await queueEvent(
      store,
      trx,
      event,
      wanting.map((endpoint) => endpoint.id),
    );
  }
}

/**
 * Writes the copy of the endpoint's `enabled` onto its pending deliveries, in the transaction that
 * changed the endpoint, after the endpoint's row was written (on PostgreSQL that row's lock then
 * orders this with any other enabling or disabling of the endpoint). The claim's index leads with
 * the copy, so it never walks the backlog of a disabled endpoint. Only disabling writes 0; every
 * other write of a delivery writes 1, so a delivery is never held while its endpoint is enabled.
 * A 1 beside a disabled endpoint (a test event or a retry queued while it is disabled, an event
 * queued as it was being disabled) is only walked past by the claim, which checks the endpoint too.
 */
export async function holdPendingDeliveries(trx: Kysely<Database>, endpointId: string, enabled: boolean) {
  await trx
    .updateTable('webhook_deliveries')
    .set({ endpoint_enabled: enabled ? 1 : 0 })
    .where('endpoint_id', '=', endpointId)
    // Pending, said by the status: a condition on next_attempt_at would lead SQLite's planner to the
    // queue's index (every pending delivery) instead of the endpoint's.
    .where('status', '=', 'PENDING')
    .where('endpoint_enabled', '=', enabled ? 0 : 1)
    .execute();
}
