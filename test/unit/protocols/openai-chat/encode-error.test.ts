import { describe, expect, it } from 'vitest';
import type { RelayErrorKind } from '../../../../relay/ir/relay-error.js';
import { geminiCodec } from '../../../../relay/protocols/gemini-generate-content/codec.js';
import { openaiChatCodec } from '../../../../relay/protocols/openai-chat/codec.js';
import { openaiResponsesCodec } from '../../../../relay/protocols/openai-responses/codec.js';

const TYPES: [RelayErrorKind, number, string][] = [
  ['invalid_request', 400, 'invalid_request_error'],
  ['authentication', 401, 'invalid_request_error'],
  ['permission', 403, 'invalid_request_error'],
  ['not_found', 404, 'invalid_request_error'],
  ['rate_limit', 429, 'rate_limit_error'],
  ['quota', 403, 'insufficient_quota'],
  ['overloaded', 503, 'upstream_error'],
  ['upstream', 502, 'upstream_error'],
  ['timeout', 504, 'upstream_error'],
  ['not_implemented', 501, 'api_error'],
  ['internal', 500, 'api_error'],
];

describe("the relay's error object", () => {
  it.each(TYPES)('%s → type %s on chat and responses, with param and code empty when unset', (kind, status, type) => {
    const expected = { error: { message: 'boom', type, param: '', code: '' } };
    expect(openaiChatCodec.encodeError({ status, kind, message: 'boom' })).toEqual(expected);
    expect(openaiResponsesCodec.encodeError({ status, kind, message: 'boom' })).toEqual(expected);
  });

  it.each(TYPES)('%s → the same type name in the generate-content error', (kind, status, type) => {
    expect(geminiCodec.encodeError({ status, kind, message: 'boom' })).toMatchObject({ error: { type } });
  });

  it('keeps the code and the field at fault', () => {
    const error = { status: 400, kind: 'invalid_request', message: 'bad', param: 'model', code: 'model_not_found' } as const;
    expect(openaiChatCodec.encodeError(error)).toEqual({ error: { message: 'bad', type: 'invalid_request_error', param: 'model', code: 'model_not_found' } });
  });
});
