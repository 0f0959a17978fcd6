// Reading the lists the way the list tests of every resource do: the items of a page by name,
// and walking the pages with their cursors (next, previous).
import { expect } from 'vitest';
import { unwrap } from '../../src/client';

interface Page<T> {
  data: T[];
  next: string | null;
  previous: string | null;
}

/**
 * The items, by the names `named` gives them, in list order ('d c b a'); an item without a name by
 * its id. For filter tests that read as a table: query, then the records it lists.
 */
export function namesOf(items: { id: string }[], named: Record<string, { id: string }>): string {
  const names = new Map(Object.entries(named).map(([name, item]) => [item.id, name]));
  return items.map((item) => names.get(item.id) ?? item.id).join(' ');
}

/** A call of the typed client for one page of a list: the filters and limit fixed, the cursor given. */
export type PageOf<T> = (
  cursor: string | undefined,
) => Promise<{ data?: Page<T>; error?: unknown; response: Response }>;

/** Follows `next` from the first page to the last: the ids of the items in order, and the size of each page. */
export async function walkPages<T extends { id: string }>(
  pageOf: PageOf<T>,
): Promise<{ ids: string[]; sizes: number[] }> {
  const ids: string[] = [];
  const sizes: number[] = [];
  let cursor: string | undefined;
  do {
    const page = await unwrap(pageOf(cursor));
    ids.push(...page.data.map((item) => item.id));
    sizes.push(page.data.length);
    cursor = page.next ?? undefined;
  } while (cursor !== undefined);
  return { ids, sizes };
}

/**
 * Asserts that the first page has no `previous`, that `next` leads to the items after it and that
 * the second page's `previous` leads back to the first page, which again has no `previous`.
 * `expected` is the whole list's ids in order.
 */
export async function expectPreviousLeadsBack<T extends { id: string }>(
  pageOf: PageOf<T>,
  expected: string[],
): Promise<void> {
  const first = await unwrap(pageOf(undefined));
  const size = first.data.length;
  expect(first.data.map((item) => item.id)).toEqual(expected.slice(0, size));
  expect(first.previous).toBeNull();
  expect(first.next, 'a first page with a next one').not.toBeNull();
  const second = await unwrap(pageOf(first.next ?? undefined));
  expect(second.data.map((item) => item.id)).toEqual(expected.slice(size, 2 * size));
  expect(second.previous, 'a second page with a previous one').not.toBeNull();
  const back = await unwrap(pageOf(second.previous ?? undefined));
  expect(back.data.map((item) => item.id)).toEqual(expected.slice(0, size));
  expect(back.previous).toBeNull();
}
