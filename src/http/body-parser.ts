// JSON bodies only, up to the configured size; anything else is left for the validator to refuse.
import express, { type RequestHandler } from 'express';

export function bodyParser(limitBytes: number): RequestHandler {
  return express.json({ limit: limitBytes, strict: true, type: 'application/json' });
}
