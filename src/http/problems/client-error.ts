// Errors Node's HTTP parser raises before Express sees a request (headers too large, a malformed
// request, a request that took too long) are answered as Problems too, with an X-Request-Id and the
// headers of every API response (no caching, no MIME sniffing…), instead of Node's bare status lines.
import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import type { Logger } from 'pino';
import { ApiError } from '../../core/errors';
import { apiSecurityHeaders } from '../pipeline/security-headers';
import { problemOf, statusOf } from './problem';

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

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
  const securityHeaders = apiSecurityHeaders()
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return (error, socket) => {
    // A connection reset or a socket already answered has nobody left to tell.
    const pending = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || pending?.headersSent) {
      socket.destroy();
      return;
    }
    const apiError = apiErrorOf(error.code);
    const status = statusOf(apiError.code);
    const requestId = randomUUID().replace(/-/g, '');
    const body = JSON.stringify(problemOf(apiError, instanceOf(error.rawPacket), requestId));
    logger.info({ requestId, status, parserError: error.code }, 'refused a request the HTTP parser could not take');
    socket.end(
      `HTTP/1.1 ${status} ${REASONS[status] ?? 'Error'}\r\n` +
        'Content-Type: application/problem+json\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        `X-Request-Id: ${requestId}\r\n` +
        securityHeaders +
        'Connection: close\r\n\r\n' +
        body,
    );
  };
}
