import { describe, expect, it } from 'vitest';
import { RelayError } from '../../../../relay/ir/relay-error.js';
import { openaiVideoCodec } from '../../../../relay/protocols/openai-chat/video-codec.js';
import { openAISchemas } from '../../../helpers/openapi-schema.js';

function refusal(call: () => unknown): RelayError {
  try {
    call();
  } catch (error) {
    if (error instanceof RelayError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('video codec: create', () => {
  it("takes a form's text fields (seconds as the SDK's string) and fills OpenAI's defaults", () => {
    expect(openaiVideoCodec.decode({ prompt: 'A cat', seconds: '8', size: '1280x720', model: 'sora-2-pro' })).toEqual({ model: 'sora-2-pro', prompt: 'A cat', seconds: 8, size: '1280x720' });
    expect(openaiVideoCodec.decode({ prompt: 'A cat' })).toEqual({ model: 'sora-2', prompt: 'A cat', seconds: 4, size: '720x1280' });
    expect(openaiVideoCodec.decode({ prompt: 'A cat', seconds: 12 }).seconds).toBe(12);
  });

  it('takes a reference as an uploaded file, or JSON with exactly one of image_url and file_id', () => {
    const file = { filename: 'a.png', contentType: 'image/png', bytes: new Uint8Array([1, 2]) };
    expect(openaiVideoCodec.decode({ prompt: 'x' }, { file }).reference).toEqual({ file });
    expect(openaiVideoCodec.decode({ prompt: 'x', input_reference: { image_url: 'https://example.com/a.png' } }).reference).toEqual({ imageUrl: 'https://example.com/a.png' });
    expect(openaiVideoCodec.decode({ prompt: 'x', input_reference: '{"file_id":"file-1"}' }).reference).toEqual({ fileId: 'file-1' });
    expect(refusal(() => openaiVideoCodec.decode({ prompt: 'x', input_reference: { image_url: 'u', file_id: 'f' } })).param).toBe('input_reference');
  });

  it('refuses 400 naming the field: no prompt, seconds that are no whole number, a size that is no WxH', () => {
    expect(refusal(() => openaiVideoCodec.decode({ seconds: '4' }))).toMatchObject({ status: 400, param: 'prompt', code: 'missing_required_parameter' });
    for (const seconds of ['4.5', '0', 'four', -4, 1000]) expect(refusal(() => openaiVideoCodec.decode({ prompt: 'x', seconds })).param).toBe('seconds');
    expect(refusal(() => openaiVideoCodec.decode({ prompt: 'x', size: 'large' })).param).toBe('size');
    expect(refusal(() => openaiVideoCodec.decode({ prompt: 'x', model: 7 })).param).toBe('model');
  });
});

describe('video codec: answers', () => {
  const task = { id: 'video_abc', model: 'sora-2', status: 'completed' as const, progress: 100, createdAt: 1_700_000_000_500, finishedAt: 1_700_000_060_900, expiresAt: 1_700_086_400, seconds: '8', size: '1280x720', error: null };

  it("is OpenAI's VideoResource: times in seconds, completed_at only once completed", () => {
    const video = openaiVideoCodec.encodeVideo(task);
    expect(openAISchemas().check(video, 'VideoResource')).toEqual([]);
    expect(video).toMatchObject({ id: 'video_abc', object: 'video', created_at: 1_700_000_000, completed_at: 1_700_000_060, expires_at: 1_700_086_400, error: null });
    const failed = openaiVideoCodec.encodeVideo({ ...task, status: 'failed', expiresAt: 0, error: { code: 'moderation_blocked', message: 'No.' } });
    expect(openAISchemas().check(failed, 'VideoResource')).toEqual([]);
    expect(failed).toMatchObject({ completed_at: null, expires_at: null, error: { code: 'moderation_blocked', message: 'No.' } });
  });

  it('lists and deletes in OpenAI shapes; reads the list query', () => {
    const list = openaiVideoCodec.encodeList([task], true);
    expect(openAISchemas().check(list, 'VideoListResource')).toEqual([]);
    expect(list).toMatchObject({ first_id: 'video_abc', last_id: 'video_abc', has_more: true });
    expect(openAISchemas().check(openaiVideoCodec.encodeDeleted('video_abc'), 'DeletedVideoResource')).toEqual([]);
    expect(openaiVideoCodec.decodeListQuery(new URLSearchParams('limit=5&after=video_x&order=asc'))).toEqual({ limit: 5, after: 'video_x', order: 'asc' });
    expect(openaiVideoCodec.decodeListQuery(new URLSearchParams(''))).toEqual({ limit: 20, order: 'desc' });
    expect(refusal(() => openaiVideoCodec.decodeListQuery(new URLSearchParams('limit=101'))).param).toBe('limit');
    expect(refusal(() => openaiVideoCodec.decodeListQuery(new URLSearchParams('order=up'))).param).toBe('order');
  });
});
