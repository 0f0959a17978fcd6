// The webhook receiver a conformance run starts for itself: it keeps every delivery and answers
// 200, so the run can check what arrived and how it was signed. The signature is checked here by
// the Standard Webhooks scheme as the contract documents it (HMAC-SHA256 of `id.timestamp.body`
// with the secret after `whsec_`, base64, `v1,` before each signature), written out rather than
// taken from the service's own code, so a bug there cannot hide itself.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Delivery {
  headers: Record<string, string>;
  body: string;
}

export interface RunReceiver {
  /** Where it listens: `http://host:port/conformance`. */
  url: string;
  deliveries: Delivery[];
  /** The first delivery `matches` accepts, waiting up to `timeoutMs`; undefined when none came. */
  waitFor(matches: (delivery: Delivery) => boolean, timeoutMs: number): Promise<Delivery | undefined>;
  close(): Promise<void>;
}

export async function startRunReceiver(host: string, port: number): Promise<RunReceiver> {
  const deliveries: Delivery[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string') headers[name] = value;
      deliveries.push({ headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${shownHost}:${address.port}/conformance`,
    deliveries,
    async waitFor(matches, timeoutMs) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = deliveries.find(matches);
        if (found || Date.now() > until) return found;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Why a delivery's signature does not verify with `secret`, or undefined when it does. */
export function signatureProblem(delivery: Delivery, secret: string, now = Date.now()): string | undefined {
  const id = delivery.headers['webhook-id'];
  const timestamp = delivery.headers['webhook-timestamp'];
  const signatures = delivery.headers['webhook-signature'];
  if (!id || !timestamp || !signatures) return 'webhook-id, webhook-timestamp or webhook-signature is missing';
  if (!/^\d+$/.test(timestamp) || Math.abs(now / 1000 - Number(timestamp)) > 300)
    return `webhook-timestamp ${timestamp} is not within 5 minutes of now`;
  if (!secret.startsWith('whsec_')) return 'the secret does not start with whsec_';
  const expected = createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64'))
    .update(`${id}.${timestamp}.${delivery.body}`)
    .digest();
  const verified = signatures.split(' ').some((signature) => {
    const [version, value] = signature.split(',');
    if (version !== 'v1' || !value) return false;
    const given = Buffer.from(value, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  return verified
    ? undefined
    : `no v1 signature of webhook-signature (${signatures}) verifies with the endpoint's secret`;
}

/** The `type` of a delivery's JSON body. */
export function eventTypeOf(delivery: Delivery): string | undefined {
  try {
    const body: unknown = JSON.parse(delivery.body);
    return typeof body === 'object' && body !== null && 'type' in body && typeof body.type === 'string'
      ? body.type
      : undefined;
  } catch {
    return undefined;
  }
}
