// JSON bodies only, up to the configured size; anything else is left for the validator to refuse.
// Compressed bodies (`Content-Encoding`) are refused with a 415: inflating them would let a small
// request become a large body, and a corrupt one could only be answered vaguely.
import express, { type RequestHandler } from 'express';

export function bodyParser(limitBytes: number): RequestHandler {
  return express.json({ limit: limitBytes, strict: true, type: 'application/json', inflate: false });
}
