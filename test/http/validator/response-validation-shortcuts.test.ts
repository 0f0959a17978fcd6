// The validator's answers kept per text, and Ajv's character count without a scan
// (src/http/validator/response-validation-shortcuts.ts), give what the validator's own code gives.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import {
  codePointLength,
  countCharactersWithoutScanning,
  type ResponseValidatorPrototype,
  rememberResponseContentTypes,
  validatorResponseValidator,
  validatorUcs2Length,
  validatorUtil,
} from '../../../src/http/validator/response-validation-shortcuts';

const requireFromValidator = createRequire(createRequire(import.meta.url).resolve('express-openapi-validator'));
const Ajv2020 = (requireFromValidator('ajv/dist/2020') as { default: new (options?: object) => AjvInstance }).default;
interface AjvInstance {
  compile(schema: object): (data: unknown) => boolean;
}

countCharactersWithoutScanning();
rememberResponseContentTypes();

const TEXTS = [
  '',
  'tDVKg7394Qn7RoH23PSVU',
  '2026-11-21T09:33:30.123Z',
  'é à ü ß ñ',
  '日本語のテキスト',
  '😀',
  'a😀b😀c',
  '\ud83d', // a lone high surrogate at the end
  '\ud83dx', // a high surrogate before a character that is not a low one
  '\ude00', // a lone low surrogate
  '\ude00\ud83d',
  'x\ud83d\ud83d\ude00',
  '\u{10ffff}\u{10000}',
];

describe("Ajv's character count", () => {
  const shipped = validatorUcs2Length.__shipped;

  it('replaces the counter Ajv compiles length checks with, keeping its standalone import', () => {
    expect(shipped).toBeTypeOf('function');
    expect(validatorUcs2Length.default).not.toBe(shipped);
    expect(validatorUcs2Length.default.code).toBe(shipped?.code);
  });

  it.each(TEXTS.map((text) => [JSON.stringify(text), text]))('counts %s as Ajv does', (_label, text) => {
    expect(validatorUcs2Length.default(text)).toBe(shipped?.(text));
    expect(codePointLength((value) => [...value].length)(text)).toBe(shipped?.(text));
  });

  it('still counts characters, not code units, in compiled length checks', () => {
    const validate = new Ajv2020().compile({ type: 'string', minLength: 2, maxLength: 2 });
    expect(validate('😀😀')).toBe(true); // four code units, two characters
    expect(validate('😀😀😀')).toBe(false);
    expect(validate('😀')).toBe(false);
    expect(validate('ab')).toBe(true);
    expect(validate('abc')).toBe(false);
  });
});

describe("the response validator's content types", () => {
  const prototype = validatorResponseValidator.ResponseValidator.prototype;
  const shipped = validatorResponseValidator.__shipped as Pick<
    ResponseValidatorPrototype,
    '_getOrBuildValidator' | 'canValidateContentType'
  >;

  it.each([
    'application/json',
    'application/json; charset=utf-8',
    'application/problem+json',
    'application/vnd.api+json; charset=utf-8',
    'text/html',
    'text/plain; charset=utf-8',
  ])('tell whether %s can be validated as the validator does', (contentType) => {
    const expected = shipped.canValidateContentType.call(prototype, contentType);
    expect(prototype.canValidateContentType(contentType)).toBe(expected);
    expect(prototype.canValidateContentType(contentType)).toBe(expected);
  });

  it.each(['not a type', '*/*'])('throw on a media type that does not parse (%s), every time', (contentType) => {
    expect(() => shipped.canValidateContentType.call(prototype, contentType)).toThrow();
    expect(() => prototype.canValidateContentType(contentType)).toThrow();
    expect(() => prototype.canValidateContentType(contentType)).toThrow();
  });

  it.each([
    undefined,
    '',
    'application/json',
    'Application/JSON; Charset=UTF-8',
    'application/json;charset=utf-8',
    'multipart/form-data; boundary=----x',
    'text/plain; b=2; a=1',
  ])("key an operation's validators as the validator does (Content-Type %j)", (header) => {
    const keys = (getOrBuild: ResponseValidatorPrototype['_getOrBuildValidator']) => {
      const built: string[] = [];
      const validator = {
        validatorsCache: {},
        buildValidators: (_responses: unknown, key: string) => {
          built.push(key);
          return { key };
        },
      };
      const req = {
        method: 'GET',
        headers: { 'content-type': header },
        openapi: { expressRoute: '/api/v1/flows/:id' },
      };
      const first = getOrBuild.call(validator, req, {});
      const again = getOrBuild.call(validator, req, {});
      expect(again).toBe(first);
      return built;
    };
    const expected = keys(shipped._getOrBuildValidator);
    expect(expected).toHaveLength(1);
    expect(keys(prototype._getOrBuildValidator)).toEqual(expected);
    expect(keys(prototype._getOrBuildValidator)).toEqual(expected);
  });

  it('leave a Content-Type that is not one text to the validator, which refuses it as before', () => {
    const req = { method: 'GET', headers: { 'content-type': ['a/b', 'c/d'] }, openapi: { expressRoute: '/x' } };
    const validator = { validatorsCache: {}, buildValidators: () => ({}) };
    expect(() => shipped._getOrBuildValidator.call(validator, req, {})).toThrow(TypeError);
    expect(() => prototype._getOrBuildValidator.call(validator, req, {})).toThrow(TypeError);
  });

  it("pick a response's content type as the validator does, for every Accept", () => {
    const shippedFind = validatorUtil.__shipped;
    expect(shippedFind).toBeTypeOf('function');
    const acceptLists = [
      [],
      ['application/json'],
      ['application/json; charset=utf-8'],
      ['APPLICATION/JSON'],
      ['*/*'],
      ['application/*'],
      ['text/html', 'application/problem+json'],
      ['text/html'],
      ['application/json;q=0.9', 'text/plain'],
    ];
    const typeLists = [['application/json'], ['application/problem+json', 'application/json'], ['text/plain'], []];
    for (const accepts of acceptLists) {
      for (const types of typeLists) {
        const expected = shippedFind?.(accepts, types);
        expect(validatorUtil.findResponseContent(accepts, types), `${accepts} / ${types}`).toBe(expected);
        expect(validatorUtil.findResponseContent([...accepts], [...types]), `${accepts} / ${types}`).toBe(expected);
      }
    }
  });
});
