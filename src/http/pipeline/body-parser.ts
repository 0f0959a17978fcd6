// JSON bodies only, up to the configured size; anything else is left for the validator to refuse.
// Compressed bodies (`Content-Encoding`) are refused with a 415: inflating them would let a small
// request become a large body, and a corrupt one could only be answered vaguely. A body of more
// than MAX_BODY_VALUES values is refused with a 413 before it is parsed: what a body costs grows
// with its values, and bytes alone let 470 KB of empty objects hold the event loop for seconds.
import { isUtf8 } from 'node:buffer';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { ApiError } from '../../core/errors';
import { type JsonShape, jsonShapeOf } from '../../core/json-shape';
import { type ParsedQuery, parseQuery, queryPairs } from './query';

/** The body parser's error `type` for bytes that are not UTF-8 (read by error-translation.ts). */
export const NOT_UTF8 = 'entity.not.utf8';

/**
 * The most values (objects, arrays, strings, numbers, booleans and nulls, and members' names) a
 * JSON body may hold. A flow definition at its 512 KiB limit, as dense as real ones (the builders'
 * bodies of test/corpus/activepieces-builder take 6.9 to 16 bytes of compact JSON a value), holds
 * 33,000 to 76,000; a body of any request schema at its limits at most 12,000. Only free-form data
 * denser than 5.2 bytes a value (a run's steps of 512 KiB of small numbers) reaches it before its
 * limit in bytes. The costliest body within it holds the event loop for the budget
 * docs/operating.md states (openapi/DECISIONS.md, Sizes, says why).
 */
export const MAX_BODY_VALUES = 100_000;

/** Set on a request whose body's strings cannot hold a NUL or a surrogate (see plainBody). */
const PLAIN_BODY = Symbol('plainBody');
/** The shape of the request's JSON body, read from its bytes before the parse (see bodyShape). */
const BODY_SHAPE = Symbol('bodyShape');

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
 * The number of values and the depth of the request's JSON body, read from its bytes by the body
 * parser; undefined when the body was not parsed by it. src/http/pipeline/input-text.ts reads the
 * depth from it rather than walking the parsed body.
 */
export function bodyShape(req: object): JsonShape | undefined {
  return (req as { [BODY_SHAPE]?: JsonShape })[BODY_SHAPE];
}

/**
 * Bytes that are not UTF-8 are refused: decoding would turn each into U+FFFD, and the service
 * would store text the client never sent. A body of too many values is refused before the parse,
 * which would cost most of what it is refused for.
 */
function checkBytes(req: object, _res: unknown, body: Buffer): void {
  if (!isUtf8(body)) throw Object.assign(new Error('The body is not UTF-8.'), { type: NOT_UTF8 });
  const shape = jsonShapeOf(body);
  if (shape.values > MAX_BODY_VALUES)
    throw new ApiError(
      'PAYLOAD_TOO_LARGE',
      `The body holds ${shape.values} JSON values (objects, arrays, strings, numbers, booleans and nulls, a member's name counting as one); at most ${MAX_BODY_VALUES} are allowed.`,
    );
  (req as { [BODY_SHAPE]?: JsonShape })[BODY_SHAPE] = shape;
  if (plainJsonBytes(body)) (req as { [PLAIN_BODY]?: boolean })[PLAIN_BODY] = true;
}

/**
 * A declared Content-Length above the limit is answered 413 at once, from the headers: the body
 * parser would read (and throw away) the whole body first, so a client that declares a large body
 * and sends it slowly, or not at all, waited for REQUEST_TIMEOUT_MS and got a 408. The connection
 * is closed after the answer: the body it would carry is not read.
 */
export function bodyParser(limitBytes: number, isFlowWebhook: (req: Request) => boolean = () => false): RequestHandler {
  const json = express.json({
    limit: limitBytes,
    strict: true,
    type: 'application/json',
    inflate: false,
    verify: checkBytes,
  });
  // What else other systems send a flow's webhook: forms, text and XML, read as text; a form's
  // pairs are then read as a query string is (./query.ts), so both mean the same to a flow.
  const text = express.text({
    limit: limitBytes,
    type: [FORM, 'text/*', 'application/xml'],
    inflate: false,
    defaultCharset: 'utf-8',
  });
  return (req: Request, res: Response, next: NextFunction) => {
    // Node's parser has checked it is digits (else a 400); a chunked body is counted by the parser.
    const declared = req.headers['content-length'];
    if (declared !== undefined && Number(declared) > limitBytes) {
      res.setHeader('Connection', 'close');
      throw new ApiError('PAYLOAD_TOO_LARGE', `The body is larger than ${limitBytes} bytes.`);
    }
    if (!isFlowWebhook(req)) return json(req, res, next);
    return json(req, res, (error?: unknown) => {
      if (error !== undefined) return next(error);
      text(req, res, (textError?: unknown) => {
        if (textError === undefined && typeof req.body === 'string' && req.is(FORM) !== false)
          req.body = formOf(req.body);
        next(textError);
      });
    });
  };
}

const FORM = 'application/x-www-form-urlencoded';

/** A form's fields, each once or with every value when repeated; more pairs than a body's values are a 413. */
function formOf(body: string): ParsedQuery {
  const pairs = queryPairs(body);
  if (pairs.length > MAX_BODY_VALUES)
    throw new ApiError(
      'PAYLOAD_TOO_LARGE',
      `The form holds ${pairs.length} fields; at most ${MAX_BODY_VALUES} are allowed.`,
    );
  return parseQuery(body);
}
