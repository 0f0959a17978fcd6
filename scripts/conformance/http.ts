// The conformance checks' HTTP: one request at a time with plain fetch, so a check can send what
// no typed client would (an unknown field, a wrong content type, no key) and read any answer, and
// every failure can name the request it made.

/** What the server answered, with the request that was sent (`POST http://…/v1/projects`). */
export interface Answer {
  request: string;
  status: number;
  headers: Headers;
  /** The body as JSON when it parses, else its text (or undefined when empty). */
  body: unknown;
}

export interface CallOptions {
  /** The API key to send; `null` sends none. Default: the run's key. */
  key?: string | null;
  /** A JSON body. */
  json?: unknown;
  /** A body sent as it is, with `contentType`. */
  raw?: string;
  contentType?: string;
  headers?: Record<string, string>;
  query?: Record<string, string | number>;
}

export type JsonObject = Record<string, unknown>;
export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A field of an answer's body, or undefined. */
export function field(answer: Answer, name: string): unknown {
  return isObject(answer.body) ? answer.body[name] : undefined;
}

/** A string field of an answer's body: the id of what a create made, for example. */
export function stringField(answer: Answer, name: string): string {
  const value = field(answer, name);
  if (typeof value !== 'string')
    throw new Error(
      `${answer.request} answered ${answer.status} without a string ${name}: ${JSON.stringify(answer.body)}`,
    );
  return value;
}

export class Api {
  constructor(
    /** The API's base URL, before `/v1`. */
    readonly base: string,
    readonly key: string,
  ) {}

  /** The same server, called with another key. */
  withKey(key: string): Api {
    return new Api(this.base, key);
  }

  async call(method: string, path: string, options: CallOptions = {}): Promise<Answer> {
    const url = new URL(`${this.base}${path}`);
    for (const [name, value] of Object.entries(options.query ?? {})) url.searchParams.set(name, String(value));
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    const key = options.key === undefined ? this.key : options.key;
    if (key !== null) headers.authorization = `Bearer ${key}`;
    let body: string | undefined;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['content-type'] = 'application/json';
    } else if (options.raw !== undefined) {
      body = options.raw;
      headers['content-type'] = options.contentType ?? 'text/plain';
    }
    const request = `${method} ${url.href}`;
    const response = await fetch(url, { method, headers, ...(body === undefined ? {} : { body }) });
    const text = await response.text();
    let parsed: unknown = text.length === 0 ? undefined : text;
    try {
      if (text.length > 0) parsed = JSON.parse(text);
    } catch {
      // Not JSON: the text is kept for the failure message.
    }
    return { request, status: response.status, headers: response.headers, body: parsed };
  }

  /** A call that must succeed with `status`: what a check needs made before it can check anything. */
  async must(status: number, method: string, path: string, options: CallOptions = {}): Promise<Answer> {
    const answer = await this.call(method, path, options);
    if (answer.status !== status)
      throw new Error(`${answer.request} answered ${answer.status}, not ${status}: ${JSON.stringify(answer.body)}`);
    return answer;
  }

  /** Every item of a list operation, page by page (`next` is the cursor of the next page). */
  async all(path: string, query: Record<string, string | number> = {}): Promise<JsonObject[]> {
    const items: JsonObject[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.must(200, 'GET', path, {
        query: { limit: 100, ...query, ...(cursor ? { cursor } : {}) },
      });
      const data = field(page, 'data');
      if (Array.isArray(data)) items.push(...data.filter(isObject));
      const next = field(page, 'next');
      cursor = typeof next === 'string' ? next : undefined;
    } while (cursor);
    return items;
  }
}
