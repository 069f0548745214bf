import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import type { FakeUpstream } from '../../fake-upstreams/harness.js';
import { sleep, startFakeUpstream } from '../../fake-upstreams/harness.js';
import { startFakeOpenAIChat } from '../../fake-upstreams/openai-chat.js';
import { addChannel, startGateway } from '../../helpers/gateway.js';
import type { Gateway } from '../../helpers/gateway.js';
import type { ApiClient } from '../../helpers/relay.js';

const upstreams: FakeUpstream[] = [];
afterEach(async () => {
  await Promise.all(upstreams.splice(0).map((u) => u.close()));
});
async function fake(options: Parameters<typeof startFakeOpenAIChat>[0] = {}) {
  const upstream = await startFakeOpenAIChat(options);
  upstreams.push(upstream);
  return upstream;
}
async function channel(admin: ApiClient, id: number) {
  return (await admin.call('GET', `/api/channel/${id}`)).json.data;
}
async function setOption(admin: ApiClient, key: string, value: unknown) {
  const response = await admin.call('PUT', '/api/option/', { key, value });
  expect(response.json?.success, response.text).toBe(true);
}
async function waitForTask(admin: ApiClient, id: number) {
  const started = Date.now();
  for (;;) {
    const task = (await admin.call('GET', `/api/task/${id}`)).json.data;
    if (task.status === 'succeeded' || task.status === 'failed' || Date.now() - started > 10_000) return task;
    await sleep(50);
  }
}
const ask = (gateway: Gateway) =>
  new OpenAI({ baseURL: gateway.relay.relayBaseUrl, apiKey: gateway.key, maxRetries: 0 }).chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'hi' }] });

describe('GET /api/channel/test/{id}', () => {
  it('makes a minimal real call and records the response time', async () => {
    const upstream = await fake({ apiKey: 'sk-test-key-0000000000000' });
    upstream.inject({ kind: 'delay-headers', ms: 60, times: 1 });
    const gateway = await startGateway([]);
    const id = await addChannel(gateway.admin, { type: 1, upstream, models: ['m', 'other'], key: 'sk-test-key-0000000000000', model_mapping: { other: 'upstream-other' } });

    const tested = await gateway.admin.call('GET', `/api/channel/test/${id}`);
    expect(tested.json.success, tested.text).toBe(true);
    expect(tested.json.data).toMatchObject({ ok: true, status_code: 200, model: 'm', key_index: 0, error: '', channel_status: 1 });
    expect(tested.json.data.response_time).toBeGreaterThanOrEqual(50);
    expect((await channel(gateway.admin, id)).response_time).toBe(tested.json.data.response_time);
    expect(upstream.requests[0]!.body).toMatchObject({ model: 'm', max_completion_tokens: 1, stream: false });
    expect(upstream.requests[0]!.headers.authorization).toBe('Bearer sk-test-key-0000000000000');

    // ?model= names a model the channel serves: it is mapped as a call's would be.
    const other = await gateway.admin.call('GET', `/api/channel/test/${id}?model=other`);
    expect(other.json.data).toMatchObject({ ok: true, model: 'upstream-other' });
    expect(upstream.requests[1]!.body.model).toBe('upstream-other');
    expect(other.json.data.response_time).toBeLessThan(tested.json.data.response_time);

    // Sorting by response time follows.
    const slow = await fake();
    slow.inject({ kind: 'delay-headers', ms: 200, times: 1 });
    const slowId = await addChannel(gateway.admin, { type: 1, upstream: slow, models: ['m'] });
    await gateway.admin.call('GET', `/api/channel/test/${slowId}`);
    const sorted = (await gateway.admin.call('GET', '/api/channel/?sort=response_time')).json.data.items.map((i: { id: number }) => i.id);
    expect(sorted).toEqual([slowId, id]);

    expect((await gateway.admin.call('GET', `/api/channel/test/${id}?key_index=3`)).status).toBe(400);
    expect((await gateway.admin.call('GET', '/api/channel/test/999')).status).toBe(404);
    for (const answer of [tested.text, other.text]) expect(answer).not.toContain('sk-test-key');
  });

  it('disables a refused key, and re-enables the automatically disabled channel once a test succeeds', async () => {
    const accepted: string[] = [];
    const upstream = await fake({ apiKeys: accepted });
    const gateway = await startGateway([]);
    const id = await addChannel(gateway.admin, { type: 1, upstream, models: ['m'], key: 'sk-fixed-later-000000000' });

    const refused = await gateway.admin.call('GET', `/api/channel/test/${id}`);
    expect(refused.json.data).toMatchObject({ ok: false, status_code: 401, channel_status: 3, error: expect.stringContaining('Incorrect API key') });
    expect(refused.json.message).toMatch(/^Failed/);
    expect(await channel(gateway.admin, id)).toMatchObject({ status: 3, status_reason: expect.stringContaining('401') });

    // With auto_enable_channel off, a passing test leaves it disabled.
    accepted.push('sk-fixed-later-000000000');
    await setOption(gateway.admin, 'auto_enable_channel', false);
    expect((await gateway.admin.call('GET', `/api/channel/test/${id}`)).json.data).toMatchObject({ ok: true, channel_status: 3 });
    await setOption(gateway.admin, 'auto_enable_channel', true);
    const passed = await gateway.admin.call('GET', `/api/channel/test/${id}`);
    expect(passed.json.data).toMatchObject({ ok: true, channel_status: 1 });
    expect(await channel(gateway.admin, id)).toMatchObject({ status: 1, status_reason: '', key_states: [expect.objectContaining({ status: 1, reason: '' })] });
    expect((await ask(gateway)).choices[0]!.message.content).toContain('hi');
  });

  it('leaves a channel disabled by hand as it is, whatever the test says', async () => {
    const upstream = await fake({ apiKey: 'sk-right-000000000000000' });
    const gateway = await startGateway([]);
    const id = await addChannel(gateway.admin, { type: 1, upstream, models: ['m'], key: 'sk-wrong-000000000000000', extra: { status: 2 } });
    expect((await gateway.admin.call('GET', `/api/channel/test/${id}`)).json.data).toMatchObject({ ok: false, channel_status: 2 });
    expect((await channel(gateway.admin, id)).key_states[0].status).toBe(1);
  });

  it("sends the channel's header overrides, and never shows a key the upstream's refusal echoes", async () => {
    const key = 'sk-echoed-by-upstream-0000000';
    const upstream = await startFakeUpstream((request) => ({
      status: 401,
      json: { error: { message: `Incorrect API key provided: ${request.headers['x-api-key']} (${request.headers.authorization}).`, code: 'invalid_api_key' } },
    }));
    upstreams.push(upstream);
    const gateway = await startGateway([]);
    const id = await addChannel(gateway.admin, { type: 1, upstream, models: ['m'], key, extra: { header_override: { 'X-Api-Key': '{api_key}', 'X-Team': 'team-7' } } });

    const refused = await gateway.admin.call('GET', `/api/channel/test/${id}`);
    expect(upstream.requests[0]!.headers['x-api-key']).toBe(key);
    expect(upstream.requests[0]!.headers['x-team']).toBe('team-7');
    expect(refused.json.data).toMatchObject({ ok: false, status_code: 401, error: expect.stringContaining('Incorrect API key provided: ***') });
    const after = await channel(gateway.admin, id);
    expect(after.status_reason).toContain('401');
    for (const shown of [refused.text, JSON.stringify(after)]) expect(shown).not.toContain(key);
  });
});

describe('POST /api/channel/test_all', () => {
  it('tests every channel not disabled by hand as a background task, to 100 % and succeeded', async () => {
    const good = await fake();
    const refusing = await fake({ apiKey: 'sk-someone-else-0000000' });
    const gateway = await startGateway([]);
    const ids = [
      await addChannel(gateway.admin, { type: 1, upstream: good, models: ['m'] }),
      await addChannel(gateway.admin, { type: 1, upstream: good, models: ['m'] }),
      await addChannel(gateway.admin, { type: 1, upstream: refusing, models: ['m'] }),
    ];
    await addChannel(gateway.admin, { type: 1, upstream: good, models: ['m'], extra: { status: 2 } });

    const started = await gateway.admin.call('POST', '/api/channel/test_all', {});
    expect(started.json.success, started.text).toBe(true);
    expect(started.json.data).toMatchObject({ kind: 'channel_test_all', total: 3, status: expect.stringMatching(/queued|running/) });
    // While it runs, another start answers the same task.
    const again = await gateway.admin.call('POST', '/api/channel/test_all', {});
    if (again.json.data.status !== 'succeeded') expect(again.json.data.id).toBe(started.json.data.id);

    const task = await waitForTask(gateway.admin, started.json.data.id);
    expect(task).toMatchObject({ status: 'succeeded', progress: 100, done: 3, total: 3, error: '', result: '2 passed, 1 failed' });
    expect(task.finished_at).toBeGreaterThanOrEqual(task.started_at);
    expect(good.requests).toHaveLength(2);
    for (const id of ids.slice(0, 2)) expect((await channel(gateway.admin, id)).response_time).toBeGreaterThan(0);
    expect((await channel(gateway.admin, ids[2]!)).status).toBe(3);

    const mine = (await gateway.admin.call('GET', '/api/task/self')).json.data;
    expect(mine.items.map((t: { id: number }) => t.id)).toContain(task.id);
    const listed = (await gateway.admin.call('GET', '/api/task/?kind=channel_test_all&status=succeeded')).json.data;
    expect(listed.items[0]).toMatchObject({ id: expect.any(Number), kind: 'channel_test_all', status: 'succeeded' });
  });
});

describe('multi-key management', () => {
  it('shows per-key states; enables, disables and deletes one key; enables them all', async () => {
    const keys = ['sk-multi-0-00000000000000', 'sk-multi-1-00000000000000', 'sk-multi-2-00000000000000'];
    const upstream = await fake({ apiKeys: keys });
    const gateway = await startGateway([]);
    const id = await addChannel(gateway.admin, { type: 1, upstream, models: ['m'], key: keys.join('\n'), extra: { key_mode: 'polling' } });
    const action = (body: Record<string, unknown>) => gateway.admin.call('POST', `/api/channel/${id}/keys`, body);
    const used = () => upstream.requests.splice(0).map((r) => r.headers.authorization?.slice('Bearer sk-multi-'.length, 'Bearer sk-multi-'.length + 1));

    const listed = await gateway.admin.call('GET', `/api/channel/${id}/keys`);
    expect(listed.json.data).toMatchObject({ key_count: 3, enabled: 3 });
    expect(listed.json.data.items.map((k: { index: number; status: number }) => [k.index, k.status])).toEqual([[0, 1], [1, 1], [2, 1]]);

    const disabled = await action({ action: 'disable', index: 1 });
    expect(disabled.json.data).toMatchObject({ key_count: 3, enabled: 2 });
    expect(disabled.json.data.items[1]).toMatchObject({ status: 2, reason: expect.stringContaining('administrator'), disabled_at: expect.any(Number) });
    for (let i = 0; i < 4; i++) await ask(gateway);
    expect(new Set(used())).toEqual(new Set(['0', '2']));

    expect((await action({ action: 'enable', index: 1 })).json.data.items[1]).toMatchObject({ status: 1, reason: '' });
    for (let i = 0; i < 3; i++) await ask(gateway);
    expect(new Set(used())).toEqual(new Set(['0', '1', '2']));

    // Deleting shifts the later keys down.
    const deleted = await action({ action: 'delete', index: 0 });
    expect(deleted.json.data).toMatchObject({ key_count: 2, enabled: 2 });
    const view = await channel(gateway.admin, id);
    expect(view).toMatchObject({ key_count: 2 });
    expect(view.key_states).toHaveLength(2);
    for (let i = 0; i < 2; i++) await ask(gateway);
    expect(new Set(used())).toEqual(new Set(['1', '2']));

    // Disabling every key disables the channel; enable_all brings both back.
    await action({ action: 'disable', index: 0 });
    await action({ action: 'disable', index: 1 });
    expect(await channel(gateway.admin, id)).toMatchObject({ status: 2, status_reason: 'every key is disabled' });
    expect((await action({ action: 'enable_all' })).json.data).toMatchObject({ enabled: 2 });
    expect((await channel(gateway.admin, id)).status).toBe(2); // disabled by hand stays so until enabled
    expect((await gateway.admin.call('POST', '/api/channel/batch', { ids: [id], action: 'enable' })).json.data.affected).toBe(1);
    expect((await ask(gateway)).choices[0]!.message.content).toContain('hi');

    expect((await action({ action: 'enable', index: 5 })).status).toBe(400);
    expect((await action({ action: 'enable' })).status).toBe(400);
    expect((await action({ action: 'delete', index: 0 })).json.success).toBe(true);
    const last = await action({ action: 'delete', index: 0 });
    expect(last.status).toBe(400);
    expect(last.json.message).toMatch(/only key/);
    for (const answer of [listed.text, disabled.text, deleted.text, last.text]) for (const key of keys) expect(answer).not.toContain(key);
  });

  it('an automatically disabled key, enabled by hand, brings its automatically disabled channel back', async () => {
    const accepted: string[] = [];
    const upstream = await fake({ apiKeys: accepted });
    const gateway = await startGateway([]);
    const id = await addChannel(gateway.admin, { type: 1, upstream, models: ['m'], key: 'sk-only-00000000000000000' });
    await gateway.admin.call('GET', `/api/channel/test/${id}`);
    expect((await channel(gateway.admin, id)).status).toBe(3);
    accepted.push('sk-only-00000000000000000');
    await gateway.admin.call('POST', `/api/channel/${id}/keys`, { action: 'enable', index: 0 });
    expect(await channel(gateway.admin, id)).toMatchObject({ status: 1, status_reason: '' });
  });
});
