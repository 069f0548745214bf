// Server mode: two relay instances on one PostgreSQL and Redis share a key's requests per minute
// (the count lives in Redis), and a key's daily budget (spent in Redis with the quota counters).
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import type { FakeUpstream } from '../../fake-upstreams/harness.js';
import { startHonestChat } from '../../fake-upstreams/honest-chat.js';
import { addChannel } from '../../helpers/gateway.js';
import { setupAndLogin, startTestRelay } from '../../helpers/relay.js';
import type { TestRelay } from '../../helpers/relay.js';
import { serverModeOptions } from '../../helpers/server-db.js';

const upstreams: FakeUpstream[] = [];
afterEach(async () => {
  await Promise.all(upstreams.splice(0).map((u) => u.close()));
});

const ask = (relay: TestRelay, key: string) =>
  new OpenAI({ apiKey: key, baseURL: relay.relayBaseUrl, maxRetries: 0 }).chat.completions.create({ model: 'gpt-4o-mini', max_tokens: 20, messages: [{ role: 'user', content: 'hi' }] }).then(
    () => 200,
    (error: { status?: number; code?: string }) => `${error.status} ${error.code}`,
  );

async function twoInstances() {
  const upstream = await startHonestChat();
  upstreams.push(upstream);
  const server = await serverModeOptions();
  const first = await startTestRelay({ server });
  const second = await startTestRelay({ server });
  const admin = await setupAndLogin(first);
  await addChannel(admin, { type: 1, upstream, models: ['gpt-4o-mini'] });
  return { first, second, admin, upstream };
}

describe('limits across instances (server mode)', () => {
  it('one requests-per-minute limit holds for a key calling both instances', async () => {
    const { first, second, admin, upstream } = await twoInstances();
    const key = (await admin.call('POST', '/api/token/', { name: 'shared', unlimited_quota: true, limits: { rpm: 4 } })).json.data.key as string;
    // The second instance learns of the key through the change feed (refused 401 until then, which counts nothing).
    await expect.poll(() => ask(second, key), { timeout: 10_000 }).toBe(200);
    const answers = [];
    for (const relay of [first, second, first, second, first, second]) answers.push(await ask(relay, key));
    expect(answers).toEqual([200, 200, 200, '429 rate_limit_exceeded', '429 rate_limit_exceeded', '429 rate_limit_exceeded']);
    expect(upstream.requests).toHaveLength(4);
  });

  it("one daily budget holds for a key calling both instances, and the key's view shows it spent", async () => {
    const { first, second, admin } = await twoInstances();
    const key = (await admin.call('POST', '/api/token/', { name: 'budgeted', unlimited_quota: true, limits: { day: 30 } })).json.data.key as string;
    await expect.poll(() => ask(second, key), { timeout: 10_000 }).toBe(200);
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push(await ask(i % 2 ? second : first, key));
    expect(answers).toContain('403 budget_exceeded');
    const [view] = (await admin.call('GET', '/api/token/')).json.data.items as Array<{ budgets_left: Array<{ period: string; spent: number; left: number }> }>;
    expect(view!.budgets_left).toHaveLength(1);
    expect(view!.budgets_left[0]!.spent).toBeLessThanOrEqual(30);
    expect(view!.budgets_left[0]!.spent).toBeGreaterThanOrEqual(24);
  });
});
