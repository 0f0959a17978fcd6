// Answers whose JSON text is at hand before they are sent. A flow's definition is stored as JSON
// text (a 50-step flow is some 12 KB of it); parsing it only for the response to serialise it
// again was most of what a read or an edit of the flow cost. A resource builds such an answer's
// text around the stored text and registers it with the answer here; the HTTP layer sends that
// text instead of serialising the answer (src/http/pipeline/json-response.ts), and where
// responses are validated it checks that the text is exactly what serialising the answer gives.
//
// The answer stays a whole value for every other reader (the response validator, an event's
// payload, the idempotency record): the parts that were not parsed are parsed when first read.

// The text is a member of the answer itself, under a symbol and not enumerable: JSON.stringify,
// validators and spreads pass it by (a copy does not carry it, so it cannot carry a stale text),
// and no table shared by every request holds it (one such table, a Map of responses, once made V8
// promote some 10 KB of every request to the old generation: docs/performance.md).
const JSON_TEXT = Symbol('JSON text');

interface WithText {
  [JSON_TEXT]?: string;
}

/** Registers `text` as the JSON text of `value`, which its maker does not change afterwards. */
export function withJsonText<T extends object>(value: T, text: string): T {
  Object.defineProperty(value, JSON_TEXT, { value: text, enumerable: false });
  return value;
}

/** The JSON text registered for `value`, if any. */
export function jsonTextOf(value: unknown): string | undefined {
  return typeof value === 'object' && value !== null ? (value as WithText)[JSON_TEXT] : undefined;
}

/** `JSON.stringify(value)`, from the registered text when there is one. */
export function toJsonText(value: unknown): string | undefined {
  return jsonTextOf(value) ?? JSON.stringify(value);
}

/**
 * A page (`{ data, ...rest }`, `data` first) with its JSON text, each item's own text used where it
 * has one: a page of long flows is not parsed to be serialised either.
 */
export function pageWithText<T extends { data: readonly unknown[] }>(page: T): T {
  const items = page.data.map((item) => jsonTextOf(item) ?? JSON.stringify(item));
  const { data: _data, ...rest } = page;
  const after = JSON.stringify(rest);
  return withJsonText(page, `{"data":[${items.join(',')}]${after === '{}' ? '}' : `,${after.slice(1)}`}`);
}

/**
 * The JSON text of an object made of `head`'s members, then `name` with the JSON text `text`, then
 * `tail`'s members: what `JSON.stringify` gives for `{ ...head, [name]: value, ...tail }` when
 * `text` is the serialisation of `value`. `head` must have at least one member.
 */
export function spliceMember(head: object, name: string, text: string, tail: object): string {
  const before = JSON.stringify(head);
  const after = JSON.stringify(tail);
  const rest = after === '{}' ? '}' : `,${after.slice(1)}`;
  return `${before.slice(0, -1)},${JSON.stringify(name)}:${text}${rest}`;
}

/** A lazy member's value: computed on its first read, then kept. */
interface LazySlot {
  compute: () => unknown;
  computed: boolean;
  value: unknown;
}

const LAZY_SLOTS = Symbol('lazy members');

interface WithLazySlots {
  [LAZY_SLOTS]: Record<string, LazySlot>;
}

/** One getter per member name, shared by every object: objects made alike then share their hidden class. */
const lazyGetters = new Map<string, (this: WithLazySlots) => unknown>();

function lazyGetterOf(name: string): (this: WithLazySlots) => unknown {
  let getter = lazyGetters.get(name);
  if (getter === undefined) {
    getter = function (this: WithLazySlots) {
      const slot = this[LAZY_SLOTS][name] as LazySlot;
      if (!slot.computed) {
        slot.value = slot.compute();
        slot.computed = true;
      }
      return slot.value;
    };
    lazyGetters.set(name, getter);
  }
  return getter;
}

/**
 * `{ ...head, [name]: compute(), ...tail }`, with `compute` run on the member's first read (then
 * kept): an enumerable member in that position, as JSON.stringify, spreads and validators read it.
 * It has no setter: an assignment would make a registered text wrong, so it throws (modules are
 * strict). The getter is one function per name, so that V8 gives all such objects one hidden class
 * (a closure of its own per object made each a class of its own, which grew the old generation).
 */
export function withLazyMember<T extends object>(head: object, name: string, compute: () => unknown, tail: object): T {
  const made = { ...head };
  Object.defineProperty(made, name, { get: lazyGetterOf(name), enumerable: true, configurable: true });
  Object.assign(made, tail);
  const slots: Record<string, LazySlot> = { [name]: { compute, computed: false, value: undefined } };
  Object.defineProperty(made, LAZY_SLOTS, { value: slots });
  return made as T;
}
