// The mock (npm run mock): the backend's own request pipeline, so an invalid request gets the very
// problem the backend would give, and Prism (`respond`) only makes the responses to valid
// requests. Read top to bottom as a request travels through it; compare with app.ts.
import express, { type RequestHandler } from 'express';
import { loadBundle } from '../../core/bundle-file';
import { authentication, publicPathsOf, wellFormedKeys } from '../pipeline/authentication';
import { bodyParser } from '../pipeline/body-parser';
import { operationRoutes } from '../pipeline/dispatch';
import { requestId } from '../pipeline/request-id';
import { problemWriter } from '../problems/problem-writer';
import { unknownPath } from '../problems/unknown-path';
import { contractValidation } from '../validator/validation';
import { answeredBy } from './mock-responses';
import { openCors } from './open-cors';

export interface MockAppOptions {
  /** Answers a valid request (Prism's mocker: scripts/prism-responder.ts). */
  respond: RequestHandler;
  /** Largest accepted body, in bytes (as the backend's). */
  bodyLimit: number;
}

export function createMockApp(options: MockAppOptions): express.Express {
  const bundle = loadBundle();
  const routes = operationRoutes(bundle);
  const publicPaths = publicPathsOf(routes);

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);

  app.use(requestId());
  app.use(openCors());
  app.use(authentication(wellFormedKeys(), publicPaths));
  app.use(bodyParser(options.bodyLimit));
  app.use(contractValidation(bundle, { validateResponses: false }));
  app.use(answeredBy(routes, options.respond));
  app.use(unknownPath());
  app.use(problemWriter());
  return app;
}
