// The Express app, read top to bottom as a request travels through it.
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import type { Logger } from 'pino';
import { loadBundle } from '../core/bundle-file';
import { basePathOf } from '../core/contract';
import type { AccessChecks, HandlerRegistry } from '../handler';
import type { Store } from '../store/engine/database';
import { requestMetrics, type ServiceMetrics } from './observability/metrics';
import { requestLog } from './observability/request-log';
import { identification, keysOfStore, publicPathsOf, requireAuthentication } from './pipeline/authentication';
import { bodyParser } from './pipeline/body-parser';
import { cors } from './pipeline/cors';
import { dispatch, operationRoutes } from './pipeline/dispatch';
import { type FlowWebhookOptions, flowWebhookMatcher, flowWebhooks } from './pipeline/flow-webhooks';
import { oneHostHeader } from './pipeline/host-header';
import { idempotency } from './pipeline/idempotency';
import { inOrder } from './pipeline/in-order';
import { inputText } from './pipeline/input-text';
import { useLeanJson } from './pipeline/json-response';
import { legacyImports } from './pipeline/legacy-imports';
import {
  mcpAccessOf,
  mcpEndpoint,
  mcpEndpointMatcher,
  mcpErrors,
  mcpIdentification,
  requireMcpToken,
} from './pipeline/mcp-endpoint';
import { parseQuery, queryShape } from './pipeline/query';
import { type RateLimitOptions, rateLimits } from './pipeline/rate-limit';
import { requestId } from './pipeline/request-id';
import { securityHeaders } from './pipeline/security-headers';
import { selfDocs } from './pipeline/self-docs';
import { problemWriter } from './problems/problem-writer';
import { unknownPath } from './problems/unknown-path';
import { contractValidation } from './validator/validation';

/** Steps an entry point adds to the pipeline (the sandbox's sessions, src/sandbox/); none for `npm start`. */
export interface PipelineExtensions {
  /** After CORS, before the API key is checked: endpoints of its own, or the choice of the request's store. */
  beforeIdentification?: readonly RequestHandler[];
  /** Once the request is valid and its operation known, before idempotency and the handler. */
  afterValidation?: readonly RequestHandler[];
  /** Error handlers before the problem writer: a failure of its own turned into an ApiError. */
  errors?: readonly ErrorRequestHandler[];
  /** A run a flow's webhook or an MCP tool call queued in `store`: the sandbox's engine takes it at once. */
  flowWebhookRunQueued?: FlowWebhookOptions['runQueued'];
}

export interface AppOptions {
  store: Store;
  logger: Logger;
  handlers: HandlerRegistry;
  /** Who may make each idempotent create, checked before its idempotency record is looked up. */
  access: AccessChecks;
  /** Validate every response against the contract (development and tests). */
  validateResponses: boolean;
  /** Largest accepted body, in bytes. */
  bodyLimit: number;
  /** Requests a minute per API key or client address, and where the counters live. */
  rateLimit: RateLimitOptions;
  /**
   * The proxies whose X-Forwarded-For gives the client's address (TRUST_PROXY), as Express's
   * `trust proxy` takes them: how many hops, or their addresses and subnets; false or absent: none.
   */
  trustProxy?: false | number | readonly string[];
  /** How long a caller of a flow's webhook `/sync` waits for the run's answer (WEBHOOK_SYNC_TIMEOUT_SECONDS); 30 s when absent. */
  webhookSyncTimeoutMs?: number;
  /** Leases a queued run may lose before it ends INTERNAL_ERROR (RUN_MAX_ATTEMPTS); 3 when absent. */
  runMaxAttempts?: number;
  /** How long an MCP tool call waits for its run's response (MCP_TOOL_CALL_TIMEOUT_SECONDS); 300 s when absent. */
  mcpToolCallTimeoutMs?: number;
  /** Browser origins allowed by CORS ('*': any); none when absent. */
  corsOrigins?: '*' | readonly string[];
  /** The host names the Host header may give (the sandbox on loopback); any when absent. */
  hostNames?: readonly string[];
  /** Where request counts and latencies go (served on METRICS_PORT by server.ts); none when absent. */
  metrics?: ServiceMetrics;
  extensions?: PipelineExtensions;
}

export function createApp(options: AppOptions): express.Express {
  const bundle = loadBundle();
  const routes = operationRoutes(bundle);
  const publicPaths = publicPathsOf(routes);

  const flowWebhookOf = flowWebhookMatcher(basePathOf(bundle));
  const callsFlowWebhook = (req: express.Request) => flowWebhookOf(req) !== undefined;
  const mcpServerOf = mcpEndpointMatcher(basePathOf(bundle));

  const trustProxy = options.trustProxy ?? false;
  const limits = rateLimits(options.rateLimit, {
    logger: options.logger,
    metrics: options.metrics,
    behindProxy: trustProxy !== false,
    flowWebhookOf,
    mcpTokenOf: (req) => mcpAccessOf(req)?.tokenDigest,
  });

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', trustProxy);
  app.set('etag', false);
  app.set('query parser', parseQuery);
  useLeanJson(app, { checkKnownText: options.validateResponses });

  app.use(
    inOrder([
      requestId(),
      securityHeaders([`${basePathOf(bundle)}/docs`]),
      requestLog(app, options.logger),
      ...(options.metrics ? [requestMetrics(options.metrics, routes)] : []),
      oneHostHeader(options.hostNames),
      cors({ origins: options.corsOrigins ?? [], methods: [...new Set(routes.map((route) => route.method))] }),
      ...(options.extensions?.beforeIdentification ?? []),
      // Who the key is first, so that a valid key spends its own budget and only that.
      identification(keysOfStore(options.store), publicPaths),
      mcpIdentification(options.store, mcpServerOf),
      limits,
      selfDocs(bundle, basePathOf(bundle)),
      requireAuthentication(publicPaths),
      requireMcpToken(mcpServerOf),
      bodyParser(options.bodyLimit, callsFlowWebhook),
      queryShape(callsFlowWebhook),
      inputText(),
      legacyImports(basePathOf(bundle)),
      ...contractValidation(bundle, { validateResponses: options.validateResponses }),
      ...(options.extensions?.afterValidation ?? []),
      flowWebhooks(options.store, {
        syncTimeoutMs: options.webhookSyncTimeoutMs ?? 30_000,
        ...(options.extensions?.flowWebhookRunQueued ? { runQueued: options.extensions.flowWebhookRunQueued } : {}),
      }),
      mcpEndpoint(options.store, {
        timeoutMs: options.mcpToolCallTimeoutMs ?? 300_000,
        runQueued: options.extensions?.flowWebhookRunQueued,
      }),
      idempotency(routes, options.store, options.access),
      dispatch(routes, options.handlers, options.store, options.runMaxAttempts ?? 3, (read) => {
        // The one trace of a credential leaving the service: which key took which connection's value.
        options.logger.info({ valueRead: read }, 'app connection value read');
        options.metrics?.connectionValueReads.inc();
      }),
      unknownPath(),
    ]),
  );
  for (const handler of options.extensions?.errors ?? []) app.use(handler);
  app.use(mcpErrors(mcpServerOf));
  app.use(problemWriter());
  return app;
}
