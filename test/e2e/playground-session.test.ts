// The console's playground calls the relay as the signed-in user (no API key): billed and
// logged to that user as "Playground", and only from the console's own origin.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startFakeOpenAIChat } from '../fake-upstreams/openai-chat.js';
import type { FakeUpstream } from '../fake-upstreams/harness.js';
import { startGateway } from '../helpers/gateway.js';
import { ApiClient, seedUsers, startTestRelay } from '../helpers/relay.js';
import type { Gateway } from '../helpers/gateway.js';
import { decodeSseText } from '../../relay/http/sse-decoder.js';

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function gateway(): Promise<{ gateway: Gateway; upstream: FakeUpstream }> {
  const upstream = await startFakeOpenAIChat({ apiKey: 'upstream-key' });
  const started = await startGateway([{ type: 1, upstream, models: ['test-model', 'gpt-4o-mini'] }]);
  closers.push(() => upstream.close(), () => started.relay.close());
  return { gateway: started, upstream };
}

function playgroundCall(origin: string, headers: Record<string, string>, body: unknown = { model: 'test-model', stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: 'hello playground' }] }) {
  return fetch(`${origin}/pg/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

describe('POST /pg/chat/completions (the console playground)', () => {
  it('streams an answer to the signed-in user, billed and logged to them as Playground', async () => {
    const { gateway: g, upstream } = await gateway();
    const before = (await g.admin.call('GET', '/api/user/self')).json.data;

    const response = await playgroundCall(g.relay.origin, { cookie: g.admin.cookie, origin: g.relay.origin });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const events = decodeSseText(await response.text());
    const text = events
      .filter((e) => e.data !== '[DONE]')
      .map((e) => JSON.parse(e.data).choices?.[0]?.delta?.content ?? '')
      .join('');
    expect(text).toContain('hello playground');
    expect(upstream.requests).toHaveLength(1);

    const after = (await g.admin.call('GET', '/api/user/self')).json.data;
    expect(after.request_count).toBe(before.request_count + 1);
    const logs = (await g.admin.call('GET', '/api/log/self?type=2')).json.data.items;
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ token_name: 'Playground', model: 'test-model', username: 'owner', group: 'default' });
    expect(logs[0].prompt_tokens).toBeGreaterThan(0);
    expect(after.quota).toBe(before.quota - logs[0].quota);
    // No key was made for it.
    expect((await g.admin.call('GET', '/api/token/')).json.data.total).toBe(1);
  });

  it("charges a priced model's cost to the user's own quota", async () => {
    const { gateway: g } = await gateway();
    const before = (await g.admin.call('GET', '/api/user/self')).json.data;
    const response = await playgroundCall(g.relay.origin, { cookie: g.admin.cookie, origin: g.relay.origin }, { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'priced please' }] });
    expect(response.status).toBe(200);
    const [log] = (await g.admin.call('GET', '/api/log/self?type=2')).json.data.items;
    expect(log.quota).toBeGreaterThan(0);
    expect((await g.admin.call('GET', '/api/user/self')).json.data.quota).toBe(before.quota - log.quota);
  });

  it("keeps each user's playground use apart in the statistics (every user's playground is key 0)", async () => {
    const { gateway: g } = await gateway();
    await g.relay.close();
    await seedUsers(g.relay.dataDir, [{ username: 'casey' }]);
    const relay = await startTestRelay({ dataDir: g.relay.dataDir });
    const owner = new ApiClient(relay.origin);
    await owner.call('POST', '/api/user/login', { username: 'owner', password: 'correct horse battery' });
    const casey = new ApiClient(relay.origin);
    await casey.call('POST', '/api/user/login', { username: 'casey', password: 'casey-password-1' });
    for (const client of [owner, owner, casey]) {
      const response = await playgroundCall(relay.origin, { cookie: client.cookie, origin: relay.origin });
      expect(response.status).toBe(200);
      await response.text(); // the call is logged once its stream has ended
    }
    await vi.waitFor(async () => {
      const data = (await owner.call('GET', '/api/data/')).json.data;
      const playground = data.by_key.filter((row: any) => row.token_name === 'Playground').map((row: any) => [row.user_id, row.requests]);
      expect(playground.sort()).toEqual([
        [1, 2],
        [2, 1],
      ]);
    });
  });

  it('refuses a call without a session in the chat-completions error shape, and calls no upstream', async () => {
    const { gateway: g, upstream } = await gateway();
    const response = await playgroundCall(g.relay.origin, { origin: g.relay.origin });
    expect(response.status).toBe(401);
    const body: any = await response.json();
    expect(body.error.message).toMatch(/sign in/i);
    expect(typeof body.error.type).toBe('string');
    expect(upstream.requests).toHaveLength(0);
  });

  it('takes no API key in place of the session', async () => {
    const { gateway: g } = await gateway();
    const response = await playgroundCall(g.relay.origin, { authorization: `Bearer ${g.key}`, origin: g.relay.origin });
    expect(response.status).toBe(401);
  });

  it('refuses a cookie sent by another site, or with no origin at all', async () => {
    const { gateway: g, upstream } = await gateway();
    const foreign = await playgroundCall(g.relay.origin, { cookie: g.admin.cookie, origin: 'http://evil.example' });
    expect(foreign.status).toBe(403);
    const none = await playgroundCall(g.relay.origin, { cookie: g.admin.cookie });
    expect(none.status).toBe(403);
    expect(upstream.requests).toHaveLength(0);
  });

  it('ends with the session: a signed-out cookie no longer calls', async () => {
    const { gateway: g } = await gateway();
    const cookie = g.admin.cookie;
    await g.admin.call('GET', '/api/user/logout');
    const response = await playgroundCall(g.relay.origin, { cookie, origin: g.relay.origin });
    expect(response.status).toBe(401);
  });
});
