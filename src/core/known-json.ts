// Answers whose JSON text is at hand before they are sent. A flow's definition is stored as JSON
// text (a 50-step flow is some 12 KB of it); parsing it only for the response to serialise it
// again was most of what a read or an edit of the flow cost. A resource builds such an answer's
// text around the stored text and registers it with the answer here; the HTTP layer sends that
// text instead of serialising the answer (src/http/pipeline/json-response.ts), and where
// responses are validated it checks that the text is exactly what serialising the answer gives.
//
// The answer stays a whole value for every other reader (the response validator, an event's
// payload, the idempotency record): the parts that were not parsed are parsed when first read.

const knownTexts = new WeakMap<object, string>();

/** Registers `text` as the JSON text of `value`, which its maker does not change afterwards. */
export function withJsonText<T extends object>(value: T, text: string): T {
  knownTexts.set(value, text);
  return value;
}

/** The JSON text registered for `value`, if any. */
export function jsonTextOf(value: unknown): string | undefined {
  return typeof value === 'object' && value !== null ? knownTexts.get(value) : undefined;
}

/** `JSON.stringify(value)`, from the registered text when there is one. */
export function toJsonText(value: unknown): string | undefined {
  return jsonTextOf(value) ?? JSON.stringify(value);
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

/**
 * Defines `object[name]` as a value computed on its first read (then kept): an enumerable member,
 * in the position the key already has, as JSON.stringify, spreads and validators read it. It has no
 * setter: an assignment would make the registered text wrong, so it throws (modules are strict).
 */
export function lazyMember<T extends object, K extends keyof T>(object: T, name: K, compute: () => T[K]): void {
  let computed = false;
  let value: T[K];
  Object.defineProperty(object, name, {
    enumerable: true,
    configurable: true,
    get() {
      if (!computed) {
        value = compute();
        computed = true;
      }
      return value;
    },
  });
}
