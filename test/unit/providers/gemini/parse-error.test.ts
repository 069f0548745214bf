import { describe, expect, it } from 'vitest';
import { geminiAdapter } from '../../../../relay/providers/gemini/adapter.js';

const googleError = (code: number, status: string, message: string, details?: unknown[]) =>
  JSON.stringify({ error: { code, message, status, ...(details ? { details } : {}) } });

describe('gemini error parsing', () => {
  it('maps a bad key (400 INVALID_ARGUMENT, "API key not valid") to authentication', () => {
    const body = googleError(400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.', [
      { '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID', domain: 'googleapis.com' },
    ]);
    expect(geminiAdapter.parseError(400, body)).toEqual({
      status: 400,
      kind: 'authentication',
      message: 'API key not valid. Please pass a valid API key.',
      code: 'API_KEY_INVALID',
    });
  });

  it.each([
    [400, 'INVALID_ARGUMENT', 'invalid_request'],
    [400, 'FAILED_PRECONDITION', 'invalid_request'],
    [401, 'UNAUTHENTICATED', 'authentication'],
    [403, 'PERMISSION_DENIED', 'permission'],
    [404, 'NOT_FOUND', 'not_found'],
    [429, 'RESOURCE_EXHAUSTED', 'rate_limit'],
    [503, 'UNAVAILABLE', 'overloaded'],
    [504, 'DEADLINE_EXCEEDED', 'timeout'],
    [500, 'INTERNAL', 'upstream'],
  ])('maps %i %s to %s', (status, googleStatus, kind) => {
    expect(geminiAdapter.parseError(status, googleError(status, googleStatus, 'something'))).toEqual({ status, kind, message: 'something', code: googleStatus });
  });

  it('reads the array-of-one form', () => {
    const body = `[${googleError(429, 'RESOURCE_EXHAUSTED', 'Quota exceeded for metric generate_content_free_tier_requests')}]`;
    expect(geminiAdapter.parseError(429, body)).toMatchObject({ kind: 'rate_limit', message: 'Quota exceeded for metric generate_content_free_tier_requests' });
  });

  it('falls back on the HTTP status and the first 200 characters of an unparsable body', () => {
    const html = `<html><body>${'x'.repeat(300)}</body></html>`;
    const info = geminiAdapter.parseError(502, html);
    expect(info).toEqual({ status: 502, kind: 'upstream', message: `Gemini answered HTTP 502: ${html.slice(0, 200)}` });
    expect(geminiAdapter.parseError(404, 'Not Found').kind).toBe('not_found');
    expect(geminiAdapter.parseError(429, '').kind).toBe('rate_limit');
  });
});
