// One request on a connection of its own, closed after the answer. Tests that count every answer
// (a dropped connection being a failure) use it instead of fetch: fetch reuses idle keep-alive
// connections, and one the server closes (KEEP_ALIVE_TIMEOUT_MS) just as it is reused fails with
// ECONNRESET, an HTTP/1.1 race that real clients retry and that says nothing of the service.
import { request } from 'node:http';

export interface FreshAnswer {
  status: number;
  contentType: string;
  text: string;
}

export function requestOnFreshConnection(
  url: string,
  init: { method: string; headers?: Record<string, string>; body?: string },
): Promise<FreshAnswer> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { method: init.method, headers: init.headers ?? {}, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          contentType: response.headers['content-type'] ?? '',
          text: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    sent.on('error', reject);
    sent.end(init.body);
  });
}
