// Runs started by a flow's webhook (issue 43): the reference product's catch-webhook URL,
// `/v1/webhooks/{flowId}` and `/sync`, called by other systems with no API key. An enabled flow whose
// published trigger is the catch webhook gets a QUEUED run (tagged webhook) with the request as its
// payload, written with its job in one transaction like every queued run (./queue.ts). A caller of
// `/sync` waits for the answer the run's engine gives with updateFlowRun's `response`, stored on the
// run's job, so that the engine may answer through any instance: the waiter reads the job, woken at
// once when the answer was given on its own instance, else by polling.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { components } from '../../generated/api';
import { ApiError, notFound } from '../core/errors';
import { FREE_FORM_MAX_BYTES, KIB } from '../core/free-form';
import type { Store } from '../store/engine/database';
import { fromJson } from '../store/reading/json';
import { triggerHeadOf } from '../store/records/flows';
import { queueTriggeredRun } from './queue';
import { runChangeOrTimeout } from './run-changes';
import { isFinal } from './service';
import { WEBHOOK_TAG } from './tags';

type FlowRunWebhookResponse = components['schemas']['FlowRunWebhookResponse'];

/** The reference product's webhook piece and its trigger, whose flows have a URL. */
export const CATCH_WEBHOOK_PIECE = '@activepieces/piece-webhook';
export const CATCH_WEBHOOK_TRIGGER = 'catch_webhook';

/** How often a waiting `/sync` caller reads its run again when no answer given here woke it. */
const ANSWER_POLL_MS = 250;

/** The request as the run's payload holds it: the reference's `{method, headers, body, queryParams}`. */
export interface WebhookRequest {
  method: string;
  /** Header names in lower case; a repeated header's values joined with `, `. */
  headers: Record<string, string>;
  queryParams: Record<string, string | string[]>;
  /** Absent when the request had no body. */
  body?: unknown;
}

/** The catch webhook's `authType` and `authFields` inputs, as the piece checks them. */
type TriggerAuth =
  | { type: 'none' }
  | { type: 'basic'; username: string; password: string }
  | { type: 'header'; headerName: string; headerValue: string }
  /** An authentication the piece would refuse every request for (a type it has not, or fields missing). */
  | { type: 'unusable' };

interface WebhookTarget {
  platformId: string;
  projectId: string;
  flowId: string;
  versionId: string;
  auth: TriggerAuth;
}

function textOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function authOf(input: Record<string, unknown>): TriggerAuth {
  const type = input.authType ?? 'none';
  const fields = typeof input.authFields === 'object' && input.authFields !== null ? input.authFields : {};
  const field = (name: string) => textOf((fields as Record<string, unknown>)[name]);
  if (type === 'none') return { type: 'none' };
  if (type === 'basic') {
    const username = field('username');
    const password = field('password');
    return username === undefined || password === undefined
      ? { type: 'unusable' }
      : { type: 'basic', username, password };
  }
  if (type === 'header') {
    const headerName = field('headerName');
    const headerValue = field('headerValue');
    return headerName === undefined || headerName === '' || headerValue === undefined
      ? { type: 'unusable' }
      : { type: 'header', headerName, headerValue };
  }
  return { type: 'unusable' };
}

/** The same answer for every id that has no webhook: nobody learns which ids are flows. */
function noWebhook(flowId: string) {
  return notFound('flow webhook', flowId);
}

/** The enabled flow of this id with a published catch-webhook trigger; a 404 for anything else. */
async function webhookTargetOf(store: Store, flowId: string): Promise<WebhookTarget> {
  const row = await store.db
    .selectFrom('flows')
    .innerJoin('projects', 'projects.id', 'flows.project_id')
    .innerJoin('flow_versions', 'flow_versions.id', 'flows.published_version_id')
    .selectAll('flow_versions')
    .select(['flows.project_id as target_project_id', 'projects.platform_id as target_platform_id'])
    .where('flows.id', '=', flowId)
    .where('flows.status', '=', 'ENABLED')
    .executeTakeFirst();
  if (!row) throw noWebhook(flowId);
  const { target_project_id, target_platform_id, ...version } = row;
  const trigger = triggerHeadOf(version);
  if (
    trigger.type !== 'PIECE_TRIGGER' ||
    trigger.settings.pieceName !== CATCH_WEBHOOK_PIECE ||
    trigger.settings.triggerName !== CATCH_WEBHOOK_TRIGGER
  )
    throw noWebhook(flowId);
  return {
    platformId: target_platform_id,
    projectId: target_project_id,
    flowId,
    versionId: version.id,
    auth: authOf(trigger.settings.input),
  };
}

/** Compares two secrets in a time that tells nothing of where they differ. */
function sameSecret(sent: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(sent), digest(expected));
}

/** The `user:password` of an `Authorization: Basic` header, split at the first colon (RFC 7617). */
function basicCredentials(authorization: string | undefined): { username: string; password: string } | undefined {
  if (authorization === undefined || !/^basic /i.test(authorization)) return undefined;
  const decoded = Buffer.from(authorization.slice('basic '.length).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? undefined : { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** Why the request is refused by the trigger's authentication; undefined when it passes. */
export type AuthRefusal = { challenge: 'basic' | undefined; detail: string };

function authRefusal(auth: TriggerAuth, headers: Record<string, string>): AuthRefusal | undefined {
  switch (auth.type) {
    case 'none':
      return undefined;
    case 'basic': {
      const sent = basicCredentials(headers.authorization);
      // Both compared whatever the first gives, so the time says nothing of which was wrong.
      const userMatches = sameSecret(sent?.username ?? '', auth.username);
      const passwordMatches = sameSecret(sent?.password ?? '', auth.password);
      return sent !== undefined && userMatches && passwordMatches
        ? undefined
        : {
            challenge: 'basic',
            detail: 'This webhook needs the user and password its trigger names, sent as Authorization Basic.',
          };
    }
    case 'header': {
      const sent = headers[auth.headerName.toLowerCase()];
      return sent !== undefined && sameSecret(sent, auth.headerValue)
        ? undefined
        : { challenge: undefined, detail: 'This webhook needs the header and value its trigger names.' };
    }
    case 'unusable':
      return {
        challenge: undefined,
        detail:
          "This webhook's trigger has an authentication that cannot be met (an authType the catch webhook has not, or its authFields missing); fix the flow's trigger.",
      };
  }
}

/** A 401 of the trigger's authentication; `challenge` is the WWW-Authenticate scheme to answer with. */
export class WebhookAuthError extends ApiError {
  readonly challenge: 'basic' | undefined;
  constructor(refusal: AuthRefusal) {
    super('AUTHENTICATION', refusal.detail);
    this.challenge = refusal.challenge;
  }
}

/**
 * Queues a run of the flow for this webhook request, once its trigger's authentication passes;
 * the id of the run. A 404 for an id with no webhook, a 401 for a request the trigger refuses, a
 * 413 for a request whose payload would be larger than a run's.
 */
export async function triggerFlowWebhook(store: Store, flowId: string, request: WebhookRequest): Promise<string> {
  const target = await webhookTargetOf(store, flowId);
  const refusal = authRefusal(target.auth, request.headers);
  if (refusal) throw new WebhookAuthError(refusal);
  const payload = JSON.stringify(request);
  const limit = FREE_FORM_MAX_BYTES.runPayload;
  if (payload.length * 3 > limit && Buffer.byteLength(payload, 'utf8') > limit)
    throw new ApiError(
      'PAYLOAD_TOO_LARGE',
      `The request would make a run payload (its method, headers, query and body as JSON) of ${Buffer.byteLength(payload, 'utf8')} bytes; at most ${limit / KIB} KiB are allowed.`,
    );
  const runId = await queueTriggeredRun(store, target, payload, WEBHOOK_TAG);
  // Deleted or unpublished since it was read: no webhook now.
  if (runId === undefined) throw noWebhook(flowId);
  return runId;
}

/** What a `/sync` caller gets: the run's answer, the end of a run that gave none, or nothing in time. */
export type WebhookOutcome =
  | { kind: 'answer'; response: FlowRunWebhookResponse }
  | { kind: 'ended'; status: string }
  | { kind: 'timeout' }
  | { kind: 'gone' };

/** Waits up to `timeoutMs` for the run's answer or its end; stops early when `signal` aborts (the caller left). */
export async function awaitWebhookOutcome(
  store: Store,
  runId: string,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<WebhookOutcome> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await store.db
      .selectFrom('flow_runs')
      .leftJoin('flow_run_jobs', 'flow_run_jobs.run_id', 'flow_runs.id')
      .select(['flow_runs.status', 'flow_run_jobs.webhook_response'])
      .where('flow_runs.id', '=', runId)
      .executeTakeFirst();
    if (!row) return { kind: 'gone' };
    if (row.webhook_response !== null && row.webhook_response !== undefined)
      return { kind: 'answer', response: fromJson<FlowRunWebhookResponse>(row.webhook_response) };
    if (isFinal(row.status)) return { kind: 'ended', status: row.status };
    const left = deadline - Date.now();
    if (left <= 0 || signal.aborted) return { kind: 'timeout' };
    await runChangeOrTimeout(runId, Math.min(left, ANSWER_POLL_MS), signal);
  }
}
