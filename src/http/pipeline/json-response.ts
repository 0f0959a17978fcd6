// res.json for the service's responses. Express's res.json reads three app settings the service
// never sets (json replacer, spaces, escape), and its res.send then parses the Content-Type it has
// just set to add a charset, copies the text into a Buffer to count its bytes, and checks the
// request's freshness against an ETag and Last-Modified the service never sends (ETags are off).
// Here the text goes to Node as it is: Node counts its bytes into Content-Length and writes headers
// and body together, and leaves the body out of an answer to HEAD, as Express did.
//
// An answer whose JSON text its resource already built (src/core/known-json.ts: a flow, around its
// stored definition) is sent as that text. Where responses are validated (tests, development), the
// text is checked against serialising the answer, so every test of such an answer checks the text.
import type express from 'express';
import type { Response } from 'express';
import { jsonTextOf } from '../../core/known-json';

const JSON_TYPE = 'application/json; charset=utf-8';

function send(response: Response, text: string | undefined): Response {
  if (!response.hasHeader('Content-Type')) response.setHeader('Content-Type', JSON_TYPE);
  if (text === undefined) response.end();
  else response.end(text, 'utf8');
  return response;
}

function json(this: Response, body: unknown): Response {
  return send(this, jsonTextOf(body) ?? JSON.stringify(body));
}

function checkedJson(this: Response, body: unknown): Response {
  const serialised: string | undefined = JSON.stringify(body);
  const known = jsonTextOf(body);
  if (known !== undefined && known !== serialised)
    throw new Error(
      `the JSON text registered for this answer is not its serialisation:\n${known}\nagainst\n${serialised}`,
    );
  return send(this, serialised);
}

/**
 * Gives every response of `app` this res.json (wrappers such as response validation still wrap
 * it); `checkKnownText` where responses are validated.
 */
export function useLeanJson(app: express.Express, options: { checkKnownText: boolean }): void {
  app.response.json = options.checkKnownText ? checkedJson : json;
}
