import { createParser } from 'eventsource-parser';
import type { SseEvent } from '../wire/sse-event.js';
import { ChunkDecoder } from './chunk-decoder.js';

/**
 * Bytes of an upstream SSE body in, events out (eventsource-parser does the framing:
 * CRLF, multi-line data, comments, split chunks). `[DONE]` sentinels are passed on as
 * events; the adapters decide what they mean.
 */
export function createSseDecoder(onEvent: (event: SseEvent) => void): { push(chunk: Buffer | string): void; end(): void } {
  const decoder = new ChunkDecoder();
  const parser = createParser({
    onEvent: (event) => onEvent(event.event ? { event: event.event, data: event.data } : { data: event.data }),
  });
  return {
    push(chunk) {
      parser.feed(typeof chunk === 'string' ? chunk : decoder.write(chunk));
    },
    end() {
      const rest = decoder.end();
      if (rest) parser.feed(rest);
      // A final event without its blank line still counts.
      parser.feed('\n\n');
    },
  };
}

/** All events of a whole SSE text (fixtures, tests). */
export function decodeSseText(text: string): SseEvent[] {
  const events: SseEvent[] = [];
  const decoder = createSseDecoder((event) => events.push(event));
  decoder.push(text);
  decoder.end();
  return events;
}
