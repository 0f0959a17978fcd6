// One attempt at a delivery: a signed JSON POST to the endpoint, connected only to an address that
// was checked (resolve, check, then connect to that very address: a DNS answer that changes between
// the check and the connection, DNS rebinding, cannot lead elsewhere), bounded in time by one
// clock started before the lookup (resolving and connecting within the connect timeout, the answer's
// status line within the total one), and reading nothing of the answer but its status line and headers (at
// most 16 KiB of them): a receiver that stalls, dribbles or sends an endless body cannot hold a
// dispatcher beyond its timeout.
import type { ClientRequest, IncomingMessage, RequestOptions } from 'node:http';
import { createRequire } from 'node:module';
import type { LookupFunction } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { type CheckedAddress, hostOf, RefusedAddress, resolvePublic } from '../core/public-address';

// Required, not imported: an ES import of node:http reads every export, and some of them load
// Node's fetch (see src/startup/listen.ts).
const require = createRequire(import.meta.url);
const http = require('node:http') as typeof import('node:http');
const https = require('node:https') as typeof import('node:https');

export interface SendSettings {
  /** From the start of the attempt to the connection being open (TLS included). */
  connectTimeoutMs: number;
  /** From the start of the attempt to the status line and headers of the answer. */
  timeoutMs: number;
  /** Whether loopback and private addresses may be connected to (WEBHOOK_ALLOW_PRIVATE). */
  allowPrivate: boolean;
}

export interface Delivery {
  url: string;
  /** The `webhook-id`: the same on every attempt of the event. */
  webhookId: string;
  /** The JSON body, exactly as signed. */
  payload: string;
  /** The secrets to sign with: the current one first, then the previous one during a rotation. */
  secrets: string[];
}

/** `secret_error`: not sent, as the endpoint's secret could not be opened (set by the dispatcher, never here). */
export type AttemptResult =
  | 'succeeded'
  | 'http_error'
  | 'timeout'
  | 'connection_error'
  | 'refused_address'
  | 'secret_error';

export interface AttemptOutcome {
  result: AttemptResult;
  statusCode: number | null;
  durationMs: number;
  /** For people, on the delivery's attempt list; null when it succeeded. */
  error: string | null;
}

/** The largest answer headers read (Node's default is 16 KiB as well; said here so it stays so). */
const MAX_ANSWER_HEADER_BYTES = 16 * 1024;
const USER_AGENT = 'flow-api-webhooks/1';

/** The signature header: one `v1,…` per secret, by the Standard Webhooks library. */
export function signatureOf(delivery: Delivery, at: Date): string {
  return delivery.secrets.map((secret) => new Webhook(secret).sign(delivery.webhookId, at, delivery.payload)).join(' ');
}

/** A lookup that answers with the address already checked, whatever Node asks for. */
function checkedLookup(checked: CheckedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: checked.address, family: checked.family }]);
    else callback(null, checked.address, checked.family);
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

class TimeoutError extends Error {}

/** Error text for the attempt list: one line, bounded, no control characters. */
function describe(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown }).code;
  const line = `${typeof code === 'string' && !text.includes(code) ? `${code}: ` : ''}${text}`;
  // The contract's pattern for `error` refuses control characters: each becomes a space.
  const printable = [...line].map((character) => (/\p{Cc}/u.test(character) ? ' ' : character)).join('');
  return [...printable].slice(0, 500).join('');
}

/** Sends one attempt; never throws: every failure is an outcome. */
export async function sendAttempt(delivery: Delivery, settings: SendSettings): Promise<AttemptOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const failed = (result: AttemptResult, error: string, statusCode: number | null = null): AttemptOutcome => ({
    result,
    statusCode,
    durationMs: elapsed(),
    error,
  });

  let url: URL;
  try {
    url = new URL(delivery.url);
  } catch {
    return failed('refused_address', 'the URL is not valid');
  }
  if (url.protocol !== 'https:' && !(settings.allowPrivate && url.protocol === 'http:'))
    return failed('refused_address', 'only https URLs are called');

  // One clock for the whole attempt, started before the lookup: resolving and connecting share the
  // connect timeout, and everything up to the answer's status line shares the total timeout.
  const remaining = (limitMs: number) => Math.max(0, limitMs - (performance.now() - started));
  let checked: CheckedAddress;
  try {
    const addresses = await withTimeout(
      resolvePublic(hostOf(url), settings.allowPrivate),
      remaining(Math.min(settings.connectTimeoutMs, settings.timeoutMs)),
      `no address for ${hostOf(url)} within ${settings.connectTimeoutMs} ms`,
    );
    checked = addresses[0] as CheckedAddress;
  } catch (error) {
    if (error instanceof RefusedAddress) return failed('refused_address', `refused: ${error.message}`);
    if (error instanceof TimeoutError) return failed('timeout', error.message);
    return failed('connection_error', describe(error));
  }

  const at = new Date();
  const body = Buffer.from(delivery.payload, 'utf8');
  const options: RequestOptions = {
    method: 'POST',
    agent: false,
    lookup: checkedLookup(checked),
    maxHeaderSize: MAX_ANSWER_HEADER_BYTES,
    headers: {
      'content-type': 'application/json',
      'content-length': String(body.length),
      'user-agent': USER_AGENT,
      'webhook-id': delivery.webhookId,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': signatureOf(delivery, at),
    },
  };

  return new Promise<AttemptOutcome>((resolve) => {
    let settled = false;
    let request: ClientRequest | undefined;
    const timers: NodeJS.Timeout[] = [];
    const settle = (outcome: AttemptOutcome) => {
      if (settled) return;
      settled = true;
      for (const timer of timers) clearTimeout(timer);
      // Nothing more is read: the connection goes, whatever the receiver still sends.
      request?.destroy();
      resolve(outcome);
    };
    const onAnswer = (answer: IncomingMessage) => {
      const status = answer.statusCode ?? 0;
      answer.on('error', () => undefined);
      answer.destroy();
      if (status >= 200 && status < 300)
        settle({ result: 'succeeded', statusCode: status, durationMs: elapsed(), error: null });
      else if (status >= 300 && status < 400) settle(failed('http_error', `redirect (${status}) not followed`, status));
      else settle(failed('http_error', `status ${status}`, status >= 100 && status <= 599 ? status : null));
    };
    request = (url.protocol === 'https:' ? https : http).request(url, options, onAnswer);
    request.on('error', (error) => settle(failed('connection_error', describe(error))));
    timers.push(
      setTimeout(
        () => settle(failed('timeout', `timed out after ${settings.timeoutMs} ms`)),
        remaining(settings.timeoutMs),
      ),
    );
    // What is left of the connect timeout once the lookup took its share.
    const connectTimer = setTimeout(
      () => settle(failed('timeout', `could not resolve and connect within ${settings.connectTimeoutMs} ms`)),
      remaining(settings.connectTimeoutMs),
    );
    timers.push(connectTimer);
    request.on('socket', (socket) => {
      const connectEvent = url.protocol === 'https:' ? 'secureConnect' : 'connect';
      socket.once(connectEvent, () => clearTimeout(connectTimer));
    });
    request.end(body);
  });
}
