// Prompt-cache affinity (issue 19): the calls of one Claude Code session stick to one key of a
// multi-key channel, so the upstream's prompt cache (one per key) is read on every call after
// the first and the calls are billed at the cached rate; off, the same calls spread over the
// keys and pay to write the cache again. Scoped per API key, and moved when the key fails.
import { afterEach, describe, expect, it } from 'vitest';
import { consumeLogs, expectedQuota, keysCalled, sessionCall, sessionChannels, UPSTREAM_KEYS } from '../helpers/affinity-session.js';
import { setupAndLogin, startTestRelay } from '../helpers/relay.js';

const closing: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closing.splice(0).map((close) => close()));
});

async function gateway(affinitySeconds?: number) {
  const relay = await startTestRelay();
  const admin = await setupAndLogin(relay);
  const upstreams = await sessionChannels(admin);
  closing.push(upstreams.close);
  if (affinitySeconds !== undefined) expect((await admin.call('PUT', '/api/option/', { values: { cache_affinity_seconds: affinitySeconds } })).json.success).toBe(true);
  const key = async (name: string) => (await admin.call('POST', '/api/token/', { name, unlimited_quota: true })).json.data.key as string;
  return { relay, admin, upstreams, key };
}

describe('prompt-cache affinity', () => {
  it('keeps a session on one key of one channel, every call after the first billed at the cached rate', async () => {
    const g = await gateway();
    const apiKey = await g.key('agent');
    for (let turn = 1; turn <= 6; turn++) {
      const answer = await sessionCall(g.relay.origin, apiKey, 'session-a', turn);
      // The client sees the cache read too.
      if (turn > 1) expect(answer.usage.cache_read_input_tokens).toBeGreaterThan(0);
    }
    const keys = keysCalled(g.upstreams.many, g.upstreams.one);
    expect(keys).toHaveLength(6);
    expect(new Set(keys).size).toBe(1);

    const logs = await consumeLogs(g.admin);
    expect(logs.map((l) => l.other?.affinity?.outcome)).toEqual(['new', 'hit', 'hit', 'hit', 'hit', 'hit']);
    expect(new Set(logs.map((l) => `${l.channel_id}:${l.other.affinity.key}`)).size).toBe(1);
    expect(logs[0].cached_tokens).toBe(0);
    for (const log of logs.slice(1)) {
      expect(log.cached_tokens).toBeGreaterThan(0);
      expect(log.quota).toBe(expectedQuota(log));
    }
    // Reading the cache is what makes the later calls cheap: each costs well under the first (which wrote it).
    for (const log of logs.slice(1)) expect(log.quota).toBeLessThan(logs[0].quota / 2);
  });

  it('off (0), the same session spreads over the keys and writes the cache again', async () => {
    const g = await gateway(0);
    const apiKey = await g.key('agent');
    for (let turn = 1; turn <= 6; turn++) await sessionCall(g.relay.origin, apiKey, 'session-a', turn);
    // Round-robin over the three keys: each key writes the cache once.
    expect(new Set(keysCalled(g.upstreams.many, g.upstreams.one))).toEqual(new Set(UPSTREAM_KEYS));
    const logs = await consumeLogs(g.admin);
    expect(logs.every((l) => l.other?.affinity === undefined)).toBe(true);
    expect(logs.filter((l) => l.cached_tokens === 0)).toHaveLength(3);
  });

  it('is kept per API key: the same session id from another key starts its own', async () => {
    const g = await gateway();
    await sessionCall(g.relay.origin, await g.key('alice'), 'shared-id', 1);
    await sessionCall(g.relay.origin, await g.key('bob'), 'shared-id', 1);
    const logs = await consumeLogs(g.admin);
    expect(logs.map((l) => l.other?.affinity?.outcome)).toEqual(['new', 'new']);
  });

  it('moves a session off a key that fails and sticks it where it was served', async () => {
    const g = await gateway();
    const apiKey = await g.key('agent');
    await sessionCall(g.relay.origin, apiKey, 'session-b', 1);
    const [first] = keysCalled(g.upstreams.many);
    expect(UPSTREAM_KEYS).toContain(first);
    g.upstreams.many.inject({ kind: 'status', status: 529, body: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }, times: 1 });
    await sessionCall(g.relay.origin, apiKey, 'session-b', 2);
    await sessionCall(g.relay.origin, apiKey, 'session-b', 3);
    const keys = keysCalled(g.upstreams.many, g.upstreams.one);
    const logs = await consumeLogs(g.admin);
    expect(logs.map((l) => l.other?.affinity?.outcome)).toEqual(['new', 'moved', 'hit']);
    expect(logs[1].retry_chain).toHaveLength(1);
    // The second call went to the other channel (the first one failed with 529), and the third followed it there.
    expect(logs[1].channel_name).toBe('one key');
    expect(logs[2].channel_name).toBe('one key');
    expect(keys.filter((k) => k === first)).toHaveLength(2); // the first call and the failed attempt
  });
});
