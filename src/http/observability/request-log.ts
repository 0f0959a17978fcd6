// One JSON log line per request, tagged with the request id; never a credential (only the method,
// the URL, the status and the time are written). Written by hand rather than by pino-http, which
// made a child logger and ran the serializers and the redaction paths for every request: a tenth
// of the time of a cheap request went to its log line.
import type { Application, NextFunction, Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { requestIdOf } from '../pipeline/request-id';

/** The service's logger, per app (tests run several apps in one process). */
const loggers = new WeakMap<Application, Logger>();

/** A logger for what goes wrong while serving a request: its lines carry the request's id. */
export function requestLogOf(req: Request): Logger | undefined {
  return loggers.get(req.app)?.child({ req: { id: requestIdOf(req) } });
}

/** The URL as logged: an MCP server's token sent as `?token=` (src/http/pipeline/mcp-endpoint.ts) is left out. */
function loggedUrl(url: string): string {
  return url.includes('token=') ? url.replace(/([?&]token=)[^&#]*/g, '$1[redacted]') : url;
}

export function requestLog(app: Application, logger: Logger): RequestHandler {
  loggers.set(app, logger);
  // The request line holds only the fields written below (no headers, no body): the logger's
  // redaction paths, which cost three times the line itself, need not run over it.
  const lines = logger.child({}, { redact: { paths: [], censor: '' } });
  return (req: Request, res: Response, next: NextFunction) => {
    const started = performance.now();
    const done = (message: string) => {
      const statusCode = res.statusCode;
      const fields = {
        req: { id: requestIdOf(req), method: req.method, url: loggedUrl(req.originalUrl) },
        res: { statusCode },
        responseTime: Math.round(performance.now() - started),
      };
      if (statusCode >= 500) lines.error(fields, message);
      else lines.info(fields, message);
    };
    res.once('finish', () => done('request completed'));
    // A client that goes away before the response is sent: logged too, as pino-http did.
    res.once('close', () => {
      if (!res.writableFinished) done('request aborted');
    });
    next();
  };
}
