// POST /api/channel/speed_test: the same small request (the type's model list) timed at each
// candidate base URL of a channel, fastest first, with its status; the key never comes back.
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeUpstream } from '../../fake-upstreams/harness.js';
import type { FakeUpstream } from '../../fake-upstreams/harness.js';
import { freePort } from '../../helpers/free-port.js';
import { setupAndLogin, startTestRelay } from '../../helpers/relay.js';

const KEY = 'sk-speed-0123456789';
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** An OpenAI model list that wants KEY. */
async function modelList(): Promise<FakeUpstream> {
  const fake = await startFakeUpstream((request) =>
    request.headers.authorization === `Bearer ${KEY}` ? { json: { object: 'list', data: [{ id: 'm' }] } } : { status: 401, json: { error: { message: 'bad key' } } },
  );
  closers.push(() => fake.close());
  return fake;
}

describe('channel speed test', () => {
  it('times each base URL, fastest first, with what each answered; a saved channel lends its key', async () => {
    const relay = await startTestRelay();
    const admin = await setupAndLogin(relay);
    const fast = await modelList();
    const slow = await modelList();
    slow.inject({ kind: 'delay-headers', ms: 400 });
    const nowhere = `http://127.0.0.1:${await freePort()}`;
    const created = await admin.call('POST', '/api/channel/', { type: 1, name: 'mirrors', key: KEY, base_url: slow.url, models: 'm', group: 'default' });
    const channelId = created.json.data.id;

    const answer = await admin.call('POST', '/api/channel/speed_test', { channel_id: channelId, base_urls: [slow.url, `${fast.url}/`, nowhere], rounds: 2 });
    expect(answer.json.success, answer.text).toBe(true);
    expect(answer.text).not.toContain(KEY);
    const [first, second, third] = answer.json.data;
    expect(first).toMatchObject({ base_url: fast.url, ok: true, status: 200, error: '' });
    expect(second).toMatchObject({ base_url: slow.url, ok: true, status: 200 });
    expect(second.ms).toBeGreaterThanOrEqual(400);
    expect(first.ms).toBeLessThan(second.ms);
    expect(first.rounds).toHaveLength(2);
    expect(third).toMatchObject({ base_url: nowhere, ok: false, status: 0, ms: null });
    expect(third.error).not.toBe('');
    // Each reachable URL got the same request, with the saved channel's key.
    expect(fast.requests.map((r) => r.path)).toEqual(['/v1/models', '/v1/models']);
    expect(slow.requests).toHaveLength(2);
  });

  it('reports a wrong key as the status it got (its time still counts), and refuses a URL that is not http(s)', async () => {
    const relay = await startTestRelay();
    const admin = await setupAndLogin(relay);
    const fake = await modelList();
    const wrong = await admin.call('POST', '/api/channel/speed_test', { type: 1, key: 'sk-wrong', base_urls: [fake.url], rounds: 1 });
    expect(wrong.json.data[0]).toMatchObject({ ok: false, status: 401 });
    expect(wrong.json.data[0].ms).toEqual(expect.any(Number));
    const refused = await admin.call('POST', '/api/channel/speed_test', { type: 1, key: KEY, base_urls: ['ftp://example.com'] });
    expect(refused.status).toBe(400);
    expect(refused.json.message).toMatch(/http:\/\/ or https:\/\//);
  });
});
