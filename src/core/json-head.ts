// The first members of a JSON object, read from its text without parsing the rest. A stored flow
// trigger is a few small members (its type, name and settings) followed by `nextAction`, the whole
// chain of steps below it: what a schedule or an import needs of it is in those first members.

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

function skipSpace(text: string, index: number): number {
  let at = index;
  while (at < text.length && isSpace(text.charCodeAt(at))) at += 1;
  return at;
}

/** The index after the string whose opening quote is at `index`; -1 when it never closes. */
function endOfString(text: string, index: number): number {
  for (let at = index + 1; at < text.length; at += 1) {
    const code = text.charCodeAt(at);
    if (code === BACKSLASH) at += 1;
    else if (code === QUOTE) return at + 1;
  }
  return -1;
}

/** The index after the value that starts at `index`; -1 when the text ends first. */
function endOfValue(text: string, index: number): number {
  const first = text[index];
  if (first === '"') return endOfString(text, index);
  if (first === '{' || first === '[') {
    let depth = 0;
    for (let at = index; at < text.length; at += 1) {
      const char = text[at];
      if (char === '"') {
        const end = endOfString(text, at);
        if (end < 0) return -1;
        at = end - 1;
      } else if (char === '{' || char === '[') depth += 1;
      else if (char === '}' || char === ']') {
        depth -= 1;
        if (depth === 0) return at + 1;
      }
    }
    return -1;
  }
  // A number, true, false or null: up to what ends a member.
  let at = index;
  while (at < text.length && !',}] \n\r\t'.includes(text[at] as string)) at += 1;
  return at;
}

/**
 * The members of the JSON object `text` that come before its member `key`, parsed; the whole
 * object when it has no such member. For text JSON.stringify wrote (no key appears twice), this is
 * JSON.parse(text) without `key` and the members after it. Any other value is parsed whole.
 */
export function membersBefore(text: string, key: string): unknown {
  let at = skipSpace(text, 0);
  if (text[at] !== '{') return JSON.parse(text);
  /** Where the members before the current one end: after `{`, or at the comma before it. */
  let headEnd = at + 1;
  at = skipSpace(text, at + 1);
  while (text[at] === '"') {
    const keyEnd = endOfString(text, at);
    if (keyEnd < 0) break;
    if (JSON.parse(text.slice(at, keyEnd)) === key) return JSON.parse(`${text.slice(0, headEnd)}}`);
    at = skipSpace(text, keyEnd);
    if (text[at] !== ':') break;
    const valueEnd = endOfValue(text, skipSpace(text, at + 1));
    if (valueEnd < 0) break;
    at = skipSpace(text, valueEnd);
    if (text[at] !== ',') break;
    headEnd = at;
    at = skipSpace(text, at + 1);
  }
  // The end of the object, no such member; or text that is not JSON, which JSON.parse reports.
  return JSON.parse(text);
}
