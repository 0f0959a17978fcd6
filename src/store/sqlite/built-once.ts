// The start of a query, built once per database handle and shared. Kysely's query builders are
// immutable (every `where`, `orderBy` or `limit` returns a new builder and leaves its receiver as it
// was), so a base can serve every request; building it again (parsing each selected column and
// join) cost as much as running the query it starts.
const basesOf = new WeakMap<object, Map<string, unknown>>();

/**
 * Kept per handle at most; then they are made again as needed. The names of compiled queries vary
 * with a request's filters (./compiled-once.ts): this bounds what many distinct requests can keep.
 */
const MAX_KEPT = 1000;

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
    if (bases.size >= MAX_KEPT) bases.clear();
    bases.set(name, base);
  }
  return base;
}
