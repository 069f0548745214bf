import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { ApiClient, startTestRelay } from '../../helpers/relay.js';

describe('request ids and unknown paths', () => {
  it('gives every response a distinct X-Request-Id', async () => {
    const relay = await startTestRelay();
    const client = new ApiClient(relay.origin);
    const ids = new Set<string>();
    for (const path of ['/api/status', '/api/nope', '/v1/nope', '/', '/api/user/self']) {
      const id = (await client.call('GET', path)).headers.get('x-request-id');
      expect(id).toMatch(/^[0-9a-z]{16,}$/);
      ids.add(id!);
    }
    expect(ids.size).toBe(5);
  });

  it('answers unknown relay paths in the relay error shape, query strings aside', async () => {
    const relay = await startTestRelay();
    const response = await new ApiClient(relay.origin).call('POST', '/v1/nothing/here?beta=true', {});
    expect(response.status).toBe(404);
    expect(response.json).toEqual({
      error: { message: 'Invalid URL (POST /v1/nothing/here)', type: 'invalid_request_error', param: '', code: '' },
    });
    const gemini = await new ApiClient(relay.origin).call('GET', '/v1beta/unknown');
    expect(gemini.json.error.message).toBe('Invalid URL (GET /v1beta/unknown)');
  });

  it('answers unknown management paths in the envelope', async () => {
    const relay = await startTestRelay();
    const response = await new ApiClient(relay.origin).call('DELETE', '/api/no/such/thing');
    expect(response.status).toBe(404);
    expect(response.json).toEqual({ success: false, message: 'Invalid URL (DELETE /api/no/such/thing)', data: null });
  });

  it('refuses foreign host names on a loopback relay (DNS rebinding)', async () => {
    const relay = await startTestRelay();
    const status = (host: string, path: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port: relay.port, path, headers: { host } }, (res) => {
          let body = '';
          res.on('data', (c) => (body += c));
          res.on('end', () => resolve({ status: res.statusCode!, body }));
        });
        req.on('error', reject);
        req.end();
      });
    expect((await status('attacker.example:80', '/api/status')).status).toBe(403);
    expect(JSON.parse((await status('attacker.example', '/v1/models')).body).error.code).toBe('host_not_allowed');
    expect((await status(`localhost:${relay.port}`, '/api/status')).status).toBe(200);
    expect((await status(`[::1]:${relay.port}`, '/api/status')).status).toBe(200);
  });
});
