// The typed client of the API: openapi-fetch over the types generated from the contract, so a
// call that does not match the contract does not compile; with a deadline, safe retries, typed
// problems and paging. TanStack Query hooks are in ./react-query.ts, MSW handlers in ./msw-handlers.ts.
export type { components, operations, paths } from '../../generated/api.js';
export type {
  ErrorCode,
  IdempotentCreatePath,
  ListInit,
  ListItem,
  ListPath,
  ListQuery,
  Page,
  PageOf,
  Problem,
  Schemas,
  ValidationIssue,
} from './contract-types.js';
/** The body of a webhook delivery, any event (each also as Schemas['ProjectEvent'] …): switch on `type`. */
export type WebhookEventPayload = import('../../generated/api.js').components['schemas'][
  | 'ProjectEvent'
  | 'ProjectDeletedEvent'
  | 'FlowEvent'
  | 'FlowDeletedEvent'
  | 'FlowChangeEvent'
  | 'FolderEvent'
  | 'AppConnectionEvent'
  | 'FlowTemplateEvent'
  | 'FlowTemplateDeletedEvent'
  | 'UserEvent'
  | 'McpServerEvent'
  | 'FlowRunEvent'
  | 'FlowRunQueueEvent'
  | 'ApiKeyEvent'
  | 'WebhookTestEvent'];
export { type ApiClient, type CreateClientOptions, createClient, idempotentCreatePaths } from './create-client.js';
export { ApiError, ApiProblemError, type FetchResult, isProblem, unwrap } from './errors.js';
export { paginate } from './paginate.js';
export type { RetryEvent, RetryOptions } from './retry.js';
