// JSON columns are stored as text on both stores.
export function toJson(value: unknown): string {
  return JSON.stringify(value);
}

export function fromJson<T>(text: string): T {
  return JSON.parse(text) as T;
}

export function fromJsonOrNull<T>(text: string | null): T | null {
  return text === null ? null : (JSON.parse(text) as T);
}

export function toFlag(value: boolean): number {
  return value ? 1 : 0;
}

/** 0/1 from SQLite, 0/1 or boolean from PostgreSQL. */
export function fromFlag(value: number | boolean): boolean {
  return value === true || value === 1;
}

/**
 * A parser that keeps what it parsed, by text: a column whose few distinct values are read over and
 * over (a page of flows parsed each flow's trigger on every request) is parsed once per value. What
 * it keeps is shared by every caller, so it is frozen throughout: a caller that changed it would
 * throw instead of changing what others are shown. Bounded: `entries` values at most, the oldest
 * dropped first, and texts longer than `longestText` are parsed each time, not kept and not frozen.
 */
export function keepingParser<T>(limits: { entries: number; longestText: number }): (text: string) => T {
  const kept = new Map<string, T>();
  return (text) => {
    // A long text is never kept: looking it up would hash all of it, and what is parsed from it is
    // the caller's alone, so it needs no freezing either.
    if (text.length > limits.longestText) return JSON.parse(text) as T;
    const known = kept.get(text);
    if (known !== undefined) return known;
    const parsed = deepFrozen(JSON.parse(text) as T);
    if (kept.size >= limits.entries) kept.delete(kept.keys().next().value as string);
    kept.set(text, parsed);
    return parsed;
  };
}

/**
 * The value, frozen with everything in it. What is frozen already is taken as frozen throughout, as
 * everything frozen here is (it is frozen after what it holds), and not walked again: freezing a
 * changed copy of a kept tree (src/flows/operations/kept-tree.ts) walks only what the copy made.
 */
export function deepFrozen<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  // Recursion is bounded: stored JSON is nested at most as deep as a request body may be.
  for (const key in value) deepFrozen((value as Record<string, unknown>)[key]);
  return Object.freeze(value);
}
