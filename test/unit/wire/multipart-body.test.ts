import { describe, expect, it } from 'vitest';
import { multipartBody } from '../../../relay/wire/multipart-body.js';

// The form an upstream receives, read back by a standard multipart parser (undici's, as fetch's Response has it).
async function parse(parts: Parameters<typeof multipartBody>[0]) {
  const { body, contentType } = multipartBody(parts);
  return new Response(body, { headers: { 'content-type': contentType } }).formData();
}

describe('multipart bodies sent upstream', () => {
  it('keeps text fields in order, repeated names, and a file with its filename, content type and exact bytes', async () => {
    const bytes = new Uint8Array([0, 255, 13, 10, 45, 45, 0x52, 0x49, 0x46, 0x46]);
    const form = await parse([
      { name: 'model', value: 'whisper-1' },
      { name: 'timestamp_granularities[]', value: 'word' },
      { name: 'timestamp_granularities[]', value: 'segment' },
      { name: 'file', filename: 'meeting notes.wav', contentType: 'audio/wav', bytes },
      { name: 'prompt', value: 'Zoë, naïve — “quoted”' },
    ]);
    expect([...form.keys()]).toEqual(['model', 'timestamp_granularities[]', 'timestamp_granularities[]', 'file', 'prompt']);
    expect(form.getAll('timestamp_granularities[]')).toEqual(['word', 'segment']);
    expect(form.get('prompt')).toBe('Zoë, naïve — “quoted”');
    const file = form.get('file') as File;
    expect(file.name).toBe('meeting notes.wav');
    expect(file.type).toBe('audio/wav');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(bytes);
  });

  it('escapes quotes and line breaks in a filename as browsers do, so the part header holds and the name reads back whole', async () => {
    const { body } = multipartBody([{ name: 'file', filename: 'a"b\r\nc.mp3', contentType: 'audio/mpeg', bytes: new Uint8Array([1]) }]);
    expect(body.toString('latin1')).toContain('filename="a%22b%0D%0Ac.mp3"');
    const form = await parse([{ name: 'file', filename: 'a"b\r\nc.mp3', contentType: 'audio/mpeg', bytes: new Uint8Array([1]) }]);
    expect((form.get('file') as File).name).toBe('a"b\r\nc.mp3');
  });
});
