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

/** Follows the server's connections and requests, for `answerAll` at shutdown. */
export function followUnfinishedRequests(server: Server, logger: Logger): UnfinishedRequests {
  const connections = new Set<Socket>();
  const requests = new Map<ServerResponse, IncomingMessage>();
  const latestRequestOf = new WeakMap<Socket, IncomingMessage>();
  server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    requests.set(res, req);
    latestRequestOf.set(req.socket, req);
    res.once('close', () => requests.delete(res));
  });
  return {
    answerAll() {
      const carryingRequests = new Set<Socket>();
      for (const [res, req] of requests) {
        carryingRequests.add(req.socket);
        if (!req.complete && !res.headersSent) answerUnfinishedBody(req, res);
      }
      for (const socket of connections) {
        if (carryingRequests.has(socket) || socket.destroyed || socket.writableEnded) continue;
        // Neither idle after a response (server.close() closed those) nor carrying a request: it
        // sent nothing yet, or the body of a request answered early (a 415, say) is still arriving,
        // or its next request line and headers are: only that one is owed an answer.
        if (socket.bytesRead === 0 || latestRequestOf.get(socket)?.complete === false) socket.destroy();
        else answerUnfinishedHead(socket, logger);
      }
    },
  };
}
