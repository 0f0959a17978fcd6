// A 400 problem lists every violation of the query, with those of the body: unknown parameters,
// empty values, values their schemas refuse, integers not in decimal digits, a cursor no list would
// take (src/http/validator/query-violations.ts). The validator stopped at the first unknown
// parameter, and the store found a malformed cursor only once everything else had passed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, storeKinds, type TestBackend } from '../support/backend';

interface Problem {
  detail: string;
  errors: Array<{ location: string; pointer: string; message: string }>;
}

const UNDECODABLE_CURSOR = 'The cursor cannot be decoded; pass the next or previous of an earlier page of this list.';

describe.each(storeKinds)('every violation of the query in one problem, on %s', (kind) => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startBackend(kind);
  });
  afterAll(async () => backend?.close());

  async function refused(path: string, init: RequestInit = {}): Promise<Problem> {
    const response = await fetch(`${backend.baseUrl}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${backend.apiKey}`, 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    return (await response.json()) as Problem;
  }

  it('names an unknown parameter and a value out of range (?limit=0&foo=1)', async () => {
    const problem = await refused('/v1/projects?limit=0&foo=1');
    expect(problem.errors).toEqual([
      { location: 'query', pointer: 'foo', message: 'is not a parameter of this operation' },
      { location: 'query', pointer: 'limit', message: 'must be at least 1' },
    ]);
    expect(problem.detail).toBe('The request has 2 problems; see errors.');
  });

  it('names a value out of range and a cursor that does not decode (?limit=0&cursor=zzz)', async () => {
    const problem = await refused('/v1/projects?limit=0&cursor=zzz');
    expect(problem.errors).toEqual([
      { location: 'query', pointer: 'limit', message: 'must be at least 1' },
      { location: 'query', pointer: 'cursor', message: UNDECODABLE_CURSOR },
    ]);
  });

  it('names unknown, empty, non-decimal and malformed parameters of one request together', async () => {
    const cursor = Buffer.from(JSON.stringify({ not: 'a cursor' })).toString('base64url');
    const problem = await refused(`/v1/projects?bar=1&limit=0x10&displayName=&cursor=${cursor}&baz=2&bar=3`);
    expect(problem.errors).toEqual([
      { location: 'query', pointer: 'bar', message: 'is not a parameter of this operation' },
      { location: 'query', pointer: 'displayName', message: 'must not be empty' },
      { location: 'query', pointer: 'baz', message: 'is not a parameter of this operation' },
      { location: 'query', pointer: 'limit', message: 'must be an integer written in decimal digits' },
      {
        location: 'query',
        pointer: 'cursor',
        message: 'The cursor is malformed; pass the next or previous of an earlier page of this list.',
      },
    ]);
  });

  it('names the issues of the query and of the body of one request', async () => {
    const problem = await refused('/v1/projects?foo=1', {
      method: 'POST',
      body: JSON.stringify({ displayName: 12, color: 'red' }),
    });
    expect(problem.errors).toEqual(
      expect.arrayContaining([
        { location: 'query', pointer: 'foo', message: 'is not a parameter of this operation' },
        { location: 'body', pointer: '/displayName', message: 'must be a string' },
        { location: 'body', pointer: '/color', message: 'is not a field of this object' },
      ]),
    );
    expect(problem.errors).toHaveLength(3);
  });

  it('still refuses a cursor alone in the words of the store, and nothing else', async () => {
    const problem = await refused('/v1/projects?limit=5&cursor=zzz');
    expect(problem.errors).toEqual([{ location: 'query', pointer: 'cursor', message: UNDECODABLE_CURSOR }]);
    expect(problem.detail).toBe(UNDECODABLE_CURSOR);
  });

  it('does not add the cursor to what the validator already says of it', async () => {
    const problem = await refused('/v1/projects?limit=0&cursor=a.b');
    expect(problem.errors.filter((issue) => issue.pointer === 'cursor')).toHaveLength(1);
    expect(problem.errors.find((issue) => issue.pointer === 'cursor')?.message).toMatch(/^must match the pattern/);
  });
});
