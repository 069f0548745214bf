// The OpenAI moderation wire: what a client may send (model optional), and the moderation object.
import { describe, expect, it } from 'vitest';
import { RelayError } from '../../../../relay/ir/relay-error.js';
import { decodeModerationRequest, encodeModerationResponse } from '../../../../relay/protocols/openai-chat/moderation-codec.js';
import { openAISchemas } from '../../../helpers/openapi-schema.js';

const DEFAULT = 'omni-moderation-latest';

function refusal(body: unknown): RelayError {
  try {
    decodeModerationRequest(body, DEFAULT);
  } catch (error) {
    return error as RelayError;
  }
  throw new Error('accepted');
}

describe('moderation request', () => {
  it('takes a string, strings (each its own input) or text and image_url parts (one input)', () => {
    expect(decodeModerationRequest({ model: 'm', input: 'a' }, DEFAULT)).toEqual({ model: 'm', inputs: ['a'] });
    expect(decodeModerationRequest({ model: 'm', input: ['a', ''] }, DEFAULT).inputs).toEqual(['a', '']);
    expect(decodeModerationRequest({ input: [{ type: 'text', text: 'a' }, { type: 'image_url', image_url: { url: 'https://x/y.png' } }] }, DEFAULT).inputs).toEqual([
      [
        { type: 'text', text: 'a' },
        { type: 'image', url: 'https://x/y.png' },
      ],
    ]);
  });

  it('stands the default in for a model left out or null', () => {
    expect(decodeModerationRequest({ input: 'a' }, 'house').model).toBe('house');
    expect(decodeModerationRequest({ input: 'a', model: null }, 'house').model).toBe('house');
  });

  it('refuses what OpenAI refuses, naming the field', () => {
    expect(refusal({ model: 'm' })).toMatchObject({ status: 400, param: 'input', code: 'missing_required_parameter' });
    expect(refusal({ model: '', input: 'a' })).toMatchObject({ status: 400, param: 'model' });
    expect(refusal({ model: 7, input: 'a' })).toMatchObject({ status: 400, param: 'model' });
    expect(refusal({ input: [] })).toMatchObject({ status: 400, param: 'input' });
    expect(refusal({ input: 5 })).toMatchObject({ status: 400, param: 'input' });
    expect(refusal({ input: ['a', { type: 'text', text: 'b' }] })).toMatchObject({ status: 400, param: 'input[1]' });
    expect(refusal({ input: [{ type: 'text' }] })).toMatchObject({ status: 400, param: 'input[0].text' });
    expect(refusal({ input: [{ type: 'image_url', image_url: 'https://x' }] })).toMatchObject({ status: 400, param: 'input[0].image_url.url' });
    expect(refusal({ input: [{ type: 'input_audio' }] })).toMatchObject({ status: 400, param: 'input[0].type' });
  });

  it('refuses an image for a text-moderation model (text only), not for omni', () => {
    const input = [{ type: 'text', text: 'a' }, { type: 'image_url', image_url: { url: 'https://x/y.png' } }];
    expect(refusal({ model: 'text-moderation-stable', input })).toMatchObject({ status: 400, param: 'input[1]', message: expect.stringContaining('text only') });
    expect(decodeModerationRequest({ model: 'text-moderation-stable', input: [{ type: 'text', text: 'a' }] }, DEFAULT).inputs).toHaveLength(1);
    expect(decodeModerationRequest({ model: 'omni-moderation-2024-09-26', input }, DEFAULT).inputs).toHaveLength(1);
  });
});

describe('moderation object', () => {
  it("is OpenAI's shape, with an id of its own and the model asked when the upstream gave none", () => {
    const categories = Object.fromEntries(
      ['harassment', 'harassment/threatening', 'hate', 'hate/threatening', 'illicit', 'illicit/violent', 'self-harm', 'self-harm/instructions', 'self-harm/intent', 'sexual', 'sexual/minors', 'violence', 'violence/graphic'].map((c) => [c, c === 'violence']),
    );
    const scores = Object.fromEntries(Object.keys(categories).map((c) => [c, c === 'violence' ? 0.9 : 0.01]));
    const applied = Object.fromEntries(Object.keys(categories).map((c) => [c, ['text']]));
    const answer = encodeModerationResponse({ verdicts: [{ flagged: true, categories, scores, appliedInputTypes: applied }] }, { model: 'asked', inputs: ['a'] });
    expect(openAISchemas().check(answer, 'CreateModerationResponse')).toEqual([]);
    expect(answer).toMatchObject({ id: expect.stringMatching(/^modr-[0-9a-f]{32}$/), model: 'asked', results: [{ flagged: true, category_scores: { violence: 0.9 } }] });
    expect(encodeModerationResponse({ id: 'modr-up', model: 'dated', verdicts: [] }, { model: 'asked', inputs: ['a'] })).toMatchObject({ id: 'modr-up', model: 'dated' });
  });
});
