/**
 * Cuts a text into bounded pieces for a BPE tokenizer, whose cost grows with the square of
 * the longest run it meets (one 80 000-character word: seconds). Runs of whitespace or of
 * anything else up to `LONG_RUN` characters stay in the pieces; a longer run is not
 * tokenised but estimated at one token per 4 UTF-8 bytes (~4 characters of English, ~1.3 of
 * CJK). Pieces end where the tokenizer's own pre-tokenisation (o200k) ends a chunk, so
 * counting them one by one gives the whole text's count; only text with no such place in
 * `HARD_CUT_FACTOR` pieces' length (rare) is cut anyway, which can shift a token or two.
 */
export const LONG_RUN = 256;
export const PIECE_CHARS = 1024;
const HARD_CUT_FACTOR = 2;
const BYTES_PER_TOKEN = 4;

export type TokenPiece = { text: string } | { estimate: number };

const WHITESPACE = /\s/g;
const NON_WHITESPACE = /\S/g;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

export function* tokenPieces(text: string, pieceChars = PIECE_CHARS, hardCutChars = pieceChars * HARD_CUT_FACTOR): Generator<TokenPiece> {
  let start = 0;
  let at = 0;
  while (at < text.length) {
    const wordEnd = indexFrom(WHITESPACE, text, at);
    if (wordEnd - at > LONG_RUN) {
      if (at > start) yield { text: text.slice(start, at) };
      yield { estimate: estimate(text.slice(at, wordEnd)) };
      start = wordEnd;
    } else if (wordEnd - start >= pieceChars && wordEnd < text.length && isChunkBoundary(text, wordEnd)) {
      yield { text: text.slice(start, wordEnd) };
      start = wordEnd;
    }
    const spaceEnd = indexFrom(NON_WHITESPACE, text, wordEnd);
    if (spaceEnd - wordEnd > LONG_RUN) {
      if (wordEnd > start) yield { text: text.slice(start, wordEnd) };
      yield { estimate: estimate(text.slice(wordEnd, spaceEnd)) };
      start = spaceEnd;
    } else if (spaceEnd - start >= hardCutChars) {
      yield { text: text.slice(start, spaceEnd) };
      start = spaceEnd;
    }
    at = spaceEnd;
  }
  if (start < text.length) yield { text: text.slice(start) };
}

function indexFrom(pattern: RegExp, text: string, from: number): number {
  pattern.lastIndex = from;
  return pattern.exec(text)?.index ?? text.length;
}

function estimate(run: string): number {
  return Math.ceil(Buffer.byteLength(run, 'utf8') / BYTES_PER_TOKEN);
}

/**
 * Whether o200k's pre-tokenisation ends a chunk before the whitespace at `index` (preceded
 * by non-whitespace): words, numbers and whitespace never run into each other, but a run of
 * punctuation takes the line breaks that follow it.
 */
function isChunkBoundary(text: string, index: number): boolean {
  const next = text[index];
  return (next !== '\n' && next !== '\r') || LETTER_OR_DIGIT.test(text[index - 1]!);
}
