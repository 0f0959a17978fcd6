import pino, { type Logger } from 'pino';

/** JSON logs, one line per event; credentials never reach a log line. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        '*.apiKey',
        '*.token',
        '*.password',
        '*.secret',
        '*.value',
      ],
      censor: '[redacted]',
    },
  });
}
