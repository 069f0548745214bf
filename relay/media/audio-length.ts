import { parseBuffer } from 'music-metadata';

/** How long an upload plays, and how the relay knows. */
export interface AudioLength {
  seconds: number;
  /** `header`: read from the file (WAV's header, a container's or a stream's own length); `size`: estimated from the byte count. */
  source: 'header' | 'size';
}

/**
 * Bytes per second assumed for a file whose length cannot be read: 128 kbit/s, a common
 * bitrate of compressed speech uploads (mp3, m4a). Its seconds are an estimate, and say so.
 */
export const ESTIMATED_BYTES_PER_SECOND = 16_000;

/**
 * The length of an audio upload: a WAV's exactly from its header (the data chunk's size ÷
 * the byte rate); mp3, m4a/mp4, ogg/opus, flac, webm and others as music-metadata reads them
 * (mp3 frames counted, so a variable bitrate is measured rather than guessed); else
 * estimated from the size at ESTIMATED_BYTES_PER_SECOND.
 */
export async function audioLength(file: { bytes: Uint8Array; contentType?: string; filename?: string }): Promise<AudioLength> {
  const wav = wavSeconds(file.bytes);
  if (wav !== undefined) return { seconds: wav, source: 'header' };
  try {
    const { format } = await parseBuffer(file.bytes, { mimeType: file.contentType || undefined, path: file.filename, size: file.bytes.byteLength }, { duration: true, skipCovers: true, skipPostHeaders: true });
    if (format.duration !== undefined && Number.isFinite(format.duration) && format.duration > 0) return { seconds: format.duration, source: 'header' };
  } catch {
    // Not a format it reads: estimated below.
  }
  return { seconds: file.bytes.byteLength / ESTIMATED_BYTES_PER_SECOND, source: 'size' };
}

/**
 * A RIFF/WAVE file's length from its `fmt ` and `data` chunks; undefined when it is no WAV.
 * A streamed WAV whose header says 0 or 0xFFFFFFFF for the data size is measured by the bytes that follow.
 */
export function wavSeconds(bytes: Uint8Array): number | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < 12 || ascii(bytes, 0, 4) !== 'RIFF' || ascii(bytes, 8, 4) !== 'WAVE') return undefined;
  let byteRate: number | undefined;
  for (let offset = 12; offset + 8 <= bytes.byteLength; ) {
    const id = ascii(bytes, offset, 4);
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === 'fmt ' && size >= 16 && body + 16 <= bytes.byteLength) byteRate = view.getUint32(body + 8, true);
    if (id === 'data') {
      if (!byteRate) return undefined;
      const available = bytes.byteLength - body;
      const dataBytes = size === 0 || size === 0xffffffff || size > available ? available : size;
      return dataBytes / byteRate;
    }
    offset = body + size + (size % 2); // chunks are padded to an even size
  }
  return undefined;
}

function ascii(bytes: Uint8Array, offset: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(offset, offset + length));
}
