// Email addresses as the contract checks them: `format: email` is validated by ajv-formats' full
// format (the one express-openapi-validator uses), so a value this accepts is one the response
// validator accepts. `admin@localhost` is not (no dot in the domain).
import { fullFormats } from 'ajv-formats/dist/formats.js';

const emailFormat = fullFormats.email;

export function isEmail(value: string): boolean {
  return emailFormat instanceof RegExp ? emailFormat.test(value) : false;
}
