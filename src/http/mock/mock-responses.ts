// The mock's last step: a request that passed the backend's own checks (authentication format,
// contract validation, body rules) is answered by `respond` (Prism, in scripts/prism-responder.ts),
// which makes the response from the contract's examples. One route per operation, as the backend's.
import express, { type RequestHandler, type Router } from 'express';
import { type OperationRoute, refuseUnexpectedBody } from '../pipeline/dispatch';

export function answeredBy(routes: OperationRoute[], respond: RequestHandler): Router {
  const router = express.Router();
  for (const route of routes)
    router[route.method](route.expressPath, (req, res, next) => {
      refuseUnexpectedBody(route, req);
      return respond(req, res, next);
    });
  return router;
}
