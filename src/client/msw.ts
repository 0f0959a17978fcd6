// The MSW helpers in one import, for this repository's own tests and docs. The package keeps them
// apart: `./msw` (msw-handlers.ts) needs msw alone, of either major; `./msw/openapi`
// (msw-openapi.ts) needs openapi-msw, whose 2.x supports msw 2 only.
export * from './msw-handlers.js';
export * from './msw-openapi.js';
