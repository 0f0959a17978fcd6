// Handlers are looked up by operationId. Their input and output types come from the generated
// `operations` interface, so a handler that reads a parameter the contract does not have, or
// returns a body of the wrong shape or status, does not compile.
import type { operations } from '../generated/api';
import type { Principal } from './core/principal';
import type { Store } from './store/engine/database';

export type OperationId = keyof operations;

/**
 * A flow's webhook (`/v1/webhooks/{flowId}` and `/sync`, every method): answered by
 * src/http/pipeline/flow-webhooks.ts, which passes the request as it came (its method, every
 * header, any query, a body of several types) and answers what the run gave, none of which a
 * handler of the registry's JSON in and out can hold.
 */
export type FlowWebhookOperationId = Extract<OperationId, `callFlowWebhook${string}`>;

/**
 * A project's MCP server (`/v1/mcp-servers/{id}/mcp`): answered by src/http/pipeline/mcp-endpoint.ts,
 * whose MCP SDK transport writes the protocol's answers itself.
 */
export type McpEndpointOperationId = 'callMcpServer';

/** The operations of the handler registry: every other one. */
export type RegistryOperationId = Exclude<OperationId, FlowWebhookOperationId | McpEndpointOperationId>;

/** An app connection's value handed out (getAppConnectionValue): what its log line and count record. */
export interface ValueRead {
  /** The API key that read it (absent only for a principal without a key, which no request has). */
  keyId: string | undefined;
  connectionId: string;
}

export interface RequestContext {
  store: Store;
  /** Absent only on operations without security (health, readiness). */
  principal: Principal | undefined;
  requestId: string;
  /** Leases a queued run may lose before it ends INTERNAL_ERROR (RUN_MAX_ATTEMPTS; src/flow-runs/queue.ts). */
  runMaxAttempts?: number;
  /**
   * Logs and counts a value read (src/http/app.ts): every read of a credential leaves a trace with
   * the key that made it. Absent where no value can be read (an idempotent create's access check).
   */
  valueRead?: (read: ValueRead) => void;
}

type Parameters<Op extends OperationId> = operations[Op]['parameters'];
type Section<P, K extends string> = P extends { [key in K]?: infer S }
  ? [S] extends [undefined]
    ? Record<string, never>
    : NonNullable<S>
  : Record<string, never>;
type Body<Op extends OperationId> = operations[Op] extends { requestBody: { content: { 'application/json': infer B } } }
  ? B
  : operations[Op] extends { requestBody?: { content: { 'application/json': infer B } } }
    ? B | undefined
    : undefined;

export interface HandlerInput<Op extends OperationId> {
  query: Section<Parameters<Op>, 'query'>;
  path: Section<Parameters<Op>, 'path'>;
  /** The request headers the operation declares (by their names in the contract), when sent. */
  header: Section<Parameters<Op>, 'header'>;
  body: Body<Op>;
}

type Responses<Op extends OperationId> = operations[Op]['responses'];
type SuccessStatus<Op extends OperationId> = Extract<keyof Responses<Op>, 200 | 201 | 204>;
type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : never;

/** What a handler answers: its success status with the body the contract declares; a 204 has none. */
export type HandlerResult<Op extends OperationId> = {
  [S in SuccessStatus<Op>]: S extends 204
    ? { status: S; body?: undefined; headers?: Record<string, string> }
    : { status: S; body: JsonOf<Responses<Op>[S]>; headers?: Record<string, string> };
}[SuccessStatus<Op>];

export type Handler<Op extends OperationId> = (
  input: HandlerInput<Op>,
  context: RequestContext,
) => Promise<HandlerResult<Op>>;

export type HandlerRegistry = { [Op in RegistryOperationId]: Handler<Op> };
export type PartialRegistry<Ops extends OperationId> = { [Op in Ops]: Handler<Op> };

type HeaderOf<Op extends OperationId> = NonNullable<Parameters<Op>['header']>;

/** The operations that take an `Idempotency-Key` header: the idempotent creates (src/http/pipeline/idempotency.ts). */
export type IdempotentOperationId = {
  [Op in OperationId]: [HeaderOf<Op>] extends [never]
    ? never
    : 'Idempotency-Key' extends keyof HeaderOf<Op>
      ? Op
      : never;
}[OperationId];

/**
 * Whether the request's key may make this request at all, as its handler decides it: the records
 * it aims at must be of the key's platform, and of its projects when the key is limited to some
 * (the 404 the handler answers otherwise). The key's role is checked before it, as before every
 * handler (src/handlers.ts). Nothing else: what may change between a create and its retry (an
 * `externalId` taken since) is the handler's to check. Run before an idempotency record is looked
 * up, so that a stored answer, a 409 or a 422 only ever goes to a key that may make the request.
 */
export type AccessCheck<Op extends OperationId> = (input: HandlerInput<Op>, context: RequestContext) => Promise<void>;
/** One access check per idempotent operation: a new one does not compile until it has its check. */
export type AccessChecks = { [Op in IdempotentOperationId]: AccessCheck<Op> };
export type PartialAccessChecks<Ops extends IdempotentOperationId> = { [Op in Ops]: AccessCheck<Op> };

/** The principal of an authenticated operation (the validator has already required a valid key). */
export function principalOf(context: RequestContext): Principal {
  if (!context.principal) throw new Error('operation reached without an authenticated principal');
  return context.principal;
}
