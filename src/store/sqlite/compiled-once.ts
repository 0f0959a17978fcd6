// Queries compiled once per shape and database handle. Kysely turns a builder into SQL on every call
// (a visit of every node: each join, column and alias), and the statement cache then hashes the new
// SQL text: for a query whose values alone change, that cost more than running it. A query is
// built with slots where its values go (Bindings); its SQL is kept under the shape of those
// bindings, and each run binds its own values into it.
import type { Compilable, CompiledQuery, Insertable, Kysely } from 'kysely';
import type { Database } from '../schema';
import { builtOnce } from './built-once';

/** Stands where the value of the same index goes while the query is built. */
class Slot {
  constructor(readonly index: number) {}
}

/**
 * The values of one run of a query, each behind a slot, and the shape they give its SQL: which
 * values are there (their names, in order), how long each list is, and anything else the caller
 * says changes the SQL. Two runs with the same shape must build the same SQL.
 */
export class Bindings {
  readonly values: unknown[] = [];
  private readonly parts: string[] = [];

  private slot<Value>(value: unknown): Value {
    this.values.push(value);
    return new Slot(this.values.length - 1) as unknown as Value;
  }

  /** `value` under `name`: returns the slot that stands for it while the query is built. */
  value<Value>(name: string, value: Value): Value {
    this.parts.push(name);
    return this.slot<Value>(value);
  }

  /** Several values (an `in` list, a row of keys): a slot each; their number is part of the shape. */
  list<Value>(name: string, values: readonly Value[]): Value[] {
    this.parts.push(`${name}[${values.length}]`);
    return values.map((value) => this.slot<Value>(value));
  }

  /**
   * A row's values (an insert's), each behind a slot under its column: the columns, in order, are
   * part of the shape.
   */
  record<Row extends Record<string, unknown>>(name: string, row: Row): Row {
    const columns = Object.keys(row);
    this.parts.push(`${name}{${columns.join(',')}}`);
    return Object.fromEntries(columns.map((column) => [column, this.slot(row[column])])) as Row;
  }

  /** Something other than a value that changes the SQL (which version a list shows, a page's limit). */
  shape(part: string): void {
    this.parts.push(`=${part}`);
  }

  /** The query's shape, as text. */
  get key(): string {
    return this.parts.join(',');
  }
}

/**
 * Runs what `build` makes (using only the slots of `bindings`), compiled on first use per handle
 * and shape and kept under `name`. `runner` runs it when that is another handle than the one it
 * is built on: a transaction, which is a new handle each time, runs SQL kept on the database's.
 */
export async function runCompiledOnce<DB, Row>(
  db: Kysely<DB>,
  name: string,
  bindings: Bindings,
  build: () => Compilable<Row>,
  runner: NoInfer<Kysely<DB>> = db,
): Promise<Row[]> {
  const compiled = builtOnce(db, `compiled ${name}: ${bindings.key}`, () => build().compile());
  const parameters = compiled.parameters.map((parameter) =>
    parameter instanceof Slot ? bindings.values[parameter.index] : parameter,
  );
  const query: CompiledQuery<Row> = { ...compiled, parameters };
  return (await runner.executeQuery(query)).rows;
}

/**
 * Inserts `row` into `table` through SQL compiled once per table and set of columns, run on
 * `runner` (a write transaction's handle).
 */
export async function insertCompiledOnce<Table extends keyof Database & string>(
  db: Kysely<Database>,
  table: Table,
  row: Insertable<Database[Table]>,
  runner: Kysely<Database>,
): Promise<void> {
  const bindings = new Bindings();
  const values = bindings.record(table, row as Record<string, unknown>) as Insertable<Database[Table]>;
  await runCompiledOnce(db, `insert ${table}`, bindings, () => db.insertInto(table).values(values), runner);
}
