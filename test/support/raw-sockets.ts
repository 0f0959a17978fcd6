// Raw TCP connections to the backend, for what no HTTP client does on purpose: hold a connection
// with half a request, choose the local address it comes from, see whether the server closed it.
import { connect, type Socket } from 'node:net';

export interface RawConnection {
  socket: Socket;
  /** Everything the server wrote so far. */
  received(): string;
  /** Resolves, with everything the server wrote, when the connection is closed (by either side). */
  closed: Promise<string>;
  /** Whether the connection is closed. */
  isClosed(): boolean;
}

/**
 * Connects to the backend of `baseUrl` (from `localAddress` when given: any of 127.0.0.0/8 on
 * Linux, which routes all of it to loopback) and writes `text` once connected.
 */
export function openRaw(
  baseUrl: string,
  text: string,
  options: { localAddress?: string } = {},
): Promise<RawConnection> {
  const { port, hostname } = new URL(baseUrl);
  return new Promise<RawConnection>((resolve, reject) => {
    const socket = connect({
      port: Number(port),
      host: hostname,
      ...(options.localAddress ? { localAddress: options.localAddress } : {}),
    });
    let received = '';
    let isClosed = false;
    socket.on('data', (data: Buffer) => {
      received += data.toString('utf8');
    });
    // A reset is a close too; what was received before it is kept.
    socket.on('error', () => undefined);
    const closed = new Promise<string>((done) =>
      socket.once('close', () => {
        isClosed = true;
        done(received);
      }),
    );
    socket.once('connect', () => {
      socket.off('error', reject);
      if (text !== '') socket.write(text);
      resolve({ socket, received: () => received, closed, isClosed: () => isClosed });
    });
    socket.once('error', reject);
  });
}

/** What `promise` resolves to, or a rejection naming `what` after `ms`. */
export function within<T>(ms: number, promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not happen within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The first HTTP response in `text` (a status line, headers, a Content-Length body). */
export function parseResponse(text: string): RawResponse {
  const headEnd = text.indexOf('\r\n\r\n');
  if (headEnd === -1) throw new Error(`no HTTP response in ${JSON.stringify(text.slice(0, 200))}`);
  const [statusLine = '', ...lines] = text.slice(0, headEnd).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = Number(headers['content-length'] ?? '0');
  return { status: Number(statusLine.split(' ')[1]), headers, body: text.slice(headEnd + 4, headEnd + 4 + length) };
}
