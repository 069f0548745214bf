// Server mode: every instance answers GET /metrics with its own counters (Prometheus sums
// them across instances), behind the one metrics token the instances share.
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { addChannel } from '../../helpers/gateway.js';
import type { Gateway } from '../../helpers/gateway.js';
import { setupAndLogin, startTestRelay } from '../../helpers/relay.js';
import type { TestRelay } from '../../helpers/relay.js';
import { serverModeOptions } from '../../helpers/server-db.js';
import { fixedUsageUpstream } from '../../unit/observability/fixed-usage-upstream.js';
import { METRICS_TOKEN, enableMetrics, scrape, total } from '../../unit/observability/prometheus-text.js';

function ask(relay: TestRelay, key: string) {
  return new OpenAI({ apiKey: key, baseURL: relay.relayBaseUrl, maxRetries: 0 }).chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'Hi' }] });
}

describe('GET /metrics across instances (server mode)', () => {
  it('each instance counts its own calls', async () => {
    const upstream = await fixedUsageUpstream();
    try {
      const server = await serverModeOptions();
      const first = await startTestRelay({ server });
      const second = await startTestRelay({ server });
      const admin = await setupAndLogin(first);
      await addChannel(admin, { type: 1, upstream, models: ['gpt-4o'], name: 'main' });
      const key = (await admin.call('POST', '/api/token/', { name: 'instances', unlimited_quota: true })).json.data.key as string;
      const one: Gateway = { relay: first, admin, key };
      const two: Gateway = { relay: second, admin, key };
      await enableMetrics(one);
      // The second instance learns of the setting, the channel and the key through the change feed.
      await expect.poll(async () => (await fetch(`${second.origin}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).status, { timeout: 10_000 }).toBe(200);
      await expect.poll(async () => (await ask(second, key).then(() => true).catch(() => false)), { timeout: 10_000 }).toBe(true);

      await ask(first, key);
      await ask(first, key);
      const labels = { model: 'gpt-4o', channel: 'main', status: '200' };
      expect(total(await scrape(one), 'relaydesk_calls_total', labels)).toBe(2);
      expect(total(await scrape(two), 'relaydesk_calls_total', labels)).toBe(1);
      expect(total(await scrape(one), 'relaydesk_tokens_total', { model: 'gpt-4o', type: 'input' })).toBe(20);
      // Both see the shared channel's health.
      expect(total(await scrape(two), 'relaydesk_channel_status', { channel: 'main', state: 'enabled' })).toBe(1);
    } finally {
      await upstream.close();
    }
  }, 60_000);
});
