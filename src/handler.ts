// Handlers are looked up by operationId. Their input and output types come from the generated
// `operations` interface, so a handler that reads a parameter the contract does not have, or
// returns a body of the wrong shape or status, does not compile.
import type { operations } from '../generated/api';
import type { Principal } from './core/principal';
import type { Store } from './store/database';

export type OperationId = keyof operations;

export interface RequestContext {
  store: Store;
  /** Absent only on operations without security (health, readiness). */
  principal: Principal | undefined;
  requestId: string;
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
  body: Body<Op>;
}

type Responses<Op extends OperationId> = operations[Op]['responses'];
type SuccessStatus<Op extends OperationId> = Extract<keyof Responses<Op>, 200 | 201 | 204>;
type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : never;

/** What a handler answers: its success status with the body the contract declares; a 204 has none. */
export type HandlerResult<Op extends OperationId> = {
  [S in SuccessStatus<Op>]: S extends 204
    ? { status: S; body?: undefined }
    : { status: S; body: JsonOf<Responses<Op>[S]> };
}[SuccessStatus<Op>];

export type Handler<Op extends OperationId> = (
  input: HandlerInput<Op>,
  context: RequestContext,
) => Promise<HandlerResult<Op>>;

export type HandlerRegistry = { [Op in OperationId]: Handler<Op> };
export type PartialRegistry<Ops extends OperationId> = { [Op in Ops]: Handler<Op> };

/** The principal of an authenticated operation (the validator has already required a valid key). */
export function principalOf(context: RequestContext): Principal {
  if (!context.principal) throw new Error('operation reached without an authenticated principal');
  return context.principal;
}
