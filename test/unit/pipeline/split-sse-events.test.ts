// The SSE splitter of pass-through streams, against the plain reading of the format (split on
// the first blank line, data = the `data:` lines joined): the same events, whatever the line
// endings, multi-line events and comments, and wherever the chunks cut the bytes, even inside
// a character.
import { describe, expect, it } from 'vitest';
import { SseEventSplitter } from '../../../relay/pipeline/split-sse-events.js';

function plainReading(text: string): { raw: string; data: string }[] {
  const events: { raw: string; data: string }[] = [];
  let rest = text;
  for (let match = /\r?\n\r?\n/.exec(rest); match; match = /\r?\n\r?\n/.exec(rest)) {
    const raw = rest.slice(0, match.index + match[0].length);
    rest = rest.slice(raw.length);
    events.push({ raw, data: dataLines(raw) });
  }
  if (rest.trim()) events.push({ raw: `${rest}\n\n`, data: dataLines(rest) });
  return events;
}

function dataLines(raw: string): string {
  return raw
    .split(/\r?\n/)
    .filter((line) => line.startsWith('data:'))
    .map((line) => line.slice(line.startsWith('data: ') ? 6 : 5))
    .join('\n');
}

/** A deterministic pseudo-random sequence (the same cases on every run). */
function random(seed: number): () => number {
  return () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
}

const pieces = [
  'data: {"choices":[{"delta":{"content":"héllo ✓ 😀"}}]}\n\n',
  'data: [DONE]\n\n',
  'data: {"a":1}\r\n\r\n',
  'event: message_start\ndata: {"type":"message_start"}\n\n',
  ': PING\n\n',
  'data: first line\ndata: second line\n\n',
  'data:\n\n',
  'data: \n\n',
  'data:no space\n\n',
  'id: 7\r\ndata: x\r\n\r\n',
  'data: y\n\r\n',
];

describe('the SSE splitter', () => {
  it('finds the events and their data as the plain reading does, however the bytes are cut', () => {
    const next = random(42);
    for (let round = 0; round < 300; round++) {
      let text = '';
      for (let i = 0; i < 1 + Math.floor(next() * 12); i++) text += pieces[Math.floor(next() * pieces.length)];
      if (next() < 0.3) text += 'data: cut short';
      const bytes = Buffer.from(text);
      const splitter = new SseEventSplitter();
      const events: { raw: string; data: string }[] = [];
      for (let at = 0; at < bytes.length; ) {
        const size = 1 + Math.floor(next() * 40);
        events.push(...splitter.push(bytes.subarray(at, at + size)));
        at += size;
      }
      events.push(...splitter.end());
      expect(events, JSON.stringify(text)).toEqual(plainReading(text));
    }
  });
});
