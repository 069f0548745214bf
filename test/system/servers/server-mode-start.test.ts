// The relay started in server mode: everything kept in PostgreSQL and Redis, shared by two
// instances, the official SDK as the client.
import { join } from 'node:path';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import type { FakeUpstream } from '../../fake-upstreams/harness.js';
import { startFakeOpenAIChat } from '../../fake-upstreams/openai-chat.js';
import { addChannel } from '../../helpers/gateway.js';
import { ApiClient, setupAndLogin, startTestRelay } from '../../helpers/relay.js';
import { serverModeOptions } from '../../helpers/server-db.js';
import { tempDir } from '../../helpers/temp-dir.js';

const upstreams: FakeUpstream[] = [];
afterEach(async () => {
  await Promise.all(upstreams.splice(0).map((u) => u.close()));
});


describe('server mode', () => {
  it('serves calls on two instances sharing one database and one Redis: one key, one quota, one log', async () => {
    const server = await serverModeOptions();
    const upstream = await startFakeOpenAIChat({ apiKey: 'upstream-key' });
    upstreams.push(upstream);
    const first = await startTestRelay({ server });
    const second = await startTestRelay({ server });
    expect(first.mode).toBe('server');
    expect(first.secretBackend).toBe('database');

    const admin = await setupAndLogin(first);
    await addChannel(admin, { type: 1, upstream, models: ['gpt-4o-mini'] });
    const created = await admin.call('POST', '/api/token/', { name: 'team key', unlimited_quota: false, remain_quota: 400_000 });
    const key = created.json.data.key as string;

    // The key made on the first instance works on the second within a second, and both bill one quota.
    const on = (relay: typeof first) => new OpenAI({ baseURL: relay.relayBaseUrl, apiKey: key, maxRetries: 0 });
    await expect.poll(async () => (await on(second).chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }).catch(() => undefined))?.choices[0]?.message.content, { timeout: 2_000 }).toBe('Echo: hi');
    const streamed = await on(first).chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'there' }], stream: true });
    let text = '';
    for await (const chunk of streamed) text += chunk.choices[0]?.delta.content ?? '';
    expect(text).toBe('Echo: there');
    const usage = async (relay: typeof first) => (await (await fetch(`${relay.relayBaseUrl}/usage`, { headers: { authorization: `Bearer ${key}` } })).json()) as any;
    // Used quota is counted in Redis at once and shown from the records within a few seconds (written back every 3 s).
    await expect.poll(async () => (await usage(second)).key.used.quota, { timeout: 8_000, interval: 1_000 }).toBeGreaterThan(0);
    const seenBySecond = await usage(second);
    const seenByFirst = await usage(first);
    expect(seenBySecond.key.used.quota).toBe(seenByFirst.key.used.quota);
    expect(seenBySecond.key.left.quota).toBe(400_000 - seenBySecond.key.used.quota);

    // A session made on one instance is valid on the other; both instances list the two calls.
    const onSecond = new ApiClient(second.origin);
    onSecond.cookie = admin.cookie;
    await expect.poll(async () => (await onSecond.call('GET', '/api/log/?p=1&page_size=10')).json?.data?.items?.filter((l: { type: number }) => l.type === 2).length, { timeout: 3_000 }).toBe(2);
    // The channel key is sealed in the database, never in clear.
    expect(first.logged.join('\n')).not.toContain('upstream-key');
  });

  it('refuses to start without the secret key, saying how to make one, and binds nothing after', async () => {
    const server = await serverModeOptions();
    await expect(startTestRelay({ server: { ...server, secretKeyFile: join(await tempDir(), 'missing.key') } })).rejects.toThrow(/key/i);
  });
});
