// The start of a query, built once per database handle and shared. Kysely's query builders are
// immutable (every `where`, `orderBy` or `limit` returns a new builder and leaves its receiver as it
// was), so a base can serve every request; building it again (parsing each selected column and
// join) cost as much as running the query it starts.
const basesOf = new WeakMap<object, Map<string, unknown>>();

/** `build()`'s builder for this handle (a database or a transaction), made on first use under `name`. */
export function builtOnce<Builder>(db: object, name: string, build: () => Builder): Builder {
  let bases = basesOf.get(db);
  if (!bases) {
    bases = new Map();
    basesOf.set(db, bases);
  }
  let base = bases.get(name) as Builder | undefined;
  if (base === undefined) {
    base = build();
    bases.set(name, base);
  }
  return base;
}
