// At shutdown, a request the client has not finished sending (after a second's grace:
// src/startup/stop.ts) is answered 503 SERVICE_UNAVAILABLE with `Connection: close`, instead of
// holding the stop for the whole SHUTDOWN_TIMEOUT_MS and then being cut without an answer.
//
// The answer is true: no handler has seen such a request. A body reaches its handler only once
// complete: the JSON parser reads it whole first, and a body of any other type, or on an operation
// that takes none, is refused before the handler. So the client may send it again, to another
// instance. A request whose body has arrived is left to finish, and one already answering too.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Logger } from 'pino';
import { answerUnfinishedBody, answerUnfinishedHead } from '../http/problems/client-error';

export interface UnfinishedRequests {
  /**
   * Answers, and closes, every connection whose request is still arriving; closes those that sent
   * nothing. For after `server.close()`, which has closed the idle keep-alive connections already.
   * Calling it again answers only what arrived since.
   */
  answerAll(): void;
}

/** A connection's latest request, until it is answered with its body all read. */
interface LatestRequest {
  req: IncomingMessage;
  res: ServerResponse;
  /** The response has closed (sent, or its connection gone). */
  answered: boolean;
}

/** Follows the server's connections and requests, for `answerAll` at shutdown. */
export function followUnfinishedRequests(server: Server, logger: Logger): UnfinishedRequests {
  const connections = new Set<Socket>();
  // Kept by connection, not in a Map or Set of the requests or responses themselves: with those
  // (old-generation tables of young keys, entered and removed per request) V8 moved ~10 KB of every
  // request to the old generation, 20x as much as without; a create took 2.5x the GC time and the
  // service 20-30 MB more memory (measured in turns under the benchmark's createFlow load).
  const latestOf = new WeakMap<Socket, LatestRequest>();
  server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    const latest: LatestRequest = { req, res, answered: false };
    // Pipelined requests are answered in order: the later one is the one that may still be arriving.
    latestOf.set(socket, latest);
    res.once('close', () => {
      latest.answered = true;
      // One answered before its body had all arrived stays, for answerAll to see it is still arriving.
      if (req.complete && latestOf.get(socket) === latest) latestOf.delete(socket);
    });
  });
  return {
    answerAll() {
      for (const socket of connections) {
        if (socket.destroyed || socket.writableEnded) continue;
        const latest = latestOf.get(socket);
        if (latest && !latest.answered) {
          // Carrying a request: answered here only if its body is still arriving and nothing was sent.
          if (!latest.req.complete && !latest.res.headersSent) answerUnfinishedBody(latest.req, latest.res);
          continue;
        }
        // Neither idle after a response (server.close() closed those) nor carrying a request: it
        // sent nothing yet, or the body of a request answered early (a 415, say) is still arriving,
        // or its next request line and headers are: only that one is owed an answer.
        if (socket.bytesRead === 0 || latest?.req.complete === false) socket.destroy();
        else answerUnfinishedHead(socket, logger);
      }
    },
  };
}
