// Queries compiled once per shape. Kysely turns a builder into SQL on every call (a visit of every
// node: each join, column and alias), and the statement cache then hashes the new SQL text: for a
// query whose values alone change, that cost more than running it. A query is built with slots
// where its values go; its SQL is kept under the shape of those values, and each run binds its
// own values into it. Serves both stores; plugged in by src/store/engine/speed-tricks.ts (`compiledOnce`),
// used through src/store/reading/query-reuse.ts.
import type { CompiledQuery } from 'kysely';
import type { Bindings, CompiledQueries } from '../../reading/query-reuse';

/** Stands where the value of the same index goes while the query is built. */
class Slot {
  constructor(readonly index: number) {}
}

/** The values of one run, each behind a slot, and the shape they give its SQL (its `key`). */
class SlotBindings implements Bindings {
  readonly values: unknown[] = [];
  private readonly parts: string[] = [];

  private slot<Value>(value: unknown): Value {
    this.values.push(value);
    return new Slot(this.values.length - 1) as unknown as Value;
  }

  value<Value>(name: string, value: Value): Value {
    this.parts.push(name);
    return this.slot<Value>(value);
  }

  list<Value>(name: string, values: readonly Value[]): Value[] {
    this.parts.push(`${name}[${values.length}]`);
    return values.map((value) => this.slot<Value>(value));
  }

  record<Row extends Record<string, unknown>>(name: string, row: Row): Row {
    const columns = Object.keys(row);
    this.parts.push(`${name}{${columns.join(',')}}`);
    return Object.fromEntries(columns.map((column) => [column, this.slot(row[column])])) as Row;
  }

  shape(part: string): void {
    this.parts.push(`=${part}`);
  }

  /** The query's shape, as text. */
  get key(): string {
    return this.parts.join(',');
  }
}

/**
 * Kept per store at most; then they are compiled again as needed. The shapes vary with a request's
 * filters: this bounds what many distinct requests can keep.
 */
const MAX_KEPT = 1000;

export function keepCompiledQueries(): CompiledQueries {
  const kept = new Map<string, CompiledQuery<unknown>>();
  return {
    bindings: () => new SlotBindings(),
    async run(name, bindings, build, runner) {
      if (!(bindings instanceof SlotBindings)) throw new TypeError(`${name}: bindings not made by this store`);
      const key = `${name}: ${bindings.key}`;
      let compiled = kept.get(key);
      if (compiled === undefined) {
        compiled = build().compile();
        if (kept.size >= MAX_KEPT) kept.clear();
        kept.set(key, compiled);
      }
      const parameters = compiled.parameters.map((parameter) =>
        parameter instanceof Slot ? bindings.values[parameter.index] : parameter,
      );
      const query = { ...compiled, parameters } as CompiledQuery<never>;
      return (await runner.executeQuery(query)).rows;
    },
  };
}
