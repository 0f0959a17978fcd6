// Email addresses as the contract checks them: ajv-formats' full `email` format, and a local part
// of at most 64 characters (RFC 5321, 4.5.3.1.1), which its expression does not bound (it bounds
// the domain's labels only). Registered as the validator's `email` format (src/http/validator/
// validation.ts, and the MSW handlers'), so a value the request validator takes is one this takes,
// and the response validator accepts. `admin@localhost` is not one (no dot in the domain).
import { fullFormats } from 'ajv-formats/dist/formats.js';

const ajvFormatsEmail = fullFormats.email;
/** The expression takes only ASCII before the @: characters are octets there. */
const LOCAL_PART_MAX_LENGTH = 64;

export function isEmail(value: string): boolean {
  if (!(ajvFormatsEmail instanceof RegExp) || !ajvFormatsEmail.test(value)) return false;
  return value.lastIndexOf('@') <= LOCAL_PART_MAX_LENGTH;
}

/** For the validator's `formats` option: replaces ajv-formats' `email` (it adds its own after ajv-formats). */
export const emailFormat = { type: 'string' as const, validate: isEmail };
