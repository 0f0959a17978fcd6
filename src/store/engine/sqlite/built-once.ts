// Query builders made once per store and shared. Kysely's query builders are immutable (every
// `where`, `orderBy` or `limit` returns a new builder and leaves its receiver as it was), so a base
// can serve every request; building it again (parsing each selected column and join) cost as much
// as running the query it starts. Serves both stores; plugged in by src/store/engine/speed-tricks.ts
// (`builtOnce`), used through src/store/reading/query-reuse.ts.
import type { Keeper } from '../../reading/query-reuse';

/** Kept per store at most; then they are made again as needed. */
const MAX_KEPT = 1000;

export function keepBuilders(): Keeper {
  const kept = new Map<string, unknown>();
  return {
    keep<T>(name: string, make: () => T): T {
      let builder = kept.get(name) as T | undefined;
      if (builder === undefined) {
        builder = make();
        if (kept.size >= MAX_KEPT) kept.clear();
        kept.set(name, builder);
      }
      return builder;
    },
  };
}
