// Token counts (`/v1/messages/count_tokens`, `:countTokens`) are free but not unbounded:
// linear in the text, the relay answering others meanwhile, a capped body, and only for
// a key whose user still has quota.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { countTokens as realCount } from 'gpt-tokenizer/encoding/o200k_base';
import { ApiClient, seedUsers, setupAndLogin, startTestRelay } from '../helpers/relay.js';

async function relayWithKey() {
  const relay = await startTestRelay();
  const admin = await setupAndLogin(relay);
  const key = (await admin.call('POST', '/api/token/', { name: 'counting', unlimited_quota: true })).json.data.key as string;
  return { relay, admin, key };
}

function countMessages(origin: string, key: string, text: string) {
  return fetch(`${origin}/v1/messages/count_tokens`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'anthropic-version': '2023-06-01', 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'claude-test', messages: [{ role: 'user', content: text }] }),
  });
}

function countGemini(origin: string, key: string, text: string) {
  return fetch(`${origin}/v1beta/models/gemini-test:countTokens`, {
    method: 'POST',
    headers: { 'x-goog-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text }] }] }),
  });
}

describe('count_tokens and :countTokens', () => {
  it('count 5 MB of one word within a second while /api/status keeps answering', async () => {
    const { relay, key } = await relayWithKey();
    await (await countMessages(relay.origin, key, 'warm the tokenizer up')).json();
    const word = 'Zq9'.repeat(1_750_000);

    let counting = true;
    let slowestStatus = 0;
    const probe = (async () => {
      while (counting) {
        const sentAt = performance.now();
        await (await fetch(`${relay.origin}/api/status`)).json();
        slowestStatus = Math.max(slowestStatus, performance.now() - sentAt);
      }
    })();
    for (const count of [countMessages, countGemini]) {
      const startedAt = performance.now();
      const response = await count(relay.origin, key, word);
      const body: any = await response.json();
      expect(response.status).toBe(200);
      expect(performance.now() - startedAt).toBeLessThan(1_000);
      const tokens = body.input_tokens ?? body.totalTokens;
      expect(tokens).toBeGreaterThan(word.length / 5);
      expect(tokens).toBeLessThan(word.length / 3);
    }
    counting = false;
    await probe;
    expect(slowestStatus).toBeLessThan(300);
  });

  it('count ordinary text as the real tokenizer does', async () => {
    const { relay, key } = await relayWithKey();
    const prose = (await readFile(new URL('../../README.md', import.meta.url), 'utf8')).slice(0, 20_000);
    const body: any = await (await countGemini(relay.origin, key, prose)).json();
    expect(body.totalTokens).toBe(realCount(prose));
  });

  it('refuse a body over 8 MB with 413, in the protocol’s error shape', async () => {
    const { relay, key } = await relayWithKey();
    const response = await countMessages(relay.origin, key, 'x '.repeat(4_300_000));
    expect(response.status).toBe(413);
    const body: any = await response.json();
    expect(body.error.type).toBe('invalid_request_error');
    expect(body.error.message).toContain('8 MB');
  });

  it('refuse a key whose user has no quota left with 403, in each protocol’s error shape', async () => {
    const relay = await startTestRelay();
    await setupAndLogin(relay);
    await relay.close();
    await seedUsers(relay.dataDir, [{ username: 'casey' }]);
    const file = join(relay.dataDir, 'state.json');
    const state = JSON.parse(await readFile(file, 'utf8'));
    state.users.find((user: any) => user.username === 'casey').quota = 0;
    await writeFile(file, JSON.stringify(state));

    const restarted = await startTestRelay({ dataDir: relay.dataDir });
    const casey = new ApiClient(restarted.origin);
    await casey.call('POST', '/api/user/login', { username: 'casey', password: 'casey-password-1' });
    const key = (await casey.call('POST', '/api/token/', { name: 'caseys', unlimited_quota: true }, { origin: restarted.origin })).json.data.key as string;

    const messages = await countMessages(restarted.origin, key, 'hello');
    expect(messages.status).toBe(403);
    expect(((await messages.json()) as any).error.message).toMatch(/quota is used up/);
    const gemini = await countGemini(restarted.origin, key, 'hello');
    expect(gemini.status).toBe(403);
    expect(((await gemini.json()) as any).error.status).toBe('RESOURCE_EXHAUSTED');
  });
});
