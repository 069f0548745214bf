// Load (issue 18): 1,000 concurrent slow streams through one relay with bounded memory (peak RSS
// recorded), and 1,000 concurrent calls on one key whose quota pays for a few hundred: no
// overspend, nothing held after, the records' sums equal the key's counters. The relay runs in
// this process (its RSS includes the clients and the fake upstream: an upper bound for the
// relay's own). Sized to a minute or so each on a 2-core machine; the 10-minute soak with
// memory per 100k calls is `npm run bench -- --soak`.
import { afterEach, describe, expect, it } from 'vitest';
import type { FakeUpstream } from '../fake-upstreams/harness.js';
import { startFakeOpenAIChat } from '../fake-upstreams/openai-chat.js';
import { addChannel } from '../helpers/gateway.js';
import { allCallRecords, callRelay, limitedKey, priceModel, settledStanding } from './fault-calls.js';
import { recordFigure, relayWithUsers, STORES } from './stores.js';

const CONCURRENT = 1_000;
const MB = 1024 * 1024;
const open: FakeUpstream[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((u) => u.close()));
});

/** Samples this process's RSS every 50 ms until stopped; answers the peak. */
function sampleRss(): { stop(): number } {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, process.memoryUsage().rss);
    },
  };
}

const chat = (model: string, stream: boolean, content: string) => ({
  model,
  stream,
  ...(stream ? { stream_options: { include_usage: true } } : {}),
  max_tokens: 40,
  messages: [{ role: 'user', content }],
});

describe.each(STORES)('load ($name store)', (store) => {
  it(`${CONCURRENT} concurrent slow streams complete whole, with bounded memory`, async () => {
    const { relay, root } = await relayWithUsers(store);
    // 11 chunks of 6 characters, 150 ms apart: each stream lasts about 1.7 s, all open at once.
    const upstream = await startFakeOpenAIChat({ chunkDelayMs: 150 });
    open.push(upstream);
    await addChannel(root, { type: 1, upstream, models: ['slow'], name: 'slow streams' });
    await priceModel(root, 'slow');
    const key = await limitedKey(root, 'streams', 1_000_000_000);
    await callRelay(relay.origin, key, '/v1/chat/completions', chat('slow', true, 'warm up')); // first-call work out of the figure
    global.gc?.();
    const baseline = process.memoryUsage().rss;
    const rss = sampleRss();
    const started = Date.now();
    const content = 'a slow stream of sixty-six characters, read in eleven chunks.';
    const answers = await Promise.all(Array.from({ length: CONCURRENT }, () => callRelay(relay.origin, key, '/v1/chat/completions', chat('slow', true, content))));
    const seconds = (Date.now() - started) / 1000;
    const peak = rss.stop();
    const whole = answers.filter((a) => a.status === 200 && a.text.includes('data: [DONE]') && !a.text.includes('"error"'));
    const worstMs = Math.max(...answers.map((a) => a.ms));
    const standing = await settledStanding(relay.origin, key);
    const records = (await allCallRecords(root)).filter((r) => r.model === 'slow');
    await recordFigure({
      scenario: `${CONCURRENT} concurrent slow streams`,
      store: store.name,
      runs: 1,
      cases: CONCURRENT,
      held: `${whole.length} of ${CONCURRENT} whole in ${seconds.toFixed(1)} s; peak RSS ${Math.round(peak / MB)} MB (${Math.round((peak - baseline) / MB)} MB over the idle ${Math.round(baseline / MB)} MB, relay, clients and fake in one process); held ${standing.held}`,
      worst: `slowest stream ${worstMs} ms; ${answers.filter((a) => a.status !== 200).length} not 200`,
    });
    expect(whole).toHaveLength(CONCURRENT);
    expect(records).toHaveLength(CONCURRENT + 1);
    expect(standing.held).toBe(0);
    expect(standing.used + standing.left).toBe(standing.granted);
    // Bounded: well under 1 MB per open stream (relay, client and fake sides together).
    expect(peak - baseline).toBeLessThan(CONCURRENT * 0.5 * MB);
  });

  it(`${CONCURRENT} concurrent calls on one key with quota for a few hundred: no overspend, nothing held, sums match`, async () => {
    const { relay, root } = await relayWithUsers(store);
    const upstream = await startFakeOpenAIChat();
    open.push(upstream);
    await addChannel(root, { type: 1, upstream, models: ['metered'], name: 'metered' });
    await priceModel(root, 'metered');
    const content = 'what does one call cost?';
    // One call's cost on a roomy key, to size the limited one.
    const probeKey = await limitedKey(root, 'probe', 1_000_000_000);
    const probe = await callRelay(relay.origin, probeKey, '/v1/chat/completions', chat('metered', false, content));
    expect(probe.status, probe.text).toBe(200);
    const cost = (await settledStanding(relay.origin, probeKey)).used;
    expect(cost).toBeGreaterThan(0);
    const given = cost * 300 + Math.floor(cost / 2);
    const key = await limitedKey(root, 'limited', given);
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: CONCURRENT }, (_, i) => callRelay(relay.origin, key, '/v1/chat/completions', chat('metered', i % 2 === 0, content))),
    );
    const seconds = (Date.now() - started) / 1000;
    const served = answers.filter((a) => a.status === 200 && !a.text.includes('"error"'));
    const failed = answers.filter((a) => a.status === 0 || a.status >= 500);
    const refused = answers.filter((a) => a.status >= 400 && a.status < 500);
    const standing = await settledStanding(relay.origin, key);
    const records = (await allCallRecords(root)).filter((r) => r.token_name === 'limited' && r.type === 2);
    const logged = records.reduce((total, r) => total + r.quota, 0);
    await recordFigure({
      scenario: `${CONCURRENT} concurrent calls on one key with limited quota`,
      store: store.name,
      runs: 1,
      cases: CONCURRENT,
      held: `given ${given} (${(given / cost).toFixed(1)} calls), used ${standing.used}, left ${standing.left}, held ${standing.held}; ${served.length} served, ${refused.length} refused in ${seconds.toFixed(1)} s; records sum ${logged}`,
      worst: `overspend ${Math.max(0, standing.used - given)}; ${failed.length} cut or 5xx; a refusal: ${refused.at(-1)?.status} ${refused.at(-1)?.text.slice(0, 160)}`,
    });
    // Every reservation here covers its call (max_tokens 40, a short echo): the in-flight excess is 0.
    expect(standing.used).toBeLessThanOrEqual(given);
    expect(standing.held).toBe(0);
    expect(standing.used + standing.left).toBe(given);
    expect(failed).toEqual([]);
    expect(served.length).toBeGreaterThan(0);
    expect(served.length).toBeLessThanOrEqual(300);
    expect(records).toHaveLength(served.length);
    expect(logged).toBe(standing.used);
    expect(standing.requests).toBe(served.length);
  });
});
