import { describe, expect, it } from 'vitest';
import type { MultipartForm } from '../../../../relay/ir/multipart-form.js';
import { openaiImagesCodec } from '../../../../relay/protocols/openai-chat/images-codec.js';
import { nearestAspectRatio } from '../../../../relay/providers/gemini/images.js';

const png = (field: string, contentType = 'image/png') => ({ field, filename: `${field}.png`, contentType, bytes: Buffer.from([1, 2, 3]) });

describe('images codec: generations', () => {
  it('reads the image-model form: every text in order, options under parameters or beside input', () => {
    const request = openaiImagesCodec.decodeGeneration({
      model: 'qwen-image',
      input: { messages: [{ role: 'user', content: [{ text: 'a' }, { text: 'b' }] }, { role: 'user', content: [{ text: 'c' }] }] },
      parameters: { size: '1328*1328', n: 2 },
      response_format: 'b64_json',
    });
    expect(request).toMatchObject({ bodyForm: 'messages', model: 'qwen-image', prompt: 'a\nb\nc', size: '1328x1328', n: 2, responseFormat: 'b64_json' });
  });

  it('defaults to dall-e-2 and one image, and names the field at fault', () => {
    expect(openaiImagesCodec.decodeGeneration({ prompt: 'x' })).toMatchObject({ model: 'dall-e-2', n: 1, bodyForm: 'openai' });
    const fault = (body: unknown) => {
      try {
        openaiImagesCodec.decodeGeneration(body);
      } catch (error) {
        return (error as { status: number; param: string }).param;
      }
      return 'accepted';
    };
    expect(fault({ model: 'm' })).toBe('prompt');
    expect(fault({ prompt: 'x', n: 11 })).toBe('n');
    expect(fault({ prompt: 'x', response_format: 'png' })).toBe('response_format');
    expect(fault({ prompt: 'x', stream: true })).toBe('stream');
    expect(fault({ model: 'm', input: { messages: [{ role: 'assistant', content: [{ text: 'x' }] }] } })).toBe('input.messages[0].role');
    expect(fault({ input: { messages: [] } })).toBe('model');
  });
});

describe('images codec: edits', () => {
  const form = (files: MultipartForm['files'], fields: MultipartForm['fields'] = [['prompt', 'p']]): MultipartForm => ({ fields, files });

  it('keeps the images in order (image or image[]), the mask and the fields as sent; numbers come as text', () => {
    const request = openaiImagesCodec.decodeEdit(form([png('image[]'), png('mask'), png('image[]')], [['prompt', 'p'], ['n', '2'], ['model', 'gpt-image-1']]));
    expect(request.images.map((file) => file.field)).toEqual(['image[]', 'image[]']);
    expect(request.mask?.field).toBe('mask');
    expect(request).toMatchObject({ operation: 'edit', model: 'gpt-image-1', n: 2, fields: [['prompt', 'p'], ['n', '2'], ['model', 'gpt-image-1']] });
  });

  it('refuses no image, a file that is no image, two masks and a count that is no number', () => {
    const param = (value: MultipartForm) => {
      try {
        openaiImagesCodec.decodeEdit(value);
      } catch (error) {
        return [(error as { param: string }).param, (error as { code: string }).code];
      }
      return 'accepted';
    };
    expect(param(form([]))).toEqual(['image', 'missing_required_parameter']);
    expect(param(form([png('image', 'application/octet-stream')]))).toEqual(['image', 'unsupported_file_mimetype']);
    expect(param(form([png('image'), png('mask', 'text/plain')]))).toEqual(['mask', 'unsupported_file_mimetype']);
    expect(param(form([png('image'), png('mask'), png('mask')]))).toEqual(['mask', 'invalid_value']);
    expect(param(form([png('image')], [['prompt', 'p'], ['n', 'two']]))).toEqual(['n', 'invalid_type']);
    expect(param(form([png('image')], []))).toEqual(['prompt', 'missing_required_parameter']);
  });
});

describe('Gemini aspect ratio of a size', () => {
  it('picks the nearest ratio Gemini makes, none for auto', () => {
    expect(nearestAspectRatio('1024x1024')).toBe('1:1');
    expect(nearestAspectRatio('1536x1024')).toBe('3:2');
    expect(nearestAspectRatio('1024x1792')).toBe('9:16');
    expect(nearestAspectRatio('1328*1328')).toBe('1:1');
    expect(nearestAspectRatio('auto')).toBeUndefined();
  });
});
