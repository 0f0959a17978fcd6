// What a JSON text will cost once parsed is told by its number of values and its depth far better
// than by its bytes: 470 KB of empty objects (`[{},{},…]`, 160,000 values) held the event loop for
// seconds in the walks every body goes through (parse, checks, copies, storage), where 470 KB of
// text in one string costs a few milliseconds. Members' names are counted with the values: each is
// a string to parse, hash and copy, and 50,000 distinct names cost more than 100,000 empty objects.
// Both figures are read here from the bytes, before any parse, in one pass that allocates nothing.

/** The number of values of a JSON text and how deep its containers nest. */
export interface JsonShape {
  /**
   * Objects, arrays, strings, numbers, booleans and nulls, the top value included, and the name
   * of every object member: `{"a":[1,2]}` has 5.
   */
  values: number;
  /** The most containers open at once: 0 for a scalar, 1 for `[]` or `{"a":1}`, 2 for `[[]]`. */
  depth: number;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;

function isWhiteSpace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}

/**
 * The shape of the JSON text in these UTF-8 bytes. Every value but the top one is either the first
 * of its container or follows a comma, and every member's name is followed by a colon, so the
 * values are 1 + the commas + the colons + the containers that are not empty, those inside strings
 * left out. Of bytes that are not JSON the figures mean little (`,,,` has 4 values), but they stay
 * within the bytes' length plus one.
 */
export function jsonShapeOf(bytes: Uint8Array): JsonShape {
  let values = 1;
  let depth = 0;
  let deepest = 0;
  // A container was just opened: the next byte that is not white space tells whether it is empty.
  let opened = false;
  const length = bytes.length;
  for (let at = 0; at < length; at += 1) {
    const byte = bytes[at] as number;
    if (isWhiteSpace(byte)) continue;
    if (opened && byte !== CLOSE_OBJECT && byte !== CLOSE_ARRAY) values += 1;
    opened = false;
    if (byte === QUOTE) {
      // Byte by byte: a native search per string cost more than it saved on bodies of short strings.
      for (at += 1; at < length; at += 1) {
        const inString = bytes[at];
        if (inString === QUOTE) break;
        if (inString === BACKSLASH) at += 1;
      }
    } else if (byte === COMMA || byte === COLON) {
      values += 1;
    } else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) {
      opened = true;
      depth += 1;
      if (depth > deepest) deepest = depth;
    } else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) {
      depth -= 1;
    }
  }
  return { values, depth: deepest };
}
