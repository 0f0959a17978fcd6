// A session's forced answers: rules that match an operation (and, optionally, its path
// parameters) and, for the next `times` matching requests or every one, add a delay, close the
// connection, or answer an error status the operation declares. The first rule that matches and
// has uses left is the one applied.
import { randomAlphanumeric } from '../store/reading/ids';
import type { RuleCreateBody } from './schemas';

export interface Rule extends RuleCreateBody {
  id: string;
  /** Uses left; absent: every matching request. */
  remaining?: number;
  /** Requests it answered so far. */
  matched: number;
}

export class Rules {
  private readonly rules: Rule[] = [];

  get size(): number {
    return this.rules.length;
  }

  add(input: RuleCreateBody): Rule {
    const rule: Rule = {
      id: randomAlphanumeric(12),
      ...input,
      ...(input.times === undefined ? {} : { remaining: input.times }),
      matched: 0,
    };
    this.rules.push(rule);
    return rule;
  }

  list(): Rule[] {
    return this.rules.map((rule) => ({ ...rule }));
  }

  remove(id: string): boolean {
    const index = this.rules.findIndex((rule) => rule.id === id);
    if (index < 0) return false;
    this.rules.splice(index, 1);
    return true;
  }

  clear(): void {
    this.rules.length = 0;
  }

  /** The rule that answers this request, its use counted; rules used up stay listed with `remaining: 0`. */
  take(operationId: string, pathParams: Readonly<Record<string, string>>): Rule | undefined {
    const rule = this.rules.find(
      (candidate) =>
        candidate.operationId === operationId &&
        (candidate.remaining === undefined || candidate.remaining > 0) &&
        Object.entries(candidate.path ?? {}).every(([name, value]) => pathParams[name] === value),
    );
    if (!rule) return undefined;
    if (rule.remaining !== undefined) rule.remaining -= 1;
    rule.matched += 1;
    return rule;
  }
}
