// Query builders and compiled SQL kept across requests. The queries modules
// (src/<resource>/queries.ts) build their queries through these functions, and the store says what
// is kept: two speed tricks (./speed-tricks.ts) keep builders by name (`builtOnce`,
// ./sqlite/built-once.ts) and SQL by the shape of its values (`compiledOnce`,
// ./sqlite/compiled-once.ts). A store without them builds and compiles every query on every call, as
// Kysely does: the same SQL, the same results.
import type { Compilable, Insertable, Kysely, Updateable } from 'kysely';
import type { Database } from '../engine/schema';

/** Keeps what `make` returns under a name (and returns the kept one), or keeps nothing. */
export interface Keeper {
  keep<T>(name: string, make: () => T): T;
}

/**
 * The values of one run of a query. A query is built with what these return in place of its
 * values (the values themselves, or slots they are bound into later); the names, list lengths,
 * columns and `shape` parts make its shape: two runs with the same shape must build the same SQL.
 */
export interface Bindings {
  /** `value` under `name`: use what it returns in the query. */
  value<Value>(name: string, value: Value): Value;
  /** Several values (an `in` list, a row of keys); their number is part of the shape. */
  list<Value>(name: string, values: readonly Value[]): Value[];
  /** A row's values (an insert's), under its columns: the columns, in order, are part of the shape. */
  record<Row extends Record<string, unknown>>(name: string, row: Row): Row;
  /** Something other than a value that changes the SQL (which version a list shows, a page's limit). */
  shape(part: string): void;
}

/** A handle queries run on: the store's database, or a write transaction's. */
export type QueryRunner = Pick<Kysely<Database>, 'executeQuery'>;

/** How a store compiles the queries built with bindings. */
export interface CompiledQueries {
  /** The bindings of one run of a query. */
  bindings(): Bindings;
  /** Runs the query `build` makes from `bindings` (kept under `name` and its shape, or not) on `runner`. */
  run<Row>(name: string, bindings: Bindings, build: () => Compilable<Row>, runner: QueryRunner): Promise<Row[]>;
}

/** What the queries modules need of a store (src/store/engine/database.ts's Store has it). */
export interface QueryHost {
  readonly db: Kysely<Database>;
  readonly builders: Keeper;
  readonly compiledQueries: CompiledQueries;
}

/** Without `builtOnce`: every builder made on each call. */
export const builtEachTime: Keeper = { keep: (_name, make) => make() };

/** Without `compiledOnce`: the values go straight into the query, compiled on each run. */
const valuesInPlace: Bindings = {
  value: (_name, value) => value,
  list: (_name, values) => [...values],
  record: (_name, row) => row,
  shape: () => undefined,
};

export const compiledEachTime: CompiledQueries = {
  bindings: () => valuesInPlace,
  async run(_name, _bindings, build, runner) {
    return (await runner.executeQuery(build().compile())).rows;
  },
};

/** `build()`'s builder, made on first use under `name` when the store keeps builders. */
export function builtOnce<Builder>(host: QueryHost, name: string, build: () => Builder): Builder {
  return host.builders.keep(name, build);
}

/** The bindings of one run of a query (see runCompiledOnce). */
export function newBindings(host: QueryHost): Bindings {
  return host.compiledQueries.bindings();
}

/**
 * Runs what `build` makes (using only what `bindings` returned for its values), compiled on first
 * use per shape and kept under `name` when the store keeps compiled queries. `runner` runs it when
 * that is another handle than the store's: a write transaction.
 */
export function runCompiledOnce<Row>(
  host: QueryHost,
  name: string,
  bindings: Bindings,
  build: () => Compilable<Row>,
  runner: QueryRunner = host.db,
): Promise<Row[]> {
  return host.compiledQueries.run(name, bindings, build, runner);
}

/** Sets `changes` on the row of `table` with this `id`, through SQL compiled once per table and set of columns. */
export async function updateByIdCompiledOnce<Table extends 'flows' | 'flow_versions'>(
  host: QueryHost,
  table: Table,
  id: string,
  changes: Updateable<Database[Table]>,
  runner: QueryRunner,
): Promise<void> {
  const bindings = newBindings(host);
  const values = bindings.record(table, changes as Record<string, unknown>);
  const idValue = bindings.value('id', id);
  await runCompiledOnce(
    host,
    `update ${table}`,
    bindings,
    // Typed as the flows table: Kysely cannot check a `where` on a table the caller chooses, and
    // every table this takes has a text `id`.
    () =>
      host.db
        .updateTable(table as 'flows')
        .set(values as Updateable<Database['flows']>)
        .where('id', '=', idValue),
    runner,
  );
}

/** Inserts `row` into `table` through SQL compiled once per table and set of columns, run on `runner`. */
export async function insertCompiledOnce<Table extends keyof Database & string>(
  host: QueryHost,
  table: Table,
  row: Insertable<Database[Table]>,
  runner: QueryRunner,
): Promise<void> {
  const bindings = newBindings(host);
  const values = bindings.record(table, row as Record<string, unknown>) as Insertable<Database[Table]>;
  await runCompiledOnce(host, `insert ${table}`, bindings, () => host.db.insertInto(table).values(values), runner);
}
