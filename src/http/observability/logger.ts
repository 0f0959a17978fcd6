import pino, { type Logger } from 'pino';

/**
 * JSON logs, one line per event; credentials never reach a log line. Written to stdout
 * asynchronously: a request does not wait for its log line to reach the file or pipe (lines
 * written while one write is in flight go out together); pino flushes what is pending when the
 * process exits. A SIGKILL can lose the last lines, never a response.
 */
export function createLogger(level: string): Logger {
  return pino(
    {
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
    },
    pino.destination({ dest: 1, sync: false }),
  );
}
