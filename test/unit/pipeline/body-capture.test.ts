// Cutting a kept body at the size cap (relay/pipeline/body-capture.ts): a key is redacted even
// where the cut falls inside it, the marker says how much was not kept, and a cut never splits
// a character.
import { describe, expect, it } from 'vitest';
import { cut, REDACTED } from '../../../relay/pipeline/body-capture.js';

const KEY = 'sk-caller-key-0123456789abcdef';

describe('cut', () => {
  it('keeps a body under the cap whole, the key redacted', () => {
    expect(cut(Buffer.from(`{"a":"${KEY}"}`), 1024, new Set([KEY]))).toBe(`{"a":"${REDACTED}"}`);
  });

  it('redacts a key the cap falls inside, and says how many bytes were not kept', () => {
    const body = Buffer.from(`${'x'.repeat(90)}${KEY}${'y'.repeat(880)}`);
    const kept = cut(body, 100, new Set([KEY]));
    expect(kept).not.toContain(KEY.slice(0, 10));
    expect(kept.startsWith(`${'x'.repeat(90)}[redacted]`)).toBe(true);
    expect(kept).toContain(`[… 900 more bytes not kept: the body was 1,000 bytes, kept up to 100]`);
  });

  it('cuts at a whole character', () => {
    const kept = cut(Buffer.from('é'.repeat(100)), 51, new Set());
    expect(kept.split('\n')[0]).toBe('é'.repeat(25));
  });
});
