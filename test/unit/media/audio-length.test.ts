import { describe, expect, it } from 'vitest';
import { ESTIMATED_BYTES_PER_SECOND, audioLength, wavSeconds } from '../../../relay/media/audio-length.js';
import { mp3File, wavFile } from '../../helpers/audio-files.js';

describe('the length of an uploaded audio file', () => {
  it('reads a WAV exactly from its header: the data chunk over the byte rate', async () => {
    expect(wavSeconds(wavFile(2.5))).toBe(2.5);
    expect(wavSeconds(wavFile(1, { sampleRate: 44_100 }))).toBe(1);
    expect(await audioLength({ bytes: wavFile(3.25), contentType: 'audio/wav', filename: 'a.wav' })).toEqual({ seconds: 3.25, source: 'header' });
  });

  it('steps over other chunks (padded to an even size) to the data chunk', () => {
    expect(wavSeconds(wavFile(1.5, { extraChunk: true }))).toBe(1.5);
  });

  it('measures a streamed WAV whose header leaves the size open by the bytes that follow', () => {
    expect(wavSeconds(wavFile(2, { unknownDataSize: true }))).toBe(2);
  });

  it('measures a cut-off WAV by the data it has, not the size its header promised', () => {
    const whole = wavFile(4);
    expect(wavSeconds(whole.subarray(0, 44 + 16_000 * 2))).toBe(1);
  });

  it('counts the frames of an MP3', async () => {
    const length = await audioLength({ bytes: mp3File(100), contentType: 'audio/mpeg', filename: 'speech.mp3' });
    expect(length.source).toBe('header');
    expect(length.seconds).toBeCloseTo((100 * 1152) / 44_100, 2);
  });

  it('estimates what it cannot read from the size, and says so', async () => {
    const bytes = Buffer.alloc(48_000, 7);
    expect(wavSeconds(bytes)).toBeUndefined();
    expect(await audioLength({ bytes, contentType: 'application/octet-stream', filename: 'noise.bin' })).toEqual({ seconds: 48_000 / ESTIMATED_BYTES_PER_SECOND, source: 'size' });
  });
});
