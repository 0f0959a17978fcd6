// res.json for the service's responses. Express's res.json reads three app settings the service
// never sets (json replacer, spaces, escape), and its res.send then parses the Content-Type it has
// just set to add a charset, copies the text into a Buffer to count its bytes, and checks the
// request's freshness against an ETag and Last-Modified the service never sends (ETags are off).
// Here the text goes to Node as it is: Node counts its bytes into Content-Length and writes headers
// and body together, and leaves the body out of an answer to HEAD, as Express did.
import type express from 'express';
import type { Response } from 'express';

const JSON_TYPE = 'application/json; charset=utf-8';

function json(this: Response, body: unknown): Response {
  const text: string | undefined = JSON.stringify(body);
  if (!this.hasHeader('Content-Type')) this.setHeader('Content-Type', JSON_TYPE);
  if (text === undefined) this.end();
  else this.end(text, 'utf8');
  return this;
}

/** Gives every response of `app` this res.json (wrappers such as response validation still wrap it). */
export function useLeanJson(app: express.Express): void {
  app.response.json = json;
}
