// A webhook receiver for the tests: an HTTP server on the loopback interface that keeps every
// request it gets and answers as the test says (a status, a stall, a redirect, an endless body).
// Signatures are checked by the Standard Webhooks library, as a user's receiver would.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import type { WebhookEventPayload } from '../../src/client';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
  receivedAt: number;
}

/** How the receiver answers a request: a status, or anything written by hand. */
export type Answer = number | ((request: IncomingMessage, response: ServerResponse) => void);

export interface Receiver {
  /** The receiver's URL (`http://127.0.0.1:<port>/hooks`). */
  url: string;
  received: ReceivedRequest[];
  /** How every next request is answered (200 unless set); only those to `path` when it is given. */
  answerWith(answer: Answer, path?: string): void;
  /** The requests received so far whose body has this event type. */
  eventsOf(type: string): ReceivedRequest[];
  /**
   * The most requests that were open at once (arrived, not yet answered or given up by the
   * sender), to `path` alone when given: how many attempts a dispatcher had in flight here.
   */
  peakOpen(path?: string): number;
  /** Starts the peaks afresh, from the requests open now. */
  resetPeaks(): void;
  /** Waits until `predicate` holds for the requests received, at most `timeoutMs`. */
  waitFor(predicate: (received: ReceivedRequest[]) => boolean, timeoutMs?: number): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: ReceivedRequest[] = [];
  let answer: Answer = 200;
  const answerByPath = new Map<string, Answer>();
  const sockets = new Set<import('node:net').Socket>();
  const open = new Map<string, number>();
  const peaks = new Map<string, number>();
  const ALL = '\u0000all';
  const opened = (key: string) => {
    const count = (open.get(key) ?? 0) + 1;
    open.set(key, count);
    peaks.set(key, Math.max(peaks.get(key) ?? 0, count));
  };
  const server = createServer((request, response) => {
    const path = request.url ?? '';
    opened(path);
    opened(ALL);
    response.on('close', () => {
      open.set(path, (open.get(path) ?? 1) - 1);
      open.set(ALL, (open.get(ALL) ?? 1) - 1);
    });
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string') headers[name] = value;
      received.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers,
        body: Buffer.concat(chunks).toString('utf8'),
        receivedAt: Date.now(),
      });
      const chosen = answerByPath.get(request.url ?? '') ?? answer;
      if (typeof chosen === 'number') response.writeHead(chosen, { 'content-type': 'text/plain' }).end('ok');
      else chosen(request, response);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const eventsOf = (type: string) => received.filter((request) => parse(request).type === type);
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    answerWith(next, path) {
      if (path === undefined) answer = next;
      else answerByPath.set(path, next);
    },
    eventsOf,
    peakOpen: (path) => peaks.get(path ?? ALL) ?? 0,
    resetPeaks() {
      peaks.clear();
      for (const [key, count] of open) peaks.set(key, count);
    },
    async waitFor(predicate, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(received)) {
        if (Date.now() > deadline)
          throw new Error(
            `the receiver's ${received.length} requests never matched: ${received.map((r) => parse(r).type).join(', ')}`,
          );
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return received;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The event a request carries. */
export function parse(request: ReceivedRequest): WebhookEventPayload {
  return JSON.parse(request.body) as WebhookEventPayload;
}

/** The event, once the Standard Webhooks library has verified its signature with `secret` (else it throws). */
export function verified(request: ReceivedRequest, secret: string): WebhookEventPayload {
  return new Webhook(secret).verify(request.body, request.headers) as WebhookEventPayload;
}

/** The data of the event of `type` about the record `id`, once the receiver got it. */
export async function eventDataOf(receiver: Receiver, type: string, id: string): Promise<unknown> {
  const matches = (request: ReceivedRequest) => {
    const event = parse(request);
    return event.type === type && (event.data as { id?: string }).id === id;
  };
  const found = (await receiver.waitFor((requests) => requests.some(matches))).find(matches);
  if (!found) throw new Error(`no ${type} event of ${id}`);
  return parse(found).data;
}
