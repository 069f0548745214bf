import { describe, expect, it } from 'vitest';
import { anthropicAdapter } from '../../../../relay/providers/anthropic/adapter.js';

const body = (type: string, message: string) => JSON.stringify({ type: 'error', error: { type, message }, request_id: 'req_011CSHoEeqs5C35K2UUqR7Fy' });

describe('anthropic error parsing', () => {
  it.each([
    [400, 'invalid_request_error', 'invalid_request'],
    [401, 'authentication_error', 'authentication'],
    [402, 'billing_error', 'quota'],
    [403, 'permission_error', 'permission'],
    [404, 'not_found_error', 'not_found'],
    [413, 'request_too_large', 'invalid_request'],
    [429, 'rate_limit_error', 'rate_limit'],
    [500, 'api_error', 'upstream'],
    [504, 'timeout_error', 'timeout'],
    [529, 'overloaded_error', 'overloaded'],
  ] as const)('%i %s → %s', (status, type, kind) => {
    expect(anthropicAdapter.parseError(status, body(type, `the ${type} message`))).toEqual({
      status,
      kind,
      message: `the ${type} message`,
      code: type,
    });
  });

  it('falls back on the status for an unknown error type', () => {
    expect(anthropicAdapter.parseError(409, body('conflict_error', 'busy'))).toEqual({ status: 409, kind: 'invalid_request', message: 'busy', code: 'conflict_error' });
    expect(anthropicAdapter.parseError(503, body('brand_new_error', 'later'))).toMatchObject({ kind: 'overloaded' });
  });

  it('reads the chat-completions error shape of compatible upstreams', () => {
    const info = anthropicAdapter.parseError(429, JSON.stringify({ error: { message: 'Slow down', type: 'rate_limit_error', code: 'rate_limited' } }));
    expect(info).toEqual({ status: 429, kind: 'rate_limit', message: 'Slow down', code: 'rate_limited' });
  });

  it('keeps the status and the first 200 characters of an unparsable body', () => {
    const html = `<html><body>${'Bad gateway '.repeat(40)}</body></html>`;
    const info = anthropicAdapter.parseError(502, html);
    expect(info.status).toBe(502);
    expect(info.kind).toBe('upstream');
    expect(info.message).toBe(`Upstream answered status 502: ${html.slice(0, 200)}`);
    expect(anthropicAdapter.parseError(401, '')).toEqual({ status: 401, kind: 'authentication', message: 'Upstream answered status 401 with an empty body' });
  });
});
