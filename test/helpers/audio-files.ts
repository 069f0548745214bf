// Audio files tests build byte by byte: a PCM WAV of a given length, and a constant-bitrate MP3.

/** A 16-bit mono PCM WAV of `seconds` of a 440 Hz tone; `extraChunk` puts a LIST chunk before the data, as many encoders do. */
export function wavFile(seconds: number, options: { sampleRate?: number; extraChunk?: boolean; unknownDataSize?: boolean } = {}): Buffer {
  const sampleRate = options.sampleRate ?? 16_000;
  const samples = Math.round(sampleRate * seconds);
  const list = options.extraChunk ? Buffer.concat([Buffer.from('LIST'), u32(5), Buffer.from('INFOx'), Buffer.alloc(1)]) : Buffer.alloc(0); // odd size: one pad byte
  const fmt = Buffer.concat([Buffer.from('fmt '), u32(16), u16(1), u16(1), u32(sampleRate), u32(sampleRate * 2), u16(2), u16(16)]);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) data.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / sampleRate)), i * 2);
  const dataHead = Buffer.concat([Buffer.from('data'), u32(options.unknownDataSize ? 0xffffffff : data.length)]);
  const body = Buffer.concat([Buffer.from('WAVE'), fmt, list, dataHead, data]);
  return Buffer.concat([Buffer.from('RIFF'), u32(options.unknownDataSize ? 0xffffffff : body.length), body]);
}

/** Frames of an MPEG-1 Layer III stream at 128 kbit/s, 44.1 kHz (417 bytes and 1152 samples each): `frames × 1152 / 44100` seconds. */
export function mp3File(frames: number): Buffer {
  const frame = Buffer.alloc(417);
  frame.writeUInt32BE(0xfffb9064, 0);
  return Buffer.concat(Array.from({ length: frames }, () => frame));
}

function u32(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32LE(value);
  return buffer;
}

function u16(value: number): Buffer {
  const buffer = Buffer.alloc(2);
  buffer.writeUInt16LE(value);
  return buffer;
}
