// Server mode: prompt-cache affinity is shared in Redis, so a session whose calls a load
// balancer spreads over two instances still sticks to one key (each instance alone would
// round-robin its own way) and reads the upstream's cache on every call after the first.
import { describe, expect, it } from 'vitest';
import { consumeLogs, expectedQuota, keysCalled, sessionCall, sessionChannels } from '../../helpers/affinity-session.js';
import { setupAndLogin, startTestRelay } from '../../helpers/relay.js';
import { serverModeOptions } from '../../helpers/server-db.js';

describe('prompt-cache affinity across instances (server mode)', () => {
  it('a session alternating between two instances stays on one key, billed at the cached rate', async () => {
    const server = await serverModeOptions();
    const first = await startTestRelay({ server });
    const second = await startTestRelay({ server });
    const admin = await setupAndLogin(first);
    const upstreams = await sessionChannels(admin);
    try {
      const apiKey = (await admin.call('POST', '/api/token/', { name: 'agent', unlimited_quota: true })).json.data.key as string;
      // The second instance learns of the channels and the key through the change feed.
      await expect.poll(async () => (await sessionCall(second.origin, apiKey, 'warm-up', 0).then(() => true).catch(() => false)), { timeout: 10_000 }).toBe(true);
      const before = keysCalled(upstreams.many, upstreams.one).length;
      for (let turn = 1; turn <= 6; turn++) await sessionCall((turn % 2 ? first : second).origin, apiKey, 'session-a', turn);
      const keys = keysCalled(upstreams.many, upstreams.one).slice(before);
      expect(keys).toHaveLength(6);
      expect(new Set(keys).size).toBe(1);

      await expect.poll(async () => (await consumeLogs(admin)).length, { timeout: 10_000 }).toBe(7);
      const logs = (await consumeLogs(admin)).slice(1);
      expect(logs.map((l) => l.other?.affinity?.outcome)).toEqual(['new', 'hit', 'hit', 'hit', 'hit', 'hit']);
      for (const log of logs.slice(1)) {
        expect(log.cached_tokens).toBeGreaterThan(0);
        expect(log.quota).toBe(expectedQuota(log));
      }
    } finally {
      await upstreams.close();
    }
  }, 60_000);
});
