// The Express app, read top to bottom as a request travels through it.
import express from 'express';
import type { Logger } from 'pino';
import { loadBundle } from '../core/bundle-file';
import { basePathOf } from '../core/contract';
import type { HandlerRegistry } from '../operations';
import type { Store } from '../store/database';
import { authentication, keysOfStore } from './authentication';
import { bodyParser } from './body-parser';
import { cors } from './cors';
import { idempotency } from './idempotency';
import { inOrder } from './in-order';
import { inputText } from './input-text';
import { useLeanJson } from './json-response';
import { requestMetrics, type ServiceMetrics } from './metrics';
import { operationRoutes, operations } from './operations';
import { problemWriter } from './problem-writer';
import { parseQuery, queryShape } from './query';
import { type RateLimitOptions, rateLimits } from './rate-limit';
import { requestId } from './request-id';
import { requestLog } from './request-log';
import { securityHeaders } from './security-headers';
import { selfDocs } from './self-docs';
import { unknownPath } from './unknown-path';
import { contractValidation } from './validation';

export interface AppOptions {
  store: Store;
  logger: Logger;
  handlers: HandlerRegistry;
  /** Validate every response against the contract (development and tests). */
  validateResponses: boolean;
  /** Largest accepted body, in bytes. */
  bodyLimit: number;
  /** Requests a minute per API key or client address, and where the counters live. */
  rateLimit: RateLimitOptions;
  /** Browser origins allowed by CORS ('*': any); none when absent. */
  corsOrigins?: '*' | readonly string[];
  /** Where request counts and latencies go (served on METRICS_PORT by server.ts); none when absent. */
  metrics?: ServiceMetrics;
}

export function createApp(options: AppOptions): express.Express {
  const bundle = loadBundle();
  const routes = operationRoutes(bundle);
  const publicPaths = new Set(routes.filter((route) => route.public).map((route) => route.expressPath));

  const limits = rateLimits(options.rateLimit);

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', parseQuery);
  useLeanJson(app);

  app.use(
    inOrder([
      requestId(),
      securityHeaders([`${basePathOf(bundle)}/docs`]),
      requestLog(app, options.logger),
      ...(options.metrics ? [requestMetrics(options.metrics, routes)] : []),
      cors({ origins: options.corsOrigins ?? [], methods: [...new Set(routes.map((route) => route.method))] }),
      limits.byClientAddress,
      selfDocs(bundle, basePathOf(bundle)),
      authentication(keysOfStore(options.store), publicPaths),
      limits.byApiKey,
      bodyParser(options.bodyLimit),
      queryShape(),
      inputText(),
      ...contractValidation(bundle, { validateResponses: options.validateResponses }),
      idempotency(routes, options.store),
      operations(routes, options.handlers, options.store),
      unknownPath(),
    ]),
  );
  app.use(problemWriter());
  return app;
}
