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
