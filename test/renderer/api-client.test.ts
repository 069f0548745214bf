// The console's typed client (renderer/api/client.ts): URLs it builds, the envelope it
// unwraps, and (checked by `tsc`) the calls it refuses to compile.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, apiUrl } from '../../renderer/api/client.js';
import { i18n } from '../../renderer/i18n/index.js';

afterEach(() => vi.unstubAllGlobals());

function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

describe('apiUrl', () => {
  it('fills path parameters (encoded) and leaves out empty query values', () => {
    expect(apiUrl('/api/group/{name}', { params: { name: 'a b/c' } })).toBe('/api/group/a%20b%2Fc');
    expect(apiUrl('/api/log/self/export', { query: { model: 'gpt-4o', token_name: '', type: undefined, start_timestamp: 0 } })).toBe('/api/log/self/export?model=gpt-4o&start_timestamp=0');
    expect(apiUrl('/api/status')).toBe('/api/status');
  });
});

describe('api', () => {
  it("sends the method, path and JSON body, and answers the envelope's data", async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return answer(200, { success: true, message: '', data: { id: 7, name: 'k', key: 'sk-x' } });
    });
    const created = await api.post('/api/token/{id}/regenerate', undefined, { params: { id: 7 } });
    expect(created.key).toBe('sk-x');
    await api.put('/api/user/self/password', { current_password: 'a', new_password: 'b' });
    expect(calls.map((c) => `${c.init.method} ${c.url}`)).toEqual(['POST /api/token/7/regenerate', 'PUT /api/user/self/password']);
    expect(calls[0]!.init.body).toBeUndefined();
    expect(JSON.parse(String(calls[1]!.init.body))).toEqual({ current_password: 'a', new_password: 'b' });
  });

  it("turns a failure into an ApiError with the relay's message, and a 429 into a wait", async () => {
    vi.stubGlobal('fetch', async () => answer(404, { success: false, message: 'No API key 9.', data: null }));
    await expect(api.delete('/api/token/{id}', { params: { id: 9 } })).rejects.toMatchObject({ status: 404, message: 'No API key 9.' });
    vi.stubGlobal('fetch', async () => answer(429, { success: false, message: 'slow down' }, { 'Retry-After': '90' }));
    const limited = await api.get('/api/user/self').catch((error: unknown) => error);
    expect(limited).toBeInstanceOf(ApiError);
    expect(limited).toMatchObject({ status: 429, retryAfter: 90, message: 'Too many attempts, try again in 2 minutes.' });
  });

  it("says in the console's language that the relay cannot be reached", async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(api.get('/api/user/self')).rejects.toMatchObject({ status: 0, message: "Can't reach the Relaydesk relay. Check that it is running, then try again." });
    await i18n.changeLanguage('zh-CN');
    try {
      await expect(api.get('/api/user/self')).rejects.toMatchObject({ status: 0, message: '无法连接到 Relaydesk 中转服务。请确认它正在运行，然后重试。' });
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

// Compile-time only: each line must fail `tsc -p tsconfig.json` (an unused @ts-expect-error fails it too).
export function refusedCalls() {
  // @ts-expect-error a path the document does not have
  void api.get('/api/no-such-route');
  // @ts-expect-error a method the path does not have
  void api.delete('/api/status');
  // @ts-expect-error path parameters are required
  void api.get('/api/channel/{id}');
  // @ts-expect-error a query value outside the schema's enum
  void api.get('/api/channel', { query: { sort: 'colour' } });
  // @ts-expect-error a body of the wrong shape
  void api.put('/api/user/self/password', { password: 'x' });
  // @ts-expect-error the CSV export is not an envelope: it is a link (apiUrl), not a call
  void api.get('/api/log/export');
}
