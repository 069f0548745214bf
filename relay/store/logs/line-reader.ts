// Positioned reads of whole lines from a day's .jsonl. Spans close to each other are
// coalesced into one read (bounded window), so confirming many candidates of a scan or
// reading a page costs a few reads instead of one per line.

import type { FileHandle } from 'node:fs/promises';
import { readFully } from './fs-util.js';

export interface Span {
  offset: number;
  length: number;
}

const MAX_WINDOW = 1 << 20; // bytes read at once
const MAX_GAP = 16 << 10; // unwanted bytes tolerated between two spans of one window

/** The bytes of each span (without the newline), in the order given. A span past EOF comes back short. */
export async function readSpans(handle: FileHandle, spans: readonly Span[]): Promise<Buffer[]> {
  const out = new Array<Buffer>(spans.length);
  const order = spans.map((_, i) => i).sort((a, b) => spans[a]!.offset - spans[b]!.offset);
  let i = 0;
  while (i < order.length) {
    const first = spans[order[i]!]!;
    const windowStart = first.offset;
    let windowEnd = first.offset + first.length;
    let j = i + 1;
    while (j < order.length) {
      const next = spans[order[j]!]!;
      const nextEnd = Math.max(windowEnd, next.offset + next.length);
      if (next.offset - windowEnd > MAX_GAP || nextEnd - windowStart > MAX_WINDOW) break;
      windowEnd = nextEnd;
      j++;
    }
    const buffer = Buffer.allocUnsafe(windowEnd - windowStart);
    const got = await readFully(handle, buffer, 0, buffer.length, windowStart);
    for (let k = i; k < j; k++) {
      const index = order[k]!;
      const span = spans[index]!;
      const from = span.offset - windowStart;
      out[index] = buffer.subarray(Math.min(from, got), Math.min(from + span.length, got));
    }
    i = j;
  }
  return out;
}
