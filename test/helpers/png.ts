// Small valid PNG files built here (zlib's deflate and CRC-32), and a reader of their header,
// for image uploads in tests and the fake image upstreams' answers.
import { crc32, deflateSync } from 'node:zlib';

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** PNG colour types: 2 truecolour (RGB), 6 truecolour with alpha (RGBA). */
export type PngColour = 'rgb' | 'rgba';

/** A `width`×`height` PNG filled with one colour (`rgba` bytes; alpha dropped for `rgb`). */
export function solidPng(width: number, height: number, rgba: [number, number, number, number] = [200, 80, 40, 255], colour: PngColour = 'rgba'): Buffer {
  const pixel = Buffer.from(colour === 'rgba' ? rgba : rgba.slice(0, 3));
  const row = Buffer.concat([Buffer.from([0]), ...Array.from({ length: width }, () => pixel)]); // filter byte 0, then the pixels
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, colour === 'rgba' ? 6 : 2, 0, 0, 0], 8); // bit depth, colour type, compression, filter, interlace
  const image = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', header), chunk('IDAT', image), chunk('IEND', Buffer.alloc(0))]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** Width, height and colour of a PNG (its IHDR, CRC checked); undefined for anything else. */
export function readPngHeader(bytes: Uint8Array): { width: number; height: number; colour: PngColour | 'other' } | undefined {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.length < 33 || !buffer.subarray(0, 8).equals(PNG_SIGNATURE) || buffer.toString('ascii', 12, 16) !== 'IHDR') return undefined;
  if (crc32(buffer.subarray(12, 29)) !== buffer.readUInt32BE(29)) return undefined;
  const type = buffer[25];
  return { width: buffer.readUInt32BE(16), height: buffer.readUInt32BE(20), colour: type === 6 ? 'rgba' : type === 2 ? 'rgb' : 'other' };
}
