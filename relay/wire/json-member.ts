// One member of a JSON object read out of its text without parsing the rest: a whole answer
// passed through is sent as it came, and its usage is all the relay needs from it. Parsing
// the whole answer would cost what the answer weighs; this costs what its usage weighs.

import { BACKSLASH, CLOSE_ARRAY, CLOSE_OBJECT, COLON, OPEN_ARRAY, OPEN_OBJECT, QUOTE } from './json-chars.js';

/**
 * The value of the root object's member `key` when it is an object, found from the end (where
 * every format this is used for puts its usage); `undefined` when that cannot be told for sure
 * — the text is not one object, the last such key is nested, its value is not an object or not
 * JSON — and the caller then parses the whole text. Inside JSON strings a quote is always
 * escaped, so `"key"` followed by a colon is a member name wherever it is found.
 */
export function rootObjectMember(text: string, key: string): Record<string, unknown> | undefined {
  const last = lastNonSpace(text);
  if (last < 0 || text.charCodeAt(last) !== CLOSE_OBJECT || text.charCodeAt(firstNonSpace(text)) !== OPEN_OBJECT) return undefined;
  const name = `"${key}"`;
  const at = text.lastIndexOf(name);
  // A quote after a backslash is inside a string: then this is not a member name.
  if (at < 0 || text.charCodeAt(at - 1) === BACKSLASH) return undefined;
  let colon = at + name.length;
  while (isSpace(text.charCodeAt(colon))) colon++;
  if (text.charCodeAt(colon) !== COLON) return undefined;
  let start = colon + 1;
  while (isSpace(text.charCodeAt(start))) start++;
  if (text.charCodeAt(start) !== OPEN_OBJECT) return undefined;
  const end = closingIndex(text, start);
  // Nested deeper than the root, the text after the value would close more than the root.
  if (end < 0 || closingIndex(text, end + 1, 1) !== last) return undefined;
  try {
    return JSON.parse(text.slice(start, end + 1)) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/**
 * Where the depth reached from `from` (already `depth` levels in, 0 when `from` opens one) first
 * falls back to zero, strings skipped; -1 when it never does.
 */
function closingIndex(text: string, from: number, depth = 0): number {
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      i = stringEnd(text, i);
      if (i < 0) return -1;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) depth++;
    else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      if (--depth === 0) return i;
    }
  }
  return -1;
}

/** The index of the quote closing the string opened at `open` (one not escaped by a backslash), or -1. */
function stringEnd(text: string, open: number): number {
  let at = open;
  for (;;) {
    at = text.indexOf('"', at + 1);
    if (at < 0) return -1;
    let backslashes = 0;
    while (text.charCodeAt(at - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return at;
  }
}

/** JSON's whitespace (space, tab, newline, carriage return), as a character code. */
export function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

function firstNonSpace(text: string): number {
  let i = 0;
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  return i;
}

function lastNonSpace(text: string): number {
  let i = text.length - 1;
  while (i >= 0 && isSpace(text.charCodeAt(i))) i--;
  return i;
}
