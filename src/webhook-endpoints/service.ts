// Webhook endpoints of a platform: create (with its signing secret, shown once), list, get, update
// (including disabling), delete, rotate the secret, and an endpoint's deliveries: list, retry one,
// send a test event. The dispatcher that sends the deliveries is src/webhooks/.
//
// Only platform-wide ADMIN keys manage endpoints (src/api-keys/permissions.ts): an endpoint gets
// every event of the platform it asks for, and its secret signs them.
import type { Kysely } from 'kysely';
import type { components } from '../../generated/api';
import { ApiError, invalid, notFound } from '../core/errors';
import type { Principal } from '../core/principal';
import { hostOf, RefusedAddress, resolvePublic } from '../core/public-address';
import { holdPendingDeliveries, queueEvent } from '../store/cross-cutting/outbox';
import { privateWebhookAddressesAllowed, webhookEndpointLimit } from '../store/cross-cutting/webhook-policy';
import type { Store } from '../store/engine/database';
import type { Database } from '../store/engine/schema';
import { newId, now } from '../store/reading/ids';
import { fromFlag, fromJsonOrNull, toFlag, toJson } from '../store/reading/json';
import { findOwned } from '../store/reading/tenancy';
import {
  newWebhookSecret,
  openWebhookSecret,
  PREVIOUS_SECRET_LIFETIME_MS,
  sealWebhookSecret,
} from '../store/secrets/webhook-secrets';
import {
  ATTEMPTS_SHOWN,
  type AttemptRow,
  attemptsOf,
  countEndpointsForCreate,
  type DeliveryRow,
  deleteEndpoint,
  deliveryOfEndpoint,
  type EndpointRow,
  insertEndpoint,
  type PageQuery,
  pageOfDeliveries,
  pageOfEndpoints,
  requeueDelivery,
  updateEndpoint,
} from './queries';

type WebhookEndpoint = components['schemas']['WebhookEndpoint'];
type WebhookEndpointWithSecret = components['schemas']['WebhookEndpointWithSecret'];
type WebhookEndpointPage = components['schemas']['WebhookEndpointPage'];
type CreateRequest = components['schemas']['WebhookEndpointCreateRequest'];
type UpdateRequest = components['schemas']['WebhookEndpointUpdateRequest'];
type WebhookDelivery = components['schemas']['WebhookDelivery'];
type WebhookDeliveryPage = components['schemas']['WebhookDeliveryPage'];

function toEndpoint(row: EndpointRow, at: string = now()): WebhookEndpoint {
  const previousInUse = row.previous_secret !== null && (row.previous_secret_expires ?? '') > at;
  return {
    id: row.id,
    created: row.created,
    updated: row.updated,
    url: row.url,
    description: row.description,
    eventTypes: fromJsonOrNull<WebhookEndpoint['eventTypes']>(row.event_types),
    projectIds: fromJsonOrNull<string[]>(row.project_ids),
    enabled: fromFlag(row.enabled),
    disabledReason: row.disabled_reason as WebhookEndpoint['disabledReason'],
    previousSecretExpiresAt: previousInUse ? row.previous_secret_expires : null,
  };
}

function toDelivery(row: DeliveryRow, attempts: AttemptRow[]): WebhookDelivery {
  return {
    id: row.id,
    created: row.created,
    updated: row.updated,
    endpointId: row.endpoint_id,
    eventId: `msg_${row.event_id}`,
    eventType: row.event_type,
    status: row.status as WebhookDelivery['status'],
    attemptCount: row.attempt_count,
    nextAttemptAt: row.status === 'PENDING' ? row.next_attempt_at : null,
    attempts: attempts.slice(-ATTEMPTS_SHOWN).map((attempt) => ({
      attemptedAt: attempt.attempted_at,
      statusCode: attempt.status_code,
      durationMs: attempt.duration_ms,
      error: attempt.error,
    })),
  };
}

async function presentDeliveries(db: Kysely<Database>, rows: DeliveryRow[]): Promise<WebhookDelivery[]> {
  const attempts = await attemptsOf(
    db,
    rows.map((row) => row.id),
  );
  const byDelivery = new Map<string, AttemptRow[]>();
  for (const attempt of attempts)
    byDelivery.set(attempt.delivery_id, [...(byDelivery.get(attempt.delivery_id) ?? []), attempt]);
  return rows.map((row) => toDelivery(row, byDelivery.get(row.id) ?? []));
}

/** The platform's endpoint with this id (else a 404), read in `trx` when given. */
function ownedEndpoint(
  store: Store,
  principal: Principal,
  endpointId: string,
  trx?: Kysely<Database>,
): Promise<EndpointRow> {
  return findOwned(store, principal, 'webhookEndpoint', endpointId, trx);
}

/**
 * The URL as sent, once it passes the rules: `https` (or `http` where private addresses are allowed:
 * a receiver on this machine), no credentials, a host that resolves to public addresses only.
 */
async function checkedUrl(store: Store, text: string): Promise<string> {
  const allowPrivate = privateWebhookAddressesAllowed(store);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw invalid('body', '/url', 'must be an absolute https URL');
  }
  const schemes = allowPrivate ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol)) throw invalid('body', '/url', 'must be an https URL');
  if (url.username !== '' || url.password !== '')
    throw invalid('body', '/url', 'must not carry a user name or password');
  if (hostOf(url) === '') throw invalid('body', '/url', 'must name a host');
  // Where private addresses are allowed, nothing is refused: the host may resolve later.
  if (!allowPrivate) {
    try {
      await resolvePublic(hostOf(url), false);
    } catch (error) {
      if (error instanceof RefusedAddress)
        throw invalid('body', '/url', `must resolve to public addresses: ${error.message}`);
      throw invalid('body', '/url', `has a host that does not resolve (${hostOf(url)})`);
    }
  }
  return text;
}

/** The projects an endpoint is limited to, each of the caller's platform (else a 404). */
async function checkedProjects(store: Store, principal: Principal, projectIds: string[] | null | undefined) {
  if (projectIds === undefined || projectIds === null) return projectIds;
  for (const projectId of projectIds) await findOwned(store, principal, 'project', projectId);
  return projectIds;
}

export async function create(
  store: Store,
  principal: Principal,
  input: CreateRequest,
): Promise<WebhookEndpointWithSecret> {
  const url = await checkedUrl(store, input.url);
  const projectIds = await checkedProjects(store, principal, input.projectIds);
  const id = newId();
  const timestamp = now();
  const secret = newWebhookSecret();
  const row: EndpointRow = {
    id,
    created: timestamp,
    updated: timestamp,
    platform_id: principal.platformId,
    url,
    description: input.description ?? '',
    event_types: input.eventTypes === undefined ? null : toJson(input.eventTypes),
    project_ids: projectIds === undefined ? null : toJson(projectIds),
    enabled: toFlag(true),
    disabled_reason: null,
    secret: sealWebhookSecret(store, id, secret),
    previous_secret: null,
    previous_secret_expires: null,
    failing: 0,
  };
  const limit = webhookEndpointLimit(store);
  await store.write(async (trx) => {
    // Disabled endpoints count: enabling one again must not pass the limit.
    if ((await countEndpointsForCreate(store, trx, principal.platformId)) >= limit)
      throw new ApiError(
        'WEBHOOK_ENDPOINT_LIMIT_REACHED',
        `The platform has ${limit} webhook endpoints, the most it may have; delete one to make another.`,
        { params: { limit: String(limit) } },
      );
    await insertEndpoint(trx, row);
  });
  return { ...toEndpoint(row, timestamp), secret };
}

export async function list(store: Store, principal: Principal, query: PageQuery): Promise<WebhookEndpointPage> {
  const page = await pageOfEndpoints(store, principal.platformId, query);
  const at = now();
  return { data: page.rows.map((row) => toEndpoint(row, at)), next: page.next, previous: page.previous };
}

export async function get(store: Store, principal: Principal, endpointId: string): Promise<WebhookEndpoint> {
  return toEndpoint(await ownedEndpoint(store, principal, endpointId));
}

export async function update(
  store: Store,
  principal: Principal,
  endpointId: string,
  input: UpdateRequest,
): Promise<WebhookEndpoint> {
  const row = await ownedEndpoint(store, principal, endpointId);
  // `{}` changes nothing, not even `updated`, as updateProject.
  if (Object.keys(input).length === 0) return toEndpoint(row);
  const url = input.url === undefined ? undefined : await checkedUrl(store, input.url);
  const projectIds = await checkedProjects(store, principal, input.projectIds);
  const timestamp = now();
  const enabling =
    input.enabled === undefined
      ? {}
      : input.enabled
        ? { enabled: toFlag(true), disabled_reason: null }
        : // Disabling an endpoint already disabled keeps the reason it was disabled for.
          { enabled: toFlag(false), disabled_reason: fromFlag(row.enabled) ? 'MANUAL' : row.disabled_reason };
  return store.write(async (trx) => {
    await updateEndpoint(trx, row.id, {
      updated: timestamp,
      ...(url !== undefined ? { url } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.eventTypes !== undefined
        ? { event_types: input.eventTypes === null ? null : toJson(input.eventTypes) }
        : {}),
      ...(projectIds !== undefined ? { project_ids: projectIds === null ? null : toJson(projectIds) } : {}),
      ...enabling,
    });
    // The deliveries waiting for the endpoint: held while it is disabled, claimable again once enabled.
    if (input.enabled !== undefined) await holdPendingDeliveries(trx, row.id, input.enabled);
    return toEndpoint(await ownedEndpoint(store, principal, row.id, trx), timestamp);
  });
}

export async function remove(store: Store, principal: Principal, endpointId: string): Promise<WebhookEndpoint> {
  const row = await ownedEndpoint(store, principal, endpointId);
  await store.write((trx) => deleteEndpoint(trx, row.id));
  return toEndpoint(row);
}

/**
 * A new secret; the current one becomes the previous, which signs beside it for 24 hours. The
 * endpoint is read in the transaction that writes it (whose update locks the row on PostgreSQL), so
 * two rotations at once each keep the secret the other replaced as theirs.
 */
export async function rotateSecret(
  store: Store,
  principal: Principal,
  endpointId: string,
): Promise<WebhookEndpointWithSecret> {
  const found = await ownedEndpoint(store, principal, endpointId);
  const secret = newWebhookSecret();
  return store.write(async (trx) => {
    const timestamp = now();
    // Written first: on PostgreSQL that locks the row until the transaction ends.
    await updateEndpoint(trx, found.id, { updated: timestamp });
    const row = await ownedEndpoint(store, principal, found.id, trx);
    const changes = {
      secret: sealWebhookSecret(store, row.id, secret),
      previous_secret: sealWebhookSecret(store, row.id, openWebhookSecret(store, row.id, row.secret), 'previous'),
      previous_secret_expires: new Date(Date.parse(timestamp) + PREVIOUS_SECRET_LIFETIME_MS).toISOString(),
    };
    await updateEndpoint(trx, row.id, changes);
    return { ...toEndpoint({ ...row, ...changes }, timestamp), secret };
  });
}

export async function listDeliveries(
  store: Store,
  principal: Principal,
  endpointId: string,
  query: PageQuery,
): Promise<WebhookDeliveryPage> {
  const endpoint = await ownedEndpoint(store, principal, endpointId);
  const page = await pageOfDeliveries(store, endpoint.id, query);
  return { data: await presentDeliveries(store.db, page.rows), next: page.next, previous: page.previous };
}

/** The delivery due again now, whatever its status; an attempt that fails is retried on the schedule. */
export async function retryDelivery(
  store: Store,
  principal: Principal,
  endpointId: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  const endpoint = await ownedEndpoint(store, principal, endpointId);
  return store.write(async (trx) => {
    const found = await deliveryOfEndpoint(trx, endpoint.id, deliveryId);
    if (!found) throw notFound('webhook delivery', deliveryId);
    await requeueDelivery(trx, found.id, now());
    const row = await deliveryOfEndpoint(trx, endpoint.id, found.id);
    if (!row) throw notFound('webhook delivery', deliveryId);
    const [delivery] = await presentDeliveries(trx, [row]);
    if (!delivery) throw notFound('webhook delivery', deliveryId);
    return delivery;
  });
}

/** A `webhook_endpoint.test` event for this endpoint alone, queued like any other. */
export async function sendTestEvent(store: Store, principal: Principal, endpointId: string): Promise<WebhookDelivery> {
  const endpoint = await ownedEndpoint(store, principal, endpointId);
  return store.write(async (trx) => {
    const [deliveryId] = await queueEvent(
      store,
      trx,
      { platformId: principal.platformId, projectId: null, type: 'webhook_endpoint.test', data: toEndpoint(endpoint) },
      [endpoint.id],
    );
    const row = deliveryId === undefined ? undefined : await deliveryOfEndpoint(trx, endpoint.id, deliveryId);
    if (!row) throw new Error(`the test delivery of endpoint ${endpoint.id} vanished`);
    return toDelivery(row, []);
  });
}
