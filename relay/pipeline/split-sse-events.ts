/**
 * Splits an SSE byte stream into whole raw events (text up to and including the blank
 * line), so a pass-through can forward each event exactly as it came. `data` joins the
 * event's `data:` lines.
 */
export class SseEventSplitter {
  private buffer = '';
  private readonly decoder = new TextDecoder();

  push(chunk: Buffer): { raw: string; data: string }[] {
    this.buffer += this.decoder.decode(chunk, { stream: true });
    const events: { raw: string; data: string }[] = [];
    for (;;) {
      const match = /\r?\n\r?\n/.exec(this.buffer);
      if (!match) break;
      const end = match.index + match[0].length;
      const raw = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end);
      events.push({ raw, data: dataOf(raw) });
    }
    return events;
  }

  /** What is left when the upstream closes without a final blank line. */
  end(): { raw: string; data: string }[] {
    const rest = this.buffer + this.decoder.decode();
    this.buffer = '';
    return rest.trim() ? [{ raw: `${rest}\n\n`, data: dataOf(rest) }] : [];
  }
}

function dataOf(raw: string): string {
  const lines: string[] = [];
  for (const line of raw.split(/\r?\n/)) {
    if (line.startsWith('data:')) lines.push(line.slice(line.startsWith('data: ') ? 6 : 5));
  }
  return lines.join('\n');
}
