// Where responses are validated (development, tests, CI), express-openapi-validator redid, for
// every response, work whose answer depends only on a short piece of text:
// - it parsed the request's Content-Type (a regular expression per parameter, a split, a sort) to
//   build the key of the operation's validators;
// - it parsed the response's media type twice (content-type, then media-typer) to learn that
//   `application/json` is JSON, and the operation's media types again to pick one of them;
// - Ajv counted the characters of every string with a `minLength` or `maxLength` one code unit at a
//   time, to find surrogate pairs that almost no text has (an id is counted twice: min and max).
// Each answer is now kept per text, or found without a scan: a string without a high surrogate has
// as many characters as code units. The results are the validator's own, in every case; the
// response validator's checks are unchanged. (A page of flow runs spent a fifth of its validation
// time on these.)
import { createRequire } from 'node:module';

interface CodePointCounter {
  (text: string): number;
  /** What Ajv writes into standalone code to import the counter. */
  code: string;
}

interface Ucs2LengthModule {
  default: CodePointCounter;
  __shipped?: CodePointCounter;
}

interface ContentTypeClass {
  from(req: { headers: Record<string, unknown> }): { normalize(): string | undefined };
}

export interface ResponseValidatorPrototype {
  _getOrBuildValidator(req: OpenApiRequest, responses: unknown): unknown;
  canValidateContentType(contentType: string): boolean;
  buildValidators(responses: unknown, key: string): unknown;
  validatorsCache: Record<string, unknown>;
}

interface OpenApiRequest {
  method: string;
  headers: Record<string, unknown>;
  openapi: { expressRoute: string };
}

interface ResponseValidatorModule {
  ResponseValidator: { prototype: ResponseValidatorPrototype };
  __shipped?: Pick<ResponseValidatorPrototype, '_getOrBuildValidator' | 'canValidateContentType'>;
}

const requireFromValidator = createRequire(createRequire(import.meta.url).resolve('express-openapi-validator'));

/** Ajv's character counter, in the copy of Ajv the validator compiles with. */
export const validatorUcs2Length = requireFromValidator('ajv/dist/runtime/ucs2length') as Ucs2LengthModule;

export const validatorResponseValidator = requireFromValidator(
  'express-openapi-validator/dist/middlewares/openapi.response.validator',
) as ResponseValidatorModule;

type FindResponseContent = (accepts: string[], expectedTypes: string[]) => string | undefined;

interface ValidatorUtilModule {
  ContentType: ContentTypeClass;
  /** Looked up on the module at each call: which of a response's content types applies. */
  findResponseContent: FindResponseContent;
  __shipped?: FindResponseContent;
}

export const validatorUtil = requireFromValidator(
  'express-openapi-validator/dist/middlewares/util',
) as ValidatorUtilModule;
const validatorContentType = validatorUtil.ContentType;

/** Distinct texts remembered per question: a client can send any Content-Type; past this, answers are computed. */
const MAX_REMEMBERED = 256;

/** `answer`, kept per question: the text that names its arguments exactly. */
function remembered<Args extends unknown[], Answer>(
  questionOf: (...args: Args) => string,
  answer: (...args: Args) => Answer,
): (...args: Args) => Answer {
  const answers = new Map<string, Answer>();
  return (...args) => {
    const question = questionOf(...args);
    if (answers.has(question)) return answers.get(question) as Answer;
    const computed = answer(...args);
    if (answers.size < MAX_REMEMBERED) answers.set(question, computed);
    return computed;
  };
}

const itself = (text: string) => text;

const HIGH_SURROGATE = /[\ud800-\udbff]/;

/**
 * Ajv's count of characters (code points; a lone surrogate counts as one), without a scan in JavaScript
 * when the text has no high surrogate: then every code unit is one character.
 */
export function codePointLength(counter: (text: string) => number): (text: string) => number {
  return (text) => (HIGH_SURROGATE.test(text) ? counter(text) : text.length);
}

/** Ajv looks its counter up on the module as it compiles a length check: set before any compile. */
export function countCharactersWithoutScanning(): void {
  if (validatorUcs2Length.__shipped) return;
  const shipped = validatorUcs2Length.default;
  const counter = codePointLength(shipped) as CodePointCounter;
  // Standalone code still imports Ajv's own counter: it gives the same counts.
  counter.code = shipped.code;
  validatorUcs2Length.__shipped = shipped;
  validatorUcs2Length.default = counter;
}

export function rememberResponseContentTypes(): void {
  if (validatorResponseValidator.__shipped) return;
  const prototype = validatorResponseValidator.ResponseValidator.prototype;
  const shipped = {
    _getOrBuildValidator: prototype._getOrBuildValidator,
    canValidateContentType: prototype.canValidateContentType,
  };
  validatorResponseValidator.__shipped = shipped;

  // The validator's own key: method, route and the request's normalized Content-Type.
  const normalizedContentType = remembered(
    itself,
    (header: string) =>
      validatorContentType.from({ headers: { 'content-type': header } }).normalize() ?? 'not_provided',
  );
  prototype._getOrBuildValidator = function getOrBuildValidator(req, responses) {
    const header = req.headers['content-type'];
    const contentType =
      header === undefined
        ? 'not_provided'
        : typeof header === 'string'
          ? normalizedContentType(header)
          : (validatorContentType.from(req).normalize() ?? 'not_provided');
    const key = `${req.method}-${req.openapi.expressRoute}-${contentType}`;
    let validators = this.validatorsCache[key];
    if (!validators) {
      validators = this.buildValidators(responses, key);
      this.validatorsCache[key] = validators;
    }
    return validators;
  };

  // Header values hold neither NUL nor a line break: the joined texts name the question exactly.
  const shippedFind = validatorUtil.findResponseContent;
  validatorUtil.__shipped = shippedFind;
  validatorUtil.findResponseContent = remembered(
    (accepts: string[], expectedTypes: string[]) => `${accepts.join('\n')}\u0000${expectedTypes.join('\n')}`,
    shippedFind,
  );

  // A media type that does not parse throws, as before, and is not remembered.
  prototype.canValidateContentType = remembered(itself, (contentType: string) =>
    shipped.canValidateContentType.call(prototype, contentType),
  );
}
