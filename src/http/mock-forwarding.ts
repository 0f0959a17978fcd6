// The mock's last step: a request that passed the backend's own checks (authentication format,
// contract validation, body rules) is forwarded to Prism, which makes the response from the
// contract's examples. Prism's answer is passed back as it is, except the headers this front
// owns (X-Request-Id, set by request-id.ts) and the hop-by-hop ones.
import { Agent, type IncomingHttpHeaders, request } from 'node:http';
import express, { type Request, type Response, type Router } from 'express';
import { type OperationRoute, refuseUnexpectedBody } from './operations';

const NOT_FORWARDED = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive']);
const NOT_RETURNED = new Set(['x-request-id', 'connection', 'content-length', 'transfer-encoding', 'keep-alive']);

function forwardedHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !NOT_FORWARDED.has(name)));
}

/** One route per operation (as the backend's), each answered by Prism at `upstream` (an origin). */
export function forwardToPrism(routes: OperationRoute[], upstream: string): Router {
  const target = new URL(upstream);
  // Kept-alive connections: opening one per request would cost more than the forwarding itself.
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const forward = (req: Request, res: Response, next: (error?: unknown) => void): void => {
    // The parsed body is sent again: the body parser has consumed the stream, and the validator
    // has checked exactly this value.
    const body = req.body === undefined ? undefined : Buffer.from(JSON.stringify(req.body));
    const headers = forwardedHeaders(req.headers);
    if (body) headers['content-length'] = String(body.length);
    const outgoing = request(
      { agent, hostname: target.hostname, port: target.port, method: req.method, path: req.originalUrl, headers },
      (answer) => {
        res.status(answer.statusCode ?? 502);
        for (const [name, value] of Object.entries(answer.headers))
          if (value !== undefined && !NOT_RETURNED.has(name)) res.setHeader(name, value);
        answer.pipe(res);
      },
    );
    outgoing.on('error', next);
    outgoing.end(body);
  };
  const router = express.Router();
  for (const route of routes)
    router[route.method](route.expressPath, (req: Request, res: Response, next) => {
      refuseUnexpectedBody(route, req);
      forward(req, res, next);
    });
  return router;
}
