import { ChunkDecoder } from '../http/chunk-decoder.js';

/**
 * Splits an SSE byte stream into whole raw events (text up to and including the blank
 * line), so a pass-through can forward each event exactly as it came. `data` joins the
 * event's `data:` lines. It runs on every chunk of every streamed call: the text is scanned
 * with indexOf (no regular expression, no copy of what is left), a one-line event's data is
 * cut out directly (ChunkDecoder does the text).
 */
export class SseEventSplitter {
  private buffer = '';
  private readonly decoder = new ChunkDecoder();

  push(chunk: Buffer): { raw: string; data: string }[] {
    const text = this.decoder.write(chunk);
    const buffer = this.buffer ? this.buffer + text : text;
    const events: { raw: string; data: string }[] = [];
    let start = 0;
    for (let end = eventEnd(buffer, start); end > 0; end = eventEnd(buffer, start)) {
      const raw = buffer.slice(start, end);
      events.push({ raw, data: dataOf(raw) });
      start = end;
    }
    this.buffer = start === 0 ? buffer : buffer.slice(start);
    return events;
  }

  /** What is left when the upstream closes without a final blank line. */
  end(): { raw: string; data: string }[] {
    const rest = this.buffer + this.decoder.end();
    this.buffer = '';
    return rest.trim() ? [{ raw: `${rest}\n\n`, data: dataOf(rest) }] : [];
  }
}

/** Where the first event from `start` ends: just after its blank line (`\n\n`, CRLFs allowed), or -1. */
function eventEnd(text: string, start: number): number {
  for (let newline = text.indexOf('\n', start); newline >= 0; newline = text.indexOf('\n', newline + 1)) {
    const next = text.charCodeAt(newline + 1);
    if (next === 10) return newline + 2; // \n\n
    if (next === 13 && text.charCodeAt(newline + 2) === 10) return newline + 3; // \n\r\n
  }
  return -1;
}

function dataOf(raw: string): string {
  // The usual event: one `data:` line, then only the blank line.
  const newline = raw.indexOf('\n');
  const tail = raw.length - newline - 1;
  if (newline > 0 && raw.startsWith('data:') && (tail === 1 ? raw.charCodeAt(newline + 1) === 10 : tail === 2 && raw.charCodeAt(newline + 1) === 13 && raw.charCodeAt(newline + 2) === 10)) {
    const to = raw.charCodeAt(newline - 1) === 13 ? newline - 1 : newline;
    return raw.slice(raw.charCodeAt(5) === 32 && to > 5 ? 6 : 5, to);
  }
  const lines: string[] = [];
  for (const line of raw.split(/\r?\n/)) {
    if (line.startsWith('data:')) lines.push(line.slice(line.startsWith('data: ') ? 6 : 5));
  }
  return lines.join('\n');
}
