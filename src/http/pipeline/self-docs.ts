// The running backend documents itself: GET {base}/openapi.json (the contract's bundle) and
// GET {base}/docs (the Redoc page `npm run build` writes to dist/docs/index.html), with no key; `/`
// and the base path send a person to the docs instead of a 401. Infrastructure routes, not
// operations of the contract (openapi/DECISIONS.md says why).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Request, RequestHandler, Response } from 'express';
import { projectRoot } from '../../core/bundle-file';
import type { JsonObject } from '../../core/contract';
import { ApiError } from '../../core/errors';

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

/**
 * GET (and HEAD) of the five paths below; every other request goes on. A lookup rather than an
 * Express Router: a router walks its routes' patterns for every request that passes by, and every
 * request passes by. Paths match as Express matched them: exactly, ignoring case.
 */
export function selfDocs(bundle: JsonObject, basePath: string): RequestHandler {
  const contract = cached(Buffer.from(JSON.stringify(bundle)));
  let docsPage: CachedDocument | undefined;
  const toDocs = (_req: Request, res: Response) => res.redirect(302, `${basePath}/docs`);
  const answers: [string, (req: Request, res: Response) => void][] = [
    [`${basePath}/openapi.json`, (req, res) => send(req, res, contract, 'application/json')],
    [
      `${basePath}/docs`,
      (req, res) => {
        try {
          docsPage ??= cached(readFileSync(docsPagePath));
        } catch {
          throw new ApiError('ROUTE_NOT_FOUND', 'The docs page is not built: run npm run build (or npm run docs).');
        }
        send(req, res, docsPage, 'text/html');
      },
    ],
    ['/', toDocs],
    [basePath, toDocs],
    [`${basePath}/`, toDocs],
  ];
  const byLowerCasePath = new Map(answers.map(([path, answer]) => [path.toLowerCase(), answer]));
  return (req, res, next) => {
    const answer =
      req.method === 'GET' || req.method === 'HEAD' ? byLowerCasePath.get(req.path.toLowerCase()) : undefined;
    if (answer) answer(req, res);
    else next();
  };
}
