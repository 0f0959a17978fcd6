// IMPORT_FLOW (and createFlowTemplate) of a flow the reference product exported in an older format
// (its `BRANCH` steps, piece steps without `propertySettings`, `inputUiInfo`): upgraded as the reference's server
// upgrades it on import (its flow-version migrations, src/flows/legacy/), before the contract's
// validator sees it, so the upgraded definition is held to the current schema like any other and a
// field it does not allow is still a 400 naming it. A body without those marks is left as sent: its
// own mistakes are the validator's to name, never silently dropped by an upgrade.
import type { RequestHandler } from 'express';
import { isObject, type JsonObject } from '../../core/contract';
import { invalidWithIssues } from '../../core/errors';
import { upgradeDefinition } from '../../flows/legacy';

/** Where a step's following and nested steps are, in every format the reference wrote. */
const LINKS = ['nextAction', 'firstLoopAction', 'onSuccessAction', 'onFailureAction'] as const;

/**
 * Whether the tree of `trigger` holds a step only an older format has. A template carries its
 * steps in the portable form, free-form and without `propertySettings` (`template`): there only a
 * `BRANCH` step tells an older format.
 */
export function hasOlderFormat(trigger: unknown, form: 'import' | 'template' = 'import'): boolean {
  const pending: unknown[] = [trigger];
  while (pending.length > 0) {
    const step = pending.pop();
    if (!isObject(step)) continue;
    if (step.type === 'BRANCH') return true;
    const settings = step.settings;
    if (
      form === 'import' &&
      (step.type === 'PIECE' || step.type === 'PIECE_TRIGGER') &&
      isObject(settings) &&
      !('propertySettings' in settings)
    )
      return true;
    for (const link of LINKS) pending.push(step[link]);
    if (Array.isArray(step.children)) pending.push(...step.children);
    const branches = step.continueOnFailureBranches;
    if (isObject(branches)) pending.push(branches.onSuccess, branches.onFailure);
  }
  return false;
}

/** The definition upgraded, or the 400 naming what cannot be. */
function upgraded(definition: JsonObject, pointer: string): JsonObject | Error {
  const result = upgradeDefinition(definition, { pointer, now: new Date().toISOString() });
  if (!result.ok)
    return invalidWithIssues(
      'flow to import',
      result.problems.map((problem) => ({ location: 'body', pointer: problem.pointer, message: problem.detail })),
    );
  const { displayName, trigger, schemaVersion, notes } = result.definition;
  return { displayName, trigger, schemaVersion, notes };
}

/**
 * The middleware, for `updateFlow`'s IMPORT_FLOW (at `apiPath`/v1/flows/{id}) and for
 * `createFlowTemplate` (`apiPath`/v1/flow-templates), whose template a flow is made from.
 */
export function legacyImports(apiPath: string): RequestHandler {
  const escaped = apiPath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const updateFlow = new RegExp(`^${escaped}/v1/flows/[^/]+$`);
  const createTemplate = new RegExp(`^${escaped}/v1/flow-templates$`);
  return (request, _response, next) => {
    const body: unknown = request.body;
    if (request.method !== 'POST' || !isObject(body)) return next();
    if (updateFlow.test(request.path) && body.type === 'IMPORT_FLOW' && isObject(body.request)) {
      if (!hasOlderFormat(body.request.trigger)) return next();
      const result = upgraded(body.request, '/request');
      if (result instanceof Error) return next(result);
      body.request = result;
      return next();
    }
    if (createTemplate.test(request.path) && isObject(body.template)) {
      if (!hasOlderFormat(body.template.trigger, 'template')) return next();
      const result = upgraded(body.template, '/template');
      if (result instanceof Error) return next(result);
      // A template's trigger has no edit time (its steps may); its other fields (validity,
      // connections, agents, files) stay as sent.
      if (isObject(result.trigger)) delete result.trigger.lastUpdatedDate;
      body.template = { ...body.template, ...result };
      return next();
    }
    next();
  };
}
