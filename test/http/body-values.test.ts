// What a body may cost is bounded by its number of values, not only by its bytes (issue 46): 470 KB
// of empty objects in one `UPDATE_TRIGGER` held the event loop for seconds, starving every other
// tenant. A body of more than MAX_BODY_VALUES values (members' names included) is refused with a
// 413 naming the limit, before it is parsed, and nothing is stored; the largest legal bodies still
// pass. The count itself (src/core/json-shape.ts) is checked against a count of the parsed value.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Schemas, unwrap } from '../../src/client';
import { FREE_FORM_MAX_BYTES } from '../../src/core/free-form';
import { jsonShapeOf } from '../../src/core/json-shape';
import { MAX_STEPS } from '../../src/flows/operations';
import { MAX_BODY_VALUES } from '../../src/http/pipeline/body-parser';
import { storeKinds } from '../support/backend';
import { givenProject } from '../support/builders';
import { isObject, loadBundle } from '../support/bundle';
import { useBackend } from '../support/suite';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The values of a parsed JSON value as json-shape.ts counts them: every value, and every member's name. */
function valuesOf(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 1;
  let count = 1;
  for (const item of Object.values(value)) count += valuesOf(item) + (Array.isArray(value) ? 0 : 1);
  return count;
}

/** How deep its containers nest: 0 for a scalar. */
function depthOf(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  return 1 + Math.max(0, ...Object.values(value).map(depthOf));
}

describe('jsonShapeOf', () => {
  // Strings hold what the scan must skip: quotes, backslashes, commas, colons and brackets.
  const tricky = fc.string({ unit: fc.constantFrom('"', '\\', ',', ':', '[', ']', '{', '}', 'a', ' ', '\u00e9') });

  it('counts the values and names, and the depth, of any JSON text, compact or spaced', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 5, stringUnit: 'grapheme' }), tricky, fc.boolean(), (value, key, spaced) => {
        const wrapped = { [key]: value, [`${key}!`]: [key, value] };
        const text = spaced ? JSON.stringify(wrapped, null, 2) : JSON.stringify(wrapped);
        const shape = jsonShapeOf(Buffer.from(text, 'utf8'));
        expect(shape).toEqual({ values: valuesOf(wrapped), depth: depthOf(wrapped) });
      }),
      { numRuns: 2_000 },
    );
  });

  it.each([
    ['{"a":[1,2]}', 5, 2],
    ['[]', 1, 1],
    ['[{},[]]', 3, 2],
    [' [ 1 , [ ] , { "k" : null } ] ', 6, 2],
    ['"a,b:[c"', 1, 0],
    ['{"a\\",":"\\\\"}', 3, 1],
  ])('counts %s as %i values, %i deep', (text, values, depth) => {
    expect(jsonShapeOf(Buffer.from(text))).toEqual({ values, depth });
  });
});

describe('the limit the contract states', () => {
  it('is the one enforced, in the 413 every operation with a body declares and in the table of limits', () => {
    const bundle = loadBundle();
    const values = `${MAX_BODY_VALUES.toLocaleString('en-US')} JSON values`;
    const responses = isObject(bundle.components) ? bundle.components.responses : undefined;
    const tooLarge = isObject(responses) ? responses.PayloadTooLarge : undefined;
    expect(isObject(tooLarge) ? String(tooLarge.description) : '').toContain(values);
    expect(isObject(bundle.info) ? String(bundle.info.description) : '').toContain(values);
  });
});

/** Steps as Activepieces' builder stores them (test/corpus/activepieces-builder/base-flow.json). */
const BASE_FLOW = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', 'corpus', 'activepieces-builder', 'base-flow.json'), 'utf8'),
) as { trigger: Step };

type Step = { [key: string]: Json };

/** The step named `name` of the base flow, without the steps that follow or are nested in it. */
function baseStep(name: string): Step {
  const pending: Json[] = [BASE_FLOW.trigger];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value !== 'object' || value === null) continue;
    if (!Array.isArray(value) && value.name === name) {
      const { nextAction: _next, children: _children, ...step } = structuredClone(value);
      return step;
    }
    pending.push(...Object.values(value));
  }
  throw new Error(`base-flow.json has no ${name}`);
}

/**
 * The largest flow definition the contract takes, as dense in values as real flows get: MAX_STEPS
 * steps (the trigger, a router of three branches, Slack steps), each Slack step's input and
 * property settings grown field by field, as a builder's form writes them, until the definition is
 * 8 KiB short of FREE_FORM_MAX_BYTES.flowDefinition (IMPORT_FLOW adds a little as it stores it).
 */
function largestDefinition(): Step {
  const slackSteps: Step[] = [];
  /** A chain of `length` Slack steps, named on from `step_<first>`. */
  const chain = (first: number, length: number): Step => {
    const steps = Array.from({ length }, (_, at) => ({ ...baseStep('step_1'), name: `step_${first + at}` }));
    steps.reduceRight((next, step) => Object.assign(step, { nextAction: next }));
    slackSteps.push(...steps);
    return steps[0] as Step;
  };
  const branch = Math.floor((MAX_STEPS - 2) / 3);
  const router: Step = {
    ...baseStep('step_5'),
    name: 'step_1',
    children: [chain(2, branch), chain(2 + branch, branch), chain(2 + 2 * branch, branch)],
    nextAction: chain(2 + 3 * branch, MAX_STEPS - 2 - 3 * branch),
  };
  const trigger: Step = { ...baseStep('trigger'), nextAction: router };
  const target = FREE_FORM_MAX_BYTES.flowDefinition - 8 * 1024;
  let size = Buffer.byteLength(JSON.stringify(trigger));
  for (let field = 0; ; field += 1) {
    const name = `f${Math.floor(field / slackSteps.length)}`;
    const input = { [name]: 'v' };
    const property = { [name]: { type: 'MANUAL' } };
    // Each object already has members: a member more adds a comma and loses the braces.
    size += JSON.stringify(input).length - 1 + JSON.stringify(property).length - 1;
    if (size > target) return trigger;
    const { settings } = slackSteps[field % slackSteps.length] as { settings: { [key: string]: Step } };
    Object.assign(settings.input as Step, input);
    Object.assign(settings.propertySettings as Step, property);
  }
}

describe.each(storeKinds)('bodies bounded by their values on %s', (kind) => {
  const backend = useBackend(kind);

  const send = (path: string, body: string) =>
    fetch(`${backend.baseUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${backend.apiKey}`, 'content-type': 'application/json' },
      body,
    });

  async function newFlow(): Promise<Schemas['Flow']> {
    const projectId = await givenProject(backend);
    return unwrap(backend.client.POST('/v1/flows', { body: { projectId, displayName: 'Bounded' } }));
  }

  const getFlow = (id: string) => unwrap(backend.client.GET('/v1/flows/{id}', { params: { path: { id } } }));

  /** An UPDATE_TRIGGER whose input is `{"x":[<items>]}`. */
  const triggerUpdate = (items: string) =>
    `{"type":"UPDATE_TRIGGER","request":{"type":"PIECE_TRIGGER","name":"trigger","displayName":"Every weekday","settings":{"pieceName":"@activepieces/piece-schedule","pieceVersion":"0.1.5","triggerName":"cron_expression","input":{"x":[${items}]},"propertySettings":{}}}}`;

  async function expectTooManyValues(response: Response, values: number): Promise<void> {
    expect(response.status).toBe(413);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const problem = (await response.json()) as Record<string, unknown>;
    expect(problem).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      detail: `The body holds ${values} JSON values (objects, arrays, strings, numbers, booleans and nulls, a member's name counting as one); at most ${MAX_BODY_VALUES} are allowed.`,
    });
  }

  it('refuses an UPDATE_TRIGGER whose input holds 160,000 empty objects with a 413 naming the limit, and leaves the flow as it was', async () => {
    const flow = await newFlow();
    const body = triggerUpdate(Array(160_000).fill('{}').join(','));
    // Within the byte limits: only its number of values is refused.
    expect(Buffer.byteLength(body)).toBeLessThan(FREE_FORM_MAX_BYTES.flowDefinition);
    await expectTooManyValues(await send(`/v1/flows/${flow.id}`, body), valuesOf(JSON.parse(body)));
    expect(await getFlow(flow.id)).toEqual(flow);
  });

  it('refuses a new project whose metadata holds more values than the limit, and makes none', async () => {
    const displayName = 'Too many values';
    const body = JSON.stringify({ displayName, metadata: { x: Array(MAX_BODY_VALUES).fill(0) } });
    await expectTooManyValues(await send('/v1/projects', body), valuesOf(JSON.parse(body)));
    const page = await unwrap(backend.client.GET('/v1/projects', { params: { query: { displayName } } }));
    expect(page.data).toEqual([]);
  });

  it('takes a body of exactly MAX_BODY_VALUES values, and refuses one more', async () => {
    const flow = await newFlow();
    const around = valuesOf(JSON.parse(triggerUpdate('')));
    const atLimit = triggerUpdate(
      Array(MAX_BODY_VALUES - around)
        .fill('0')
        .join(','),
    );
    expect(valuesOf(JSON.parse(atLimit))).toBe(MAX_BODY_VALUES);
    const updated = await send(`/v1/flows/${flow.id}`, atLimit);
    expect(updated.status).toBe(200);
    const stored = await getFlow(flow.id);

    const overLimit = triggerUpdate(
      Array(MAX_BODY_VALUES - around + 1)
        .fill('0')
        .join(','),
    );
    await expectTooManyValues(await send(`/v1/flows/${flow.id}`, overLimit), MAX_BODY_VALUES + 1);
    expect(await getFlow(flow.id)).toEqual(stored);
  });

  it('imports the largest flow definition the contract takes, as dense in values as real flows get', async () => {
    const flow = await newFlow();
    const trigger = largestDefinition();
    const body = JSON.stringify({
      type: 'IMPORT_FLOW',
      request: { displayName: 'Largest', trigger, schemaVersion: null },
    });
    // Denser than any body of test/corpus/activepieces-builder (6.9 bytes of compact JSON a value at the least).
    expect(Buffer.byteLength(body) / valuesOf(JSON.parse(body))).toBeLessThan(6.9);
    const response = await send(`/v1/flows/${flow.id}`, body);
    expect(response.status, await response.clone().text()).toBe(200);
    const imported = (await response.json()) as Schemas['Flow'];
    const stored = JSON.stringify(imported.version.trigger);
    expect(Buffer.byteLength(stored)).toBeGreaterThan(FREE_FORM_MAX_BYTES.flowDefinition - 16 * 1024);
    expect(Buffer.byteLength(stored)).toBeLessThanOrEqual(FREE_FORM_MAX_BYTES.flowDefinition);
    expect(await getFlow(flow.id)).toEqual(imported);
  });
});
