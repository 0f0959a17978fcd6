// Free-form JSON a client stores (`metadata`, a template's flow, a connection's secret) is stored as
// it was sent, and read back with every record that holds it: one large value makes every page of
// its list large. Each has a size limit in bytes, which JSON Schema cannot express: the service
// checks it as it serialises the value for storage, and the contract writes it in the field's
// description (openapi/DECISIONS.md, "Sizes").
import { invalidWithIssues, type ValidationIssue } from './errors';

export const KIB = 1024;

/** The largest stored form of each kind of free-form value, in bytes of compact JSON in UTF-8. */
export const FREE_FORM_MAX_BYTES = {
  /** `metadata` of projects, flows, flow templates and app connections. */
  metadata: 64 * KIB,
  /** A flow's definition: a flow template's `template`, a flow version's trigger. */
  flowDefinition: 512 * KIB,
  /** An app connection's secret value. */
  connectionValue: 64 * KIB,
  /** The output of a flow run's steps, as an engine records it (and as its `flow_run.*` event carries it). */
  runSteps: 512 * KIB,
  /** What started a queued run (queueFlowRun's `payload`), handed to the engine that leases it. */
  runPayload: 512 * KIB,
} as const;

/** Where a free-form value came from, for the 400 that refuses it. */
export interface FreeFormField {
  location: ValidationIssue['location'];
  pointer: string;
}

/**
 * The value as stored: its compact JSON text, refused with a 400 naming the field and the limit
 * when that text is more than `maxBytes` bytes in UTF-8.
 */
export function jsonWithin(value: unknown, maxBytes: number, field: FreeFormField): string {
  const text = JSON.stringify(value);
  // UTF-8 takes one to three bytes per UTF-16 unit: a text this short fits without counting.
  if (text.length * 3 <= maxBytes) return text;
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > maxBytes)
    throw invalidWithIssues('request', [
      {
        ...field,
        message: `is ${bytes} bytes as compact JSON in UTF-8; at most ${maxBytes} (${maxBytes / KIB} KiB) are allowed`,
      },
    ]);
  return text;
}
