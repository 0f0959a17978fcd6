// What every conformance check is made of: an area, a name, and the expectations that held or not.
// A check is one probe a single request (or a few) can show; the areas are scored apart, so a
// deployment that passes every workflow but leaks another project's records says so.
import type { Answer } from '../http';

export const AREAS = ['workflows', 'isolation', 'use-after-free', 'problems', 'idempotency', 'webhooks'] as const;
export type Area = (typeof AREAS)[number];

export interface CheckResult {
  area: Area;
  name: string;
  passed: boolean;
  /** One line per expectation that did not hold: the request, its answer, what was expected. */
  failures: string[];
  durationMs: number;
}

export interface SkippedCheck {
  area: Area;
  name: string;
  reason: string;
}

/** The expectations of one check: each that fails is kept, and the check goes on. */
export class Expectations {
  readonly failures: string[] = [];

  that(condition: boolean, failure: string): boolean {
    if (!condition) this.failures.push(failure);
    return condition;
  }

  /** The answer has `status` (a failure names the request and what came back). */
  status(answer: Answer, status: number): boolean {
    return this.that(
      answer.status === status,
      `${answer.request} answered ${answer.status}${codeOf(answer)}, expected ${status}`,
    );
  }
}

/** ` (CODE)` when the answer is a problem with a code: what a person reads first in a failure. */
export function codeOf(answer: Answer): string {
  const body = answer.body;
  return typeof body === 'object' && body !== null && 'code' in body && typeof body.code === 'string'
    ? ` (${body.code})`
    : '';
}

/** Runs checks one after another and keeps their results. */
export class CheckRun {
  readonly results: CheckResult[] = [];
  readonly skipped: SkippedCheck[] = [];

  async check(area: Area, name: string, body: (expect: Expectations) => Promise<void>): Promise<void> {
    const expect = new Expectations();
    const started = performance.now();
    try {
      await body(expect);
    } catch (error) {
      expect.failures.push(error instanceof Error ? error.message : String(error));
    }
    this.results.push({
      area,
      name,
      passed: expect.failures.length === 0,
      failures: expect.failures,
      durationMs: Math.round(performance.now() - started),
    });
  }

  skip(area: Area, names: string[], reason: string): void {
    for (const name of names) this.skipped.push({ area, name, reason });
  }
}
