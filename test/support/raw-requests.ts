// Requests sent as they are written, for what the typed client cannot or will not send: malformed
// query strings, bodies outside the contract, no key, a client that is not ours.
export interface RawRequest {
  /** Default GET. */
  method?: string;
  /** Sent as JSON text with `content-type: application/json`; a string is sent as it is. */
  body?: unknown;
  /** Default: the platform's key; null sends no Authorization header. */
  apiKey?: string | null;
  headers?: Record<string, string>;
}

/** Sends `path` (query string included, as written) to the backend under `/api`. */
export function sendRaw(
  backend: { baseUrl: string; apiKey: string },
  path: string,
  request: RawRequest = {},
): Promise<Response> {
  const apiKey = request.apiKey === undefined ? backend.apiKey : request.apiKey;
  const headers: Record<string, string> = {
    ...(apiKey === null ? {} : { authorization: `Bearer ${apiKey}` }),
    ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
    ...request.headers,
  };
  const body =
    request.body === undefined || typeof request.body === 'string' ? request.body : JSON.stringify(request.body);
  return fetch(`${backend.baseUrl}${path}`, { method: request.method ?? 'GET', headers, body });
}
