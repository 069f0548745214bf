// The text of a streamed body, chunk by chunk: the same as TextDecoder's (a leading byte order
// mark dropped, characters cut between chunks joined, broken bytes replaced), wherever the
// chunks are cut.
import { describe, expect, it } from 'vitest';
import { ChunkDecoder } from '../../../relay/http/chunk-decoder.js';

function decodeInChunks(bytes: Buffer, sizes: () => number): string {
  const decoder = new ChunkDecoder();
  let text = '';
  for (let at = 0; at < bytes.length; ) {
    const size = sizes();
    text += decoder.write(bytes.subarray(at, at + size));
    at += size;
  }
  return text + decoder.end();
}

describe('the chunk decoder', () => {
  const samples = ['data: héllo ✓ 😀\n\n', '\uFEFFdata: {"a":"ü"}\n\n', 'plain ascii\n', '😀😀😀', 'data: x\n\n\uFEFF'];
  const broken = Buffer.concat([Buffer.from('data: '), Buffer.from([0xe2, 0x9c]), Buffer.from('\n\n'), Buffer.from([0xf0, 0x9f])]);

  it('decodes as TextDecoder does, however the bytes are cut', () => {
    for (const bytes of [...samples.map((s) => Buffer.from(s)), broken]) {
      const expected = new TextDecoder().decode(bytes);
      for (const size of [1, 2, 3, 5, 64]) expect(decodeInChunks(bytes, () => size), JSON.stringify(bytes.toString())).toBe(expected);
    }
  });
});
