// JSON bodies only, up to the configured size; anything else is left for the validator to refuse.
// Compressed bodies (`Content-Encoding`) are refused with a 415: inflating them would let a small
// request become a large body, and a corrupt one could only be answered vaguely.
import { isUtf8 } from 'node:buffer';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { ApiError } from '../../core/errors';

/** The body parser's error `type` for bytes that are not UTF-8 (read by error-translation.ts). */
export const NOT_UTF8 = 'entity.not.utf8';

/** Set on a request whose body's strings cannot hold a NUL or a surrogate (see plainBody). */
const PLAIN_BODY = Symbol('plainBody');

/**
 * Whether none of the strings of the request's JSON body can hold a NUL or a surrogate, known from
 * its bytes: it has no `\u` escape, and no four-byte UTF-8 sequence (lead byte F0 to F4), the only
 * UTF-8 that decodes to surrogates (a surrogate's own three bytes are not UTF-8, refused below; a
 * raw NUL is not JSON). Checking every string of the parsed body was most of what a 50 KB body cost
 * src/http/pipeline/input-text.ts, and a few native scans of its bytes tell it for almost every body.
 */
export function plainBody(req: object): boolean {
  return (req as { [PLAIN_BODY]?: boolean })[PLAIN_BODY] === true;
}

const FOUR_BYTE_LEADS = [0xf0, 0xf1, 0xf2, 0xf3, 0xf4];

/** Whether no string of the JSON text in these UTF-8 bytes can hold a NUL or a surrogate (see plainBody). */
export function plainJsonBytes(body: Buffer): boolean {
  return !body.includes('\\u') && !FOUR_BYTE_LEADS.some((lead) => body.includes(lead));
}

/**
 * Bytes that are not UTF-8 are refused: decoding would turn each into U+FFFD, and the service
 * would store text the client never sent.
 */
function requireUtf8(req: object, _res: unknown, body: Buffer): void {
  if (!isUtf8(body)) throw Object.assign(new Error('The body is not UTF-8.'), { type: NOT_UTF8 });
  if (plainJsonBytes(body)) (req as { [PLAIN_BODY]?: boolean })[PLAIN_BODY] = true;
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
