// Typed overrides in openapi-msw's style, for apps on msw 2 (openapi-msw 2 supports msw 2 only):
//
//   const http = createMockHttp('http://localhost:3000/api');
//   server.use(http.get('/v1/flows', ({ response }) => response(200).json({ data: [], next: null, previous: null })));
//
// Kept apart from ./msw-handlers.ts so that the handlers there need nothing but msw, of either major.
import { createOpenApiHttp, type OpenApiHttpHandlers } from 'openapi-msw';
import type { paths } from '../../generated/api.js';

/**
 * The openapi-msw `http` of this contract: paths, parameters, statuses and bodies typed.
 * `baseUrl` is what the client uses, e.g. `http://localhost:3000/api`, or `/api` in a browser.
 */
export function createMockHttp(baseUrl: string): OpenApiHttpHandlers<paths> {
  return createOpenApiHttp<paths>({ baseUrl: baseUrl.replace(/\/+$/, '') });
}
