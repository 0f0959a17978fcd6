// The Express app, read top to bottom as a request travels through it.
import express from 'express';
import type { Logger } from 'pino';
import { loadBundle } from '../core/bundle-file';
import type { HandlerRegistry } from '../operations';
import type { Store } from '../store/database';
import { authentication } from './authentication';
import { bodyParser } from './body-parser';
import { idempotency } from './idempotency';
import { operationRoutes, operations } from './operations';
import { problemWriter } from './problem-writer';
import { type RateLimitOptions, rateLimits } from './rate-limit';
import { requestId } from './request-id';
import { requestLog } from './request-log';
import { securityHeaders } from './security-headers';
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
}

export function createApp(options: AppOptions): express.Express {
  const bundle = loadBundle();
  const routes = operationRoutes(bundle);
  const publicPaths = new Set(routes.filter((route) => route.public).map((route) => route.expressPath));

  const limits = rateLimits(options.rateLimit);

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);

  app.use(requestId());
  app.use(securityHeaders());
  app.use(requestLog(options.logger));
  app.use(limits.byClientAddress);
  app.use(authentication(options.store, publicPaths));
  app.use(limits.byApiKey);
  app.use(bodyParser(options.bodyLimit));
  app.use(contractValidation(bundle, { validateResponses: options.validateResponses }));
  app.use(idempotency(routes, options.store));
  app.use(operations(routes, options.handlers, options.store));
  app.use(unknownPath());
  app.use(problemWriter());
  return app;
}
