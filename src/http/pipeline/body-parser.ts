// JSON bodies only, up to the configured size; anything else is left for the validator to refuse.
// Compressed bodies (`Content-Encoding`) are refused with a 415: inflating them would let a small
// request become a large body, and a corrupt one could only be answered vaguely.
import { isUtf8 } from 'node:buffer';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { ApiError } from '../../core/errors';

/** The body parser's error `type` for bytes that are not UTF-8 (read by error-translation.ts). */
export const NOT_UTF8 = 'entity.not.utf8';

/**
 * Bytes that are not UTF-8 are refused: decoding would turn each into U+FFFD, and the service
 * would store text the client never sent.
 */
function requireUtf8(_req: unknown, _res: unknown, body: Buffer): void {
  if (!isUtf8(body)) throw Object.assign(new Error('The body is not UTF-8.'), { type: NOT_UTF8 });
}

/**
 * A declared Content-Length above the limit is answered 413 at once, from the headers: the body
 * parser would read (and throw away) the whole body first, so a client that declares a large body
 * and sends it slowly, or not at all, waited for REQUEST_TIMEOUT_MS and got a 408. The connection
 * is closed after the answer: the body it would carry is not read.
 */
export function bodyParser(limitBytes: number): RequestHandler {
  const json = express.json({
    limit: limitBytes,
    strict: true,
    type: 'application/json',
    inflate: false,
    verify: requireUtf8,
  });
  return (req: Request, res: Response, next: NextFunction) => {
    // Node's parser has checked it is digits (else a 400); a chunked body is counted by the parser.
    const declared = req.headers['content-length'];
    if (declared !== undefined && Number(declared) > limitBytes) {
      res.setHeader('Connection', 'close');
      throw new ApiError('PAYLOAD_TOO_LARGE', `The body is larger than ${limitBytes} bytes.`);
    }
    return json(req, res, next);
  };
}
