// Assertions on the problems the API answers, shared by the suites so that each kind of failure is
// checked the same way everywhere. They assert (and so fail the test); they never swallow a failure.
import { expect } from 'vitest';
import type { Schemas } from '../../src/client';

/** What a call of the typed client resolves to: the response, and the problem body when it failed. */
export interface Answer {
  response: Response;
  error?: unknown;
}

/** The record a 404 names in its params. */
export interface MissingEntity {
  /** As the service names it: 'project', 'flow', 'flow version', 'flow run', 'folder', 'mcpServer'. */
  entityType: string;
  entityId: string;
}

/**
 * Asserts `answer` is the 404 problem ENTITY_NOT_FOUND naming `entity`: what an unknown id gets,
 * and just the same what another platform's id gets (so a key cannot tell the two apart).
 */
export function expectNotFound(answer: Answer, entity: MissingEntity): void {
  const label = `${entity.entityType} ${entity.entityId}`;
  expect(answer.response.status, label).toBe(404);
  expect(answer.error, label).toMatchObject({ code: 'ENTITY_NOT_FOUND', params: entity });
}

/**
 * Asserts `answer` is the 400 problem VALIDATION; when `issues` are given, its `errors` are exactly
 * these, in this order (each compared on the fields given).
 */
export function expectInvalid(answer: Answer, issues?: Partial<Schemas['ValidationIssue']>[], label?: string): void {
  expect(answer.response.status, label).toBe(400);
  expect(answer.error, label).toMatchObject(issues ? { code: 'VALIDATION', errors: issues } : { code: 'VALIDATION' });
}
