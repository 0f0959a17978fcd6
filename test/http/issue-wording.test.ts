// The wording of each kind of validation issue, as people read it in `errors[].message` (and in
// `detail` when there is one issue). One row per kind; src/http/problems/issue-wording.ts makes them.
import { beforeAll, describe, expect, it } from 'vitest';
import { givenProject } from '../support/builders';
import { sendRaw } from '../support/raw-requests';
import { useBackend } from '../support/suite';

interface Row {
  kind: string;
  method: 'GET' | 'POST';
  /** `{project}` becomes a project's id. */
  path: string;
  body?: unknown;
  issue: { location: string; pointer: string; message: string };
}

const ROWS: Row[] = [
  {
    kind: 'a missing query parameter',
    method: 'GET',
    path: '/v1/flows',
    issue: { location: 'query', pointer: 'projectId', message: 'is required' },
  },
  {
    kind: 'an unknown query parameter',
    method: 'GET',
    path: '/v1/flows?projectId={project}&foo=1',
    issue: { location: 'query', pointer: 'foo', message: 'is not a parameter of this operation' },
  },
  {
    kind: 'a comma-separated array parameter',
    method: 'GET',
    path: '/v1/flow-runs?projectId={project}&status=FAILED,SUCCEEDED',
    issue: {
      location: 'query',
      pointer: 'status',
      message:
        'takes one value per occurrence; repeat the parameter for several values: status=FAILED&status=SUCCEEDED',
    },
  },
  {
    kind: 'an empty query value',
    method: 'GET',
    path: '/v1/flows?projectId={project}&name=',
    issue: { location: 'query', pointer: 'name', message: 'must not be empty' },
  },
  {
    kind: 'a value outside an enum',
    method: 'GET',
    path: '/v1/flows?projectId={project}&status=ON',
    issue: { location: 'query', pointer: 'status/0', message: 'must be one of ENABLED, DISABLED' },
  },
  {
    kind: 'a number above its maximum',
    method: 'GET',
    path: '/v1/flows?projectId={project}&limit=101',
    issue: { location: 'query', pointer: 'limit', message: 'must be at most 100' },
  },
  {
    kind: 'a number below its minimum',
    method: 'GET',
    path: '/v1/flows?projectId={project}&limit=0',
    issue: { location: 'query', pointer: 'limit', message: 'must be at least 1' },
  },
  {
    kind: 'a value of the wrong type',
    method: 'GET',
    path: '/v1/flows?projectId={project}&limit=ten',
    issue: { location: 'query', pointer: 'limit', message: 'must be an integer' },
  },
  {
    kind: 'a malformed date-time',
    method: 'GET',
    path: '/v1/flow-runs?projectId={project}&createdAfter=yesterday',
    issue: {
      location: 'query',
      pointer: 'createdAfter',
      message:
        'must be an RFC 3339 date-time such as 2026-11-21T09:33:30.123Z (seconds 00-59, no leap second; years 0000-9999)',
    },
  },
  {
    kind: 'a date-time past the year 9999 in UTC',
    method: 'GET',
    path: '/v1/flow-runs?projectId={project}&createdAfter=9999-12-31T23:59:59.999-23:59',
    issue: {
      location: 'query',
      pointer: 'createdAfter',
      message:
        'is out of range: it is +010000-01-01T23:58:59.999Z in UTC, after 9999-12-31T23:59:59.999Z, the last instant a date-time may be (years 0000-9999 in UTC)',
    },
  },
  {
    kind: 'a date-time before the year 0000 in UTC',
    method: 'POST',
    path: '/v1/api-keys',
    body: { displayName: 'Old', role: 'VIEWER', expiresAt: '0000-01-01T00:00:00.000+23:59' },
    issue: {
      location: 'body',
      pointer: '/expiresAt',
      message:
        'is out of range: it is -000001-12-31T00:01:00.000Z in UTC, before 0000-01-01T00:00:00.000Z, the first instant a date-time may be (years 0000-9999 in UTC)',
    },
  },
  {
    kind: 'a repeated value',
    method: 'GET',
    path: '/v1/flows?projectId={project}&status=ENABLED&status=ENABLED',
    issue: { location: 'query', pointer: 'status', message: 'must not repeat a value (items 0 and 1 are the same)' },
  },
  {
    kind: 'a string that does not match its pattern',
    method: 'GET',
    path: '/v1/flows/AAAAAAAAAAAAAAAAAAAA-',
    issue: { location: 'path', pointer: 'id', message: 'must match the pattern ^[0-9A-Za-z]{21}$' },
  },
  {
    kind: 'a missing body field',
    method: 'POST',
    path: '/v1/projects',
    body: {},
    issue: { location: 'body', pointer: '/displayName', message: 'is required' },
  },
  {
    kind: 'an unknown body field',
    method: 'POST',
    path: '/v1/projects',
    body: { displayName: 'x', colour: 'red' },
    issue: { location: 'body', pointer: '/colour', message: 'is not a field of this object' },
  },
  {
    kind: 'an empty string',
    method: 'POST',
    path: '/v1/projects',
    body: { displayName: '' },
    issue: { location: 'body', pointer: '/displayName', message: 'must not be empty' },
  },
  {
    kind: 'a string too long',
    method: 'POST',
    path: '/v1/projects',
    body: { displayName: 'x'.repeat(256) },
    issue: { location: 'body', pointer: '/displayName', message: 'must be at most 255 characters long' },
  },
  {
    kind: 'a nullable object of the wrong type',
    method: 'POST',
    path: '/v1/projects',
    body: { displayName: 'x', metadata: [] },
    issue: { location: 'body', pointer: '/metadata', message: 'must be a JSON object or null' },
  },
  {
    kind: 'an object with too many keys',
    method: 'POST',
    path: '/v1/projects',
    body: { displayName: 'x', metadata: Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`k${i}`, i])) },
    issue: { location: 'body', pointer: '/metadata', message: 'must have at most 100 keys or be null' },
  },
  {
    kind: 'a URI that is not one',
    method: 'POST',
    path: '/v1/flow-templates',
    body: {
      template: {
        displayName: 'x',
        trigger: { type: 'EMPTY', name: 't', valid: false, displayName: 'x', settings: {} },
      },
      blogUrl: 'not a url',
    },
    issue: {
      location: 'body',
      pointer: '/blogUrl',
      message: 'must start with https:// or http:// or be an absolute URI such as https://example.com/page or be empty',
    },
  },
  {
    kind: 'a union member of an unknown variant',
    method: 'POST',
    path: '/v1/flow-templates',
    body: { template: { displayName: 'x', trigger: { type: 'WEBHOOK' } } },
    issue: {
      location: 'body',
      pointer: '/template/trigger',
      message: "has a type that is not one of this field's variants",
    },
  },
  {
    kind: 'an array too long',
    method: 'POST',
    path: '/v1/flow-templates',
    body: {
      template: {
        displayName: 'x',
        trigger: { type: 'EMPTY', name: 't', valid: false, displayName: 'x', settings: {} },
      },
      tags: Array.from({ length: 51 }, (_, i) => `t${i}`),
    },
    issue: { location: 'body', pointer: '/tags', message: 'must have at most 50 items' },
  },
];

describe('the wording of validation issues', () => {
  const backend = useBackend('sqlite');
  let projectId: string;
  beforeAll(async () => {
    projectId = await givenProject(backend);
  });

  it.each(ROWS)('$kind: "$issue.message"', async ({ method, path, body, issue }) => {
    const response = await sendRaw(backend, path.replace('{project}', projectId), { method, body });
    expect(response.status).toBe(400);
    const problem = (await response.json()) as { detail: string; errors: unknown[] };
    expect(problem.errors).toEqual([issue]);
    expect(problem.detail).toBe(`Invalid request: ${issue.pointer} ${issue.message}.`);
  });
});
