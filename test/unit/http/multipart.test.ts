import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMultipart } from '../../../relay/http/multipart.js';
import type { UploadLimits } from '../../../relay/http/multipart.js';
import { RelayError } from '../../../relay/ir/relay-error.js';
import { multipartBody } from '../../../relay/wire/multipart-body.js';

const limits: UploadLimits = {
  fileBytes: 1024,
  fileSetting: 'image_upload_max_mb',
  files: 3,
  fileFields: ['image', 'image[]', 'mask'],
  textFields: ['prompt', 'n', 'tags[]'],
  fields: 4,
  fieldBytes: 1024,
};

// A server answering what readMultipart read (files as base64), or its RelayError.
let base = '';
const server = createServer((req, res) => {
  readMultipart(req, res, limits).then(
    (form) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ fields: form.fields, files: form.files.map((file) => ({ ...file, bytes: file.bytes.toString('base64') })) }));
    },
    (error: RelayError) => {
      res.writeHead(error.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: error.message, code: error.code, param: error.param } }));
    },
  );
});
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function post(body: string | Buffer | FormData, headers: Record<string, string> = {}) {
  const res = await fetch(base, { method: 'POST', body, headers });
  return { status: res.status, json: (await res.json()) as { fields: [string, string][]; files: { field: string; filename: string; contentType: string; bytes: string }[]; error: { message: string; code: string; param: string } } };
}

function file(bytes: Uint8Array, name: string, type: string): File {
  return new File([bytes], name, { type });
}

describe('readMultipart', () => {
  it('keeps every part as sent: field names with [], filenames (non-ASCII and paths), content types and bytes', async () => {
    // Bytes that look like part delimiters inside a file must come through unchanged.
    const first = Buffer.concat([Buffer.from('\r\n--not-a-boundary\r\n'), randomBytes(300)]);
    const second = randomBytes(1024); // exactly at the limit
    const form = new FormData();
    form.append('prompt', 'a "quoted"\r\nprompt ü');
    form.append('image[]', file(first, 'löwe 1.png', 'image/png'));
    form.append('image[]', file(second, 'dir/two.webp', 'image/webp'));
    form.append('tags[]', 'a');
    form.append('tags[]', 'b');
    form.append('mask', file(Buffer.from([0, 1, 2]), 'mask.png', 'image/png'));
    const { status, json } = await post(form);
    expect(status).toBe(200);
    expect(json.fields).toEqual([
      ['prompt', 'a "quoted"\r\nprompt ü'],
      ['tags[]', 'a'],
      ['tags[]', 'b'],
    ]);
    expect(json.files).toEqual([
      { field: 'image[]', filename: 'löwe 1.png', contentType: 'image/png', bytes: first.toString('base64') },
      { field: 'image[]', filename: 'dir/two.webp', contentType: 'image/webp', bytes: second.toString('base64') },
      { field: 'mask', filename: 'mask.png', contentType: 'image/png', bytes: Buffer.from([0, 1, 2]).toString('base64') },
    ]);
  });

  it('reads back what wire/multipart-body.ts builds for an upstream, names with quotes and newlines included', async () => {
    const bytes = randomBytes(700);
    const { body, contentType } = multipartBody([
      { name: 'n', value: '2' },
      { name: 'image', filename: 'a "b"\nc.png', contentType: 'image/png', bytes },
    ]);
    const { status, json } = await post(body, { 'content-type': contentType });
    expect(status).toBe(200);
    expect(json.fields).toEqual([['n', '2']]);
    expect(json.files).toEqual([{ field: 'image', filename: 'a "b"\nc.png', contentType: 'image/png', bytes: bytes.toString('base64') }]);
  });

  it('answers 413 naming the field and the setting for a file one byte over the limit', async () => {
    const form = new FormData();
    form.append('image', file(randomBytes(1025), 'big.png', 'image/png'));
    const { status, json } = await post(form);
    expect(status).toBe(413);
    expect(json.error).toMatchObject({ code: 'file_too_large', param: 'image' });
    expect(json.error.message).toContain('image_upload_max_mb');
    expect(json.error.message).toContain('1 KB');
  });

  it('answers 413 for a body declared larger than the form can hold, without reading it', async () => {
    // At most 3 files of 1 KB, 4 fields of 1 KB and 64 KB of part headers.
    const big = Buffer.alloc(200 * 1024);
    const refused = await fetch(base, { method: 'POST', body: big, headers: { 'content-type': 'multipart/form-data; boundary=b' } }).catch((error: Error) => error);
    // The answer comes before the body is read; the client may see the 413 or the closed connection.
    if (!(refused instanceof Error)) {
      expect(refused.status).toBe(413);
      expect(refused.headers.get('connection')).toBe('close');
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('request_too_large');
    }
  });

  it('answers 400 for too many files, an unexpected file field and an unknown text field, naming the field', async () => {
    const many = new FormData();
    for (let i = 0; i < 4; i++) many.append('image[]', file(Buffer.from([i]), `${i}.png`, 'image/png'));
    expect(await post(many)).toMatchObject({ status: 400, json: { error: { code: 'too_many_files' } } });

    const unexpected = new FormData();
    unexpected.append('picture', file(Buffer.from([1]), 'p.png', 'image/png'));
    const answer = await post(unexpected);
    expect(answer).toMatchObject({ status: 400, json: { error: { code: 'unknown_parameter', param: 'picture' } } });
    expect(answer.json.error.message).toContain('image, image[], mask');

    const unknown = new FormData();
    unknown.append('colour', 'red');
    expect(await post(unknown)).toMatchObject({ status: 400, json: { error: { code: 'unknown_parameter', param: 'colour' } } });
  });

  it('answers 400 for a body cut short and for a body that is no form', async () => {
    const truncated = '--b\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nabc';
    const cut = await post(truncated, { 'content-type': 'multipart/form-data; boundary=b' });
    expect(cut).toMatchObject({ status: 400, json: { error: { code: 'invalid_multipart' } } });
    expect(cut.json.error.message).toMatch(/end of form/i);

    const json = await post(JSON.stringify({ prompt: 'x' }), { 'content-type': 'application/json' });
    expect(json).toMatchObject({ status: 400, json: { error: { code: 'invalid_content_type' } } });
    expect(json.json.error.message).toContain('multipart/form-data');
  });
});
