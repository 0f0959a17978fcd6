// The breaking-change gate (npm run check:compat): each kind of change the compatibility policy of
// openapi/DECISIONS.md calls breaking is caught, with a pointer into the bundle, and additive
// changes pass; info.version must follow semver with them.
import { describe, expect, it } from 'vitest';
import { compareBundles, type Finding } from '../../scripts/compat/diff';
import { versionProblems } from '../../scripts/compat/version';
import { loadBundle } from '../../src/core/bundle-file';
import { isObject, type JsonObject } from '../../src/core/contract';

const current = loadBundle() as JsonObject;

/** A copy of the current bundle changed by `change`. */
function changed(change: (bundle: Mutable) => void): JsonObject {
  const copy = structuredClone(current) as Mutable;
  change(copy);
  return copy;
}

// The tests reach into the bundle by known paths; a missing one is a broken test, not a pass.
// biome-ignore lint/suspicious/noExplicitAny: test-only navigation of a JSON document by known paths
type Mutable = any;

const schemas = (bundle: Mutable) => bundle.components.schemas;
const parameter = (bundle: Mutable, path: string, method: string, name: string) => {
  const found = bundle.paths[path][method].parameters.find(
    (candidate: Mutable) => candidate.name === name || candidate.$ref?.endsWith(`/${name}`),
  );
  if (!found) throw new Error(`no parameter ${name} on ${method} ${path}`);
  return found.$ref ? bundle.components.parameters[found.$ref.split('/').pop()] : found;
};

function breakingOf(after: JsonObject): Finding[] {
  return compareBundles(current, after).filter((finding) => finding.severity === 'breaking');
}

describe('the breaking-change gate', () => {
  it('finds nothing between a bundle and itself', () => {
    expect(compareBundles(current, structuredClone(current))).toEqual([]);
  });

  it.each<[string, (bundle: Mutable) => void, string, RegExp]>([
    [
      'a removed operation',
      (b) => delete b.paths['/v1/users'].get,
      '/paths/~1v1~1users/get',
      /operation listUsers .* removed/,
    ],
    [
      'a renamed operation',
      (b) => {
        b.paths['/v1/users'].get.operationId = 'getUsers';
      },
      '/paths/~1v1~1users/get/operationId',
      /renamed from listUsers to getUsers/,
    ],
    [
      'a removed response field',
      (b) => delete schemas(b).User.properties.email,
      '/paths/~1v1~1users/get/responses/200/content/application~1json/schema/properties/data/items/properties/email',
      /field email removed/,
    ],
    [
      'a renamed request field',
      (b) => {
        const request = schemas(b).ProjectCreateRequest;
        request.properties.name = request.properties.displayName;
        delete request.properties.displayName;
        request.required = ['name'];
      },
      '/paths/~1v1~1projects/post/requestBody/content/application~1json/schema/properties/displayName',
      /field displayName removed/,
    ],
    [
      'a removed parameter',
      (b) => {
        b.paths['/v1/projects'].get.parameters = b.paths['/v1/projects'].get.parameters.filter(
          (p: Mutable) => p.name !== 'displayName',
        );
      },
      '/paths/~1v1~1projects/get/parameters/3',
      /parameter query displayName removed/,
    ],
    [
      'a removed enum value',
      (b) => {
        schemas(b).FlowStatus.enum = ['ENABLED'];
      },
      '/paths/~1v1~1flows/get/parameters/4/schema/items/enum',
      /enum value\(s\) removed or renamed: "DISABLED"/,
    ],
    [
      'a new required request field',
      (b) => {
        schemas(b).ProjectCreateRequest.required = ['displayName', 'externalId'];
      },
      '/paths/~1v1~1projects/post/requestBody/content/application~1json/schema/required',
      /new required field externalId/,
    ],
    [
      'a new required parameter',
      (b) => {
        b.paths['/v1/users'].get.parameters.push({
          name: 'platformId',
          in: 'query',
          required: true,
          schema: { type: 'string' },
        });
      },
      '/paths/~1v1~1users/get/parameters/4',
      /new required parameter query platformId/,
    ],
    [
      'a narrowed type',
      (b) => {
        schemas(b).ProjectCreateRequest.properties.maxConcurrentJobs.type = 'integer';
      },
      '/paths/~1v1~1projects/post/requestBody/content/application~1json/schema/properties/maxConcurrentJobs/type',
      /type narrowed: null no longer accepted/,
    ],
    [
      'a narrowed pattern',
      (b) => {
        schemas(b).Id.pattern = '^[0-9a-z]{21}$';
      },
      '/paths/~1v1~1flows~1{id}/get/parameters/0/schema/pattern',
      /pattern narrowed/,
    ],
    [
      'a narrowed limit',
      (b) => {
        parameter(b, '/v1/users', 'get', 'Limit').schema.maximum = 50;
      },
      '/paths/~1v1~1users/get/parameters/1/schema/maximum',
      /limit narrowed: maximum 100 → 50/,
    ],
    [
      'a narrowed string length',
      (b) => {
        schemas(b).ProjectCreateRequest.properties.displayName.maxLength = 100;
      },
      '/paths/~1v1~1projects/post/requestBody/content/application~1json/schema/properties/displayName/maxLength',
      /maxLength 255 → 100/,
    ],
    [
      'a changed status',
      (b) => {
        const responses = b.paths['/v1/projects'].post.responses;
        responses['200'] = responses['201'];
        delete responses['201'];
      },
      '/paths/~1v1~1projects/post/responses/201',
      /response status 201 removed/,
    ],
    [
      'a changed default',
      (b) => {
        parameter(b, '/v1/users', 'get', 'Limit').schema.default = 20;
      },
      '/paths/~1v1~1users/get/parameters/1/schema/default',
      /default changed from 10 to 20/,
    ],
    [
      'a new value in a response enum',
      (b) => {
        schemas(b).UserStatus.enum = [...schemas(b).UserStatus.enum, 'SUSPENDED'];
      },
      '/paths/~1v1~1users/get/responses/200/content/application~1json/schema/properties/data/items/properties/status/enum',
      /new value\(s\) in a response enum: "SUSPENDED"/,
    ],
    [
      'a response field that may now be null',
      (b) => {
        schemas(b).User.properties.email = { type: ['string', 'null'] };
      },
      '/paths/~1v1~1users/get/responses/200/content/application~1json/schema/properties/data/items/properties/email/type',
      /may now be null/,
    ],
    [
      'a response field that may now be absent',
      (b) => {
        schemas(b).User.required = schemas(b).User.required.filter((name: string) => name !== 'email');
      },
      '/paths/~1v1~1users/get/responses/200/content/application~1json/schema/properties/data/items/properties/email',
      /field email may now be absent/,
    ],
    [
      // Marking an enum extensible in the version that grows it warns nobody who read the earlier one.
      'a new value in a response enum marked extensible at the same time',
      (b) => {
        schemas(b).UserStatus['x-extensible-enum'] = true;
        schemas(b).UserStatus.enum = [...schemas(b).UserStatus.enum, 'SUSPENDED'];
      },
      '/paths/~1v1~1users/get/responses/200/content/application~1json/schema/properties/data/items/properties/status/enum',
      /new value\(s\) in a response enum: "SUSPENDED"/,
    ],
  ])('catches %s, with its pointer', (_kind, change, pointer, message) => {
    const found = breakingOf(changed(change));
    expect(found).toContainEqual({ severity: 'breaking', pointer, message: expect.stringMatching(message) });
    expect(versionProblems(current, changed(change), found)[0]).toMatch(/breaking change/);
  });

  it('compares recursive schemas (a step whose nextAction is a step) once per pair, and still finds a change deep in them', () => {
    // A loop step's settings are reached only through a step's nextAction or firstLoopAction: a
    // comparison that followed the recursion at every level never ended (unions of steps multiply).
    const found = breakingOf(
      changed((b) => {
        schemas(b).FlowLoopOnItemsActionSettingsInput.required.push('batchSize');
        schemas(b).FlowLoopOnItemsActionSettingsInput.properties.batchSize = { type: 'integer' };
      }),
    );
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((finding) => /new required field batchSize/.test(finding.message))).toBe(true);
    expect(found.map((finding) => finding.pointer)).toContainEqual(
      expect.stringMatching(/^\/paths\/~1v1~1flows~1\{id\}\/post\//),
    );
  });

  it.each<[string, (bundle: Mutable) => void]>([
    ['a new operation', (b) => (b.paths['/v1/tables'] = { get: structuredClone(b.paths['/v1/users'].get) })],
    [
      'a new optional request field',
      (b) => (schemas(b).ProjectCreateRequest.properties.note = { type: 'string', maxLength: 100 }),
    ],
    [
      'a new optional parameter',
      (b) => b.paths['/v1/users'].get.parameters.push({ name: 'email', in: 'query', schema: { type: 'string' } }),
    ],
    ['a new response field', (b) => (schemas(b).User.properties.locale = { type: 'string' })],
    ['a widened limit', (b) => (schemas(b).ProjectCreateRequest.properties.displayName.maxLength = 500)],
    [
      'a request field that may now be null',
      (b) => (schemas(b).ProjectUpdateRequest.properties.displayName.type = ['string', 'null']),
    ],
    [
      'a new error status',
      (b) => (b.paths['/v1/users'].get.responses['409'] = b.paths['/v1/users'].get.responses['400']),
    ],
    // The policy's error codes: a problem's `code` may grow (DECISIONS.md, "Compatibility policy").
    ['a new error code', (b) => (schemas(b).ErrorCode.enum = [...schemas(b).ErrorCode.enum, 'SOMETHING_NEW'])],
  ])('passes %s as additive', (_kind, change) => {
    const after = changed(change);
    const findings = compareBundles(current, after);
    expect(findings.filter((finding) => finding.severity === 'breaking')).toEqual([]);
    expect(findings.length).toBeGreaterThan(0);
  });

  it('passes a new value of a response enum the earlier version declared extensible as additive', () => {
    const before = changed((b) => (schemas(b).UserStatus['x-extensible-enum'] = true));
    const after = changed((b) => {
      schemas(b).UserStatus['x-extensible-enum'] = true;
      schemas(b).UserStatus.enum = [...schemas(b).UserStatus.enum, 'SUSPENDED'];
    });
    const findings = compareBundles(before, after);
    expect(findings.filter((finding) => finding.severity === 'breaking')).toEqual([]);
    expect(findings).toContainEqual(
      expect.objectContaining({ severity: 'additive', message: expect.stringMatching(/extensible response enum/) }),
    );
  });

  it("passes a new webhook event type in an endpoint's eventTypes as additive, as 1.3.0 said types are added later", () => {
    const before = changed((b) => delete schemas(b).WebhookEventType['x-extensible-enum']);
    const after = changed((b) => {
      schemas(b).WebhookEventType.enum = [...schemas(b).WebhookEventType.enum, 'folder.archived'];
    });
    const findings = compareBundles(before, after);
    expect(findings.filter((finding) => finding.severity === 'breaking')).toEqual([]);
    expect(findings).toContainEqual(
      expect.objectContaining({
        pointer: expect.stringMatching(/\/eventTypes\/items\/enum$/),
        message: expect.stringMatching(/extensible response enum.*folder\.archived/),
      }),
    );
  });

  it('reports a new alternative of a request union (a new operation type of updateFlow) as additive', () => {
    const before = changed((b) => {
      const request = schemas(b).FlowOperationRequest;
      request.oneOf = request.oneOf.filter((branch: Mutable) => !branch.$ref.endsWith('/FlowOperationMoveBranch'));
      delete request.discriminator.mapping.MOVE_BRANCH;
    });
    const findings = compareBundles(before, current);
    expect(findings.filter((finding) => finding.severity === 'breaking')).toEqual([]);
    expect(findings).toContainEqual(
      expect.objectContaining({
        severity: 'additive',
        pointer: '/paths/~1v1~1flows~1{id}/post/requestBody/content/application~1json/schema',
        message: expect.stringMatching(/new accepted value shape \(alternative \d+, FlowOperationMoveBranch\)/),
      }),
    );
    // The other way round, the shape taken away is breaking.
    expect(breakingOf(before)).toContainEqual(
      expect.objectContaining({ pointer: expect.stringMatching(/^\/paths\/~1v1~1flows~1\{id\}\/post\/requestBody/) }),
    );
  });

  describe('events (webhooks), whose payloads the service sends as it sends responses', () => {
    const webhooks = (bundle: Mutable) => bundle.webhooks;

    it('finds an event removed, and a field of its payload taken away or widened', () => {
      expect(breakingOf(changed((b) => delete webhooks(b)['flow.deleted']))).toEqual([
        expect.objectContaining({ pointer: '/webhooks/flow.deleted/post', message: 'event flow.deleted removed' }),
      ]);
      const withoutTimestamp = changed((b) => {
        const event = schemas(b).FlowDeletedEvent;
        event.required = event.required.filter((name: string) => name !== 'timestamp');
      });
      expect(breakingOf(withoutTimestamp)).toContainEqual(
        expect.objectContaining({ pointer: expect.stringMatching(/^\/webhooks\/flow\.deleted\/post\/requestBody\//) }),
      );
      // A value the event's own `type` did not have: not an extensible enum.
      const widened = changed((b) => schemas(b).FlowChangeEvent.properties.type.enum.push('flow.archived'));
      expect(breakingOf(widened)).toContainEqual(
        expect.objectContaining({
          pointer: expect.stringMatching(/^\/webhooks\/flow\.updated\/.*\/properties\/type\/enum$/),
          message: expect.stringMatching(/new value\(s\) in a response enum: "flow\.archived"/),
        }),
      );
    });

    it('passes a new event, and a new operationType of flow change events, as additive', () => {
      const before = changed((b) => {
        delete webhooks(b)['folder.deleted'];
        const operations = schemas(b).FlowOperationType;
        delete operations['x-extensible-enum'];
        operations.enum = operations.enum.filter((value: string) => value !== 'MOVE_BRANCH');
      });
      const findings = compareBundles(before, current);
      expect(findings.filter((finding) => finding.severity === 'breaking')).toEqual([]);
      expect(findings).toContainEqual({
        severity: 'additive',
        pointer: '/webhooks/folder.deleted',
        message: 'new event folder.deleted',
      });
      expect(findings).toContainEqual(
        expect.objectContaining({
          pointer: expect.stringMatching(/^\/webhooks\/flow\.updated\/.*\/properties\/operationType\/enum$/),
          message: expect.stringMatching(/extensible response enum: "MOVE_BRANCH"/),
        }),
      );
    });
  });

  describe('info.version', () => {
    const withVersion = (bundle: JsonObject, version: string): JsonObject => ({
      ...bundle,
      info: { ...(isObject(bundle.info) ? bundle.info : {}), version },
    });
    const additive = changed((b) => (schemas(b).User.properties.locale = { type: 'string' }));
    const version = isObject(current.info) ? String(current.info.version) : '';
    const [major = 0, minor = 0, patch = 0] = version.split('.').map(Number);

    it('needs a new minor version for additive changes', () => {
      const findings = compareBundles(current, additive);
      expect(versionProblems(current, withVersion(additive, `${major}.${minor}.${patch + 1}`), findings)).toEqual([
        `additive changes need a new minor version: info.version ${major}.${minor + 1}.0 at least`,
      ]);
      expect(versionProblems(current, withVersion(additive, `${major}.${minor + 1}.0`), findings)).toEqual([]);
    });

    it('needs a new patch version for a change of descriptions only', () => {
      const described = changed((b) => (schemas(b).User.description = 'Someone who uses the platform.'));
      expect(compareBundles(current, described)).toEqual([]);
      expect(versionProblems(current, described, [])).toEqual([
        `the contract changed: info.version ${major}.${minor}.${patch + 1} at least`,
      ]);
      expect(versionProblems(current, withVersion(described, `${major}.${minor}.${patch + 1}`), [])).toEqual([]);
    });

    it('refuses a version that goes back', () => {
      expect(versionProblems(current, withVersion(current, '0.9.0'), [])).toEqual([
        `info.version went back from ${version} to 0.9.0`,
      ]);
    });
  });
});
