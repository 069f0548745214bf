import { BACKSLASH, CLOSE_ARRAY, CLOSE_OBJECT, OPEN_ARRAY, OPEN_OBJECT, QUOTE } from '../wire/json-chars.js';

/**
 * How deep a request's JSON may nest. Deeper bodies are refused before parsing: JSON.parse
 * copes, but every recursive walk after it (JSON.stringify on the pass-through path, the
 * state file's writer) would overflow the stack. Real requests (JSON schemas of tools
 * included) stay far below this.
 */
export const MAX_JSON_DEPTH = 128;

export const TOO_DEEP_MESSAGE = `The request body is nested deeper than ${MAX_JSON_DEPTH} levels.`;

/**
 * Whether the JSON in `bytes` opens more than `limit` arrays and objects inside each other:
 * one linear pass over the bytes outside strings (strings are skipped natively). Invalid
 * JSON is left to the parser.
 */
export function nestsDeeperThan(bytes: Uint8Array, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i];
    if (byte === QUOTE) {
      i = closingQuote(bytes, i);
      if (i < 0) return false;
    } else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
      if (++depth > limit) return true;
    } else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) {
      depth--;
    }
  }
  return false;
}

/** The index of the quote closing the string opened at `open` (one not escaped by a backslash), or -1. */
function closingQuote(bytes: Uint8Array, open: number): number {
  let at = open;
  for (;;) {
    at = bytes.indexOf(QUOTE, at + 1);
    if (at < 0) return -1;
    let backslashes = 0;
    while (bytes[at - 1 - backslashes] === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return at;
  }
}
