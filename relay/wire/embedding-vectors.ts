import type { EmbeddingEncoding } from '../ir/embeddings.js';

/**
 * A vector in the encoding a client asked for. `base64` is the bytes of little-endian float32s,
 * as the OpenAI API sends it and its SDKs decode it; a vector already in that encoding is kept.
 */
export function encodeVector(vector: number[] | string, encoding: EmbeddingEncoding): number[] | string {
  if (encoding === 'base64') return typeof vector === 'string' ? vector : float32Base64(vector);
  return typeof vector === 'string' ? base64Float32(vector) : vector;
}

/** Whether `vector` is already in `encoding`. */
export function isEncoded(vector: unknown, encoding: EmbeddingEncoding): boolean {
  return encoding === 'base64' ? typeof vector === 'string' : Array.isArray(vector);
}

function float32Base64(values: number[]): string {
  const bytes = Buffer.allocUnsafe(values.length * 4);
  values.forEach((value, index) => bytes.writeFloatLE(value, index * 4));
  return bytes.toString('base64');
}

function base64Float32(text: string): number[] {
  const bytes = Buffer.from(text, 'base64');
  const values: number[] = [];
  for (let offset = 0; offset + 4 <= bytes.length; offset += 4) values.push(bytes.readFloatLE(offset));
  return values;
}
