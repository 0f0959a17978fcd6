// Text no store can keep faithfully: a NUL (PostgreSQL refuses 0x00, SQLite keeps it) and a lone
// surrogate (half of a UTF-16 pair: not a character, so not encodable as UTF-8; each store
// replaced it its own way). The HTTP layer refuses both in every request; the cursor codec too.

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text);
}

/** Why a store cannot keep the text faithfully, or undefined when it can. */
export function unstorableText(text: string): string | undefined {
  if (text.includes('\u0000')) return 'must not contain a NUL character (U+0000)';
  if (hasLoneSurrogate(text)) return 'must not contain a lone surrogate (U+D800 to U+DFFF without its pair)';
  return undefined;
}

/** The text with NULs and lone surrogates written as `\uXXXX` escapes, for messages about it. */
export function escapedText(text: string): string {
  return text
    .replaceAll('\u0000', '\\u0000')
    .replace(LONE_SURROGATES, (surrogate) => `\\u${surrogate.charCodeAt(0).toString(16).toUpperCase()}`);
}
