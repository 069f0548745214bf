import { describe, expect, it } from 'vitest';
import { openaiResponsesAdapter } from '../../../../relay/providers/openai-responses/adapter.js';
import { parseOpenAIError } from '../../../../relay/wire/openai-chat/parse-error.js';

const body = (error: Record<string, unknown>) => JSON.stringify({ error });

describe('parseOpenAIError', () => {
  it('keeps message, code and param of an OpenAI error body', () => {
    expect(
      parseOpenAIError(
        401,
        body({ message: 'Incorrect API key provided: sk-ab***wxyz.', type: 'invalid_request_error', param: null, code: 'invalid_api_key' }),
      ),
    ).toEqual({ status: 401, kind: 'authentication', message: 'Incorrect API key provided: sk-ab***wxyz.', code: 'invalid_api_key' });
    expect(
      parseOpenAIError(400, body({ message: "Unknown parameter: 'stop'.", type: 'invalid_request_error', param: 'stop', code: 'unknown_parameter' })),
    ).toEqual({ status: 400, kind: 'invalid_request', message: "Unknown parameter: 'stop'.", code: 'unknown_parameter', param: 'stop' });
  });

  it('maps the status to a kind', () => {
    const kind = (status: number, code: string | null = null) => parseOpenAIError(status, body({ message: 'x', type: 't', param: null, code })).kind;
    expect(kind(400)).toBe('invalid_request');
    expect(kind(422)).toBe('invalid_request');
    expect(kind(401)).toBe('authentication');
    expect(kind(403)).toBe('permission');
    expect(kind(404, 'model_not_found')).toBe('not_found');
    expect(kind(429, 'rate_limit_exceeded')).toBe('rate_limit');
    expect(kind(429, 'insufficient_quota')).toBe('quota');
    expect(kind(500)).toBe('upstream');
    expect(kind(502)).toBe('upstream');
    expect(kind(503)).toBe('overloaded');
  });

  it('reads insufficient_quota also when only the type says so', () => {
    expect(
      parseOpenAIError(429, body({ message: 'You exceeded your current quota.', type: 'insufficient_quota', param: null, code: null })),
    ).toEqual({ status: 429, kind: 'quota', message: 'You exceeded your current quota.' });
  });

  it('keeps the status and the start of an unreadable body', () => {
    const html = `<html><head><title>502 Bad Gateway</title></head><body>${'x'.repeat(500)}</body></html>`;
    const info = parseOpenAIError(502, html);
    expect(info).toEqual({ status: 502, kind: 'upstream', message: `HTTP 502: ${html.slice(0, 200)}` });
    expect(parseOpenAIError(504, '')).toEqual({ status: 504, kind: 'upstream', message: 'HTTP 504' });
    expect(parseOpenAIError(500, '{"unrelated":true}')).toEqual({ status: 500, kind: 'upstream', message: 'HTTP 500: {"unrelated":true}' });
  });

  it('accepts the looser shapes of compatible servers', () => {
    expect(parseOpenAIError(400, '{"error":"model is required"}')).toEqual({ status: 400, kind: 'invalid_request', message: 'model is required' });
    expect(parseOpenAIError(429, '{"message":"slow down","code":429}')).toEqual({ status: 429, kind: 'rate_limit', message: 'slow down', code: '429' });
  });

  it('is the adapter parseError', () => {
    expect(openaiResponsesAdapter.parseError).toBe(parseOpenAIError);
  });
});
