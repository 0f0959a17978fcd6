// The running backend documents itself: GET {base}/openapi.json (the contract's bundle) and
// GET {base}/docs (the Redoc page `npm run build` writes to dist/docs/index.html), with no key; `/`
// and the base path send a person to the docs instead of a 401. Infrastructure routes, not
// operations of the contract (openapi/DECISIONS.md says why).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import express, { type Request, type Response, type Router } from 'express';
import { projectRoot } from '../core/bundle-file';
import type { JsonObject } from '../core/contract';
import { ApiError } from '../core/errors';

/** Where `npm run build` (and `npm run docs`) writes the Redoc page. */
export const docsPagePath = join(projectRoot, 'dist', 'docs', 'index.html');

interface CachedDocument {
  body: Buffer;
  etag: string;
}

function cached(body: Buffer): CachedDocument {
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
}

/** Sends a document with its ETag; a matching If-None-Match gets a 304 and no body. */
function send(req: Request, res: Response, document: CachedDocument, contentType: string): void {
  res.setHeader('ETag', document.etag);
  // Revalidate after five minutes: a redeploy changes the document and so its ETag.
  res.setHeader('Cache-Control', 'public, max-age=300');
  const match = req.get('if-none-match');
  if (match?.split(',').some((tag) => tag.trim() === document.etag)) {
    res.status(304).end();
    return;
  }
  res.type(contentType).send(document.body);
}

export function selfDocs(bundle: JsonObject, basePath: string): Router {
  const contract = cached(Buffer.from(JSON.stringify(bundle)));
  let docsPage: CachedDocument | undefined;
  const router = express.Router({ strict: true });
  router.get(`${basePath}/openapi.json`, (req, res) => send(req, res, contract, 'application/json'));
  router.get(`${basePath}/docs`, (req, res) => {
    try {
      docsPage ??= cached(readFileSync(docsPagePath));
    } catch {
      throw new ApiError('ENTITY_NOT_FOUND', 'The docs page is not built: run npm run build (or npm run docs).', {
        params: { entityType: 'route' },
      });
    }
    send(req, res, docsPage, 'text/html');
  });
  const toDocs = (_req: Request, res: Response) => res.redirect(302, `${basePath}/docs`);
  router.get('/', toDocs);
  router.get(basePath, toDocs);
  router.get(`${basePath}/`, toDocs);
  return router;
}
