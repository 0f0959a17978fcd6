// Answers written outside Express, as Problems with an X-Request-Id and the headers of every API
// response (no caching, no MIME sniffing…), then the connection closed:
// - errors Node's HTTP parser raises before Express sees a request (headers too large, a malformed
//   request, a request that took too long), instead of Node's bare status lines;
// - CONNECT, which Node hands to the server's 'connect' listener (and, without one, closes unanswered);
// - at shutdown, the requests a client has not finished sending (src/startup/stop.ts).
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Logger } from 'pino';
import { ApiError } from '../../core/errors';
import { apiSecurityHeaders } from '../pipeline/security-headers';
import { problemOf, statusOf } from './problem';

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
  503: 'Service Unavailable',
};

/**
 * Why a request still arriving at shutdown is answered 503: the server is leaving, not the client
 * late (a 408 would say it was), and 503 is what clients and proxies retry, on another instance.
 */
function shuttingDown(): ApiError {
  return new ApiError(
    'SERVICE_UNAVAILABLE',
    'The service is shutting down and did not take this request; send it again.',
  );
}

function newRequestId(): string {
  return randomUUID().replace(/-/g, '');
}

/** A whole HTTP/1.1 response carrying the problem of `apiError`, closing the connection. */
function rawProblemResponse(apiError: ApiError, instance: string, requestId: string, headers: string): string {
  const status = statusOf(apiError.code);
  const body = JSON.stringify(problemOf(apiError, instance, requestId));
  return (
    `HTTP/1.1 ${status} ${REASONS[status] ?? 'Error'}\r\n` +
    'Content-Type: application/problem+json\r\n' +
    `Content-Length: ${Buffer.byteLength(body)}\r\n` +
    `X-Request-Id: ${requestId}\r\n` +
    headers +
    'Connection: close\r\n\r\n' +
    body
  );
}

function securityHeaderLines(): string {
  return apiSecurityHeaders()
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
}

function apiErrorOf(code: string | undefined): ApiError {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return new ApiError('HEADERS_TOO_LARGE', 'The request line and headers are larger than the server takes.');
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new ApiError('REQUEST_TIMEOUT', 'The request took too long to arrive; send it again, faster.');
    default:
      return new ApiError('VALIDATION', 'The request is not well-formed HTTP/1.1.', {
        issues: [{ location: 'header', pointer: '', message: 'is not well-formed HTTP/1.1' }],
      });
  }
}

/** The path of the request line the parser had read, when it is a sane one; else `/`. */
function instanceOf(rawPacket: unknown): string {
  if (!Buffer.isBuffer(rawPacket)) return '/';
  const target = /^[A-Z]+ (\/[^\s?]{0,512})/.exec(rawPacket.subarray(0, 600).toString('latin1'))?.[1];
  return target && /^[\x21-\x7e]+$/.test(target) ? target : '/';
}

/** The `clientError` listener of the HTTP server. */
export function clientErrorHandler(
  logger: Logger,
): (error: Error & { code?: string; rawPacket?: unknown }, socket: Socket) => void {
  const securityHeaders = securityHeaderLines();
  return (error, socket) => {
    // A connection reset or a socket already answered has nobody left to tell.
    const pending = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || pending?.headersSent) {
      socket.destroy();
      return;
    }
    const apiError = apiErrorOf(error.code);
    const requestId = newRequestId();
    logger.info(
      { requestId, status: statusOf(apiError.code), parserError: error.code },
      'refused a request the HTTP parser could not take',
    );
    socket.end(rawProblemResponse(apiError, instanceOf(error.rawPacket), requestId, securityHeaders));
  };
}

/**
 * The `connect` listener of the HTTP server: a CONNECT (a proxy's tunnel request) is a 405 problem,
 * the connection closed. The API is not a proxy; no path of the contract takes CONNECT.
 */
export function connectHandler(logger: Logger): (req: IncomingMessage, socket: Socket) => void {
  const securityHeaders = securityHeaderLines();
  return (_req, socket) => {
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const requestId = newRequestId();
    logger.info({ requestId, status: 405, method: 'CONNECT' }, 'refused a CONNECT request');
    const apiError = new ApiError('METHOD_NOT_ALLOWED', 'This service is not a proxy: it takes no CONNECT request.');
    socket.end(rawProblemResponse(apiError, '/', requestId, securityHeaders));
  };
}

/**
 * At shutdown: answers a connection whose request line or headers are still arriving (no request
 * object exists yet) with a 503 problem, and closes it once the answer is written.
 */
export function answerUnfinishedHead(socket: Socket, logger: Logger): void {
  const requestId = newRequestId();
  logger.info({ requestId, status: 503 }, 'answered a request still arriving at shutdown');
  socket.end(rawProblemResponse(shuttingDown(), '/', requestId, securityHeaderLines()), () => socket.destroy());
}

/**
 * At shutdown: answers a request whose body is still arriving with a 503 problem and
 * `Connection: close` (Node closes the connection once it is written). The headers the pipeline
 * set already (X-Request-Id, the security headers, the rate limit's) stay; any missing is added.
 * The request log writes its line, as for any response.
 */
export function answerUnfinishedBody(req: IncomingMessage, res: ServerResponse): void {
  for (const [name, value] of apiSecurityHeaders()) if (!res.hasHeader(name)) res.setHeader(name, value);
  const header = res.getHeader('X-Request-Id');
  const requestId = typeof header === 'string' ? header : newRequestId();
  const body = JSON.stringify(problemOf(shuttingDown(), (req.url ?? '/').split('?')[0] ?? '/', requestId));
  res.writeHead(503, {
    'Content-Type': 'application/problem+json',
    'Content-Length': Buffer.byteLength(body),
    'X-Request-Id': requestId,
    Connection: 'close',
  });
  res.end(body);
}
