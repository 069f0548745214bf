// Upstream faults (issue 18): every family the fakes cover × every fault before the first byte
// is served by another channel within the retry budget, the failed channel skipped afterwards
// (cooled down), each attempt in the record's retry chain; a stream cut or stalled after its
// first byte ends with an error event of the client's protocol, billed for what was delivered.
// After each scenario the key's quota adds up (given = used + left, nothing held).
import { afterEach, describe, expect, it } from 'vitest';
import { countTokens } from '../../relay/billing/estimate-tokens.js';
import type { FakeUpstream } from '../fake-upstreams/harness.js';
import { addChannel } from '../helpers/gateway.js';
import type { ApiClient } from '../helpers/relay.js';
import { allCallRecords, asUpstream, callRelay, deliveredText, limitedKey, priceModel, recordsOfCalls, settledStanding } from './fault-calls.js';
import { FAULT_FAMILIES } from './fault-families.js';
import { PRE_FIRST_BYTE_FAULTS, startFaultyUpstream, type FaultyUpstream } from './faulty-upstream.js';
import { recordFigure, relayWithUsers, STORES } from './stores.js';

const open: Array<FakeUpstream | FaultyUpstream> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((u) => u.close()));
});

async function fastTimeouts(root: ApiClient): Promise<void> {
  const set = await root.call('PUT', '/api/option', { values: { first_byte_timeout_seconds: 1, stream_idle_timeout_seconds: 1, retry_times: 2 } });
  expect(set.json.success, set.text).toBe(true);
}

/** The key adds up: given = used + left, nothing held; and the records' quota sum is what was used. */
async function expectBalanced(origin: string, key: string, root: ApiClient) {
  const standing = await settledStanding(origin, key);
  const logged = (await allCallRecords(root)).reduce((total, r) => total + r.quota, 0);
  expect(standing.held).toBe(0);
  expect(standing.used + standing.left).toBe(standing.granted);
  expect(logged).toBe(standing.used);
  return standing;
}

describe.each(STORES)('upstream faults ($name store)', (store) => {
  it('before the first byte: each fault of each family is served by another channel, the failed one cooled down, each attempt logged', async () => {
    // Video tasks are followed quickly, so that their reservations close within the scenario.
    const { relay, root } = await relayWithUsers(store, [], { videoPolling: { firstMs: 40, maxMs: 120 } });
    await fastTimeouts(root);
    const key = await limitedKey(root, 'faults', 500_000_000);
    const problems: string[] = [];
    let cases = 0;
    let worstMs = 0;
    for (const [f, family] of FAULT_FAMILIES.entries()) {
      const healthy = await family.start();
      open.push(healthy);
      for (const [k, fault] of PRE_FIRST_BYTE_FAULTS.entries()) {
        cases++;
        const label = `${family.name} / ${fault}`;
        const model = `${family.modelPrefix ?? ''}fault-model-${f}-${k}`;
        await priceModel(root, model, family.price);
        const bad = await startFaultyUpstream(fault);
        open.push(bad);
        const badId = await addChannel(root, { type: family.channelType, upstream: asUpstream(bad.url), models: [model], key: family.channelKey, extra: family.extra, priority: 10, name: `bad ${label}` });
        await addChannel(root, { type: family.channelType, upstream: healthy, models: [model], key: family.channelKey, extra: family.extra, priority: 0, name: `good ${label}` });
        const { path, body } = family.request(model);
        const first = await callRelay(relay.origin, key, path, body);
        worstMs = Math.max(worstMs, first.ms);
        const hits = bad.hits;
        const second = await callRelay(relay.origin, key, path, body);
        const records = await recordsOfCalls(root, model, [first, second]);
        const chain = records[0]?.retry_chain ?? [];
        const wrong = [
          first.status !== 200 && `first call answered ${first.status}: ${first.text.slice(0, 200)}`,
          family.streamed && family.endsWithErrorEvent?.(first.text) && 'the served stream ended with an error event',
          second.status !== 200 && `second call answered ${second.status}: ${second.text.slice(0, 200)}`,
          bad.hits !== hits && 'the failed channel was tried again within its cooldown',
          records.some((r) => !r) && `records of ${records.filter(Boolean).length} of the 2 calls`,
          (chain.length !== 1 || chain[0].channel_id !== badId || typeof chain[0].ms !== 'number') && `first retry chain ${JSON.stringify(chain)}`,
          fault === '500' && chain[0]?.status !== 500 && 'the chain lacks the 500',
          fault === '429 retry-after' && chain[0]?.status !== 429 && 'the chain lacks the 429',
          !(records[0]?.quota > 0) && 'the served call was not billed',
          (records[1]?.retry_chain ?? []).length !== 0 && `second call retried: ${JSON.stringify(records[1]?.retry_chain)}`,
        ].filter(Boolean);
        if (wrong.length) problems.push(`${label}: ${wrong.join('; ')}`);
      }
    }
    const standing = await expectBalanced(relay.origin, key, root);
    await recordFigure({
      scenario: 'upstream faults before the first byte (fail over, cool down, retry chain)',
      store: store.name,
      runs: 1,
      cases,
      held: `${cases - problems.length} of ${cases} served by another channel and the failed one skipped after; key: used ${standing.used} + left ${standing.left} = given, held ${standing.held}`,
      worst: problems[0] ?? `slowest fail-over ${worstMs} ms (the stall waits the 1 s first-byte timeout)`,
    });
    if (problems.length) console.error(problems.join('\n'));
    expect(problems).toEqual([]);
  });

  it('after the first byte: a reset or stalled stream ends with an error event of its protocol, billed for what was delivered', async () => {
    const { relay, root } = await relayWithUsers(store);
    await fastTimeouts(root);
    const key = await limitedKey(root, 'cuts', 500_000_000);
    const problems: string[] = [];
    /** Each cut call's tokens delivered ≤ completion tokens billed ≤ the whole answer's. */
    const billed: string[] = [];
    let cases = 0;
    for (const [f, family] of FAULT_FAMILIES.filter((x) => x.streamed).entries()) {
      for (const fault of ['reset-after-chunks', 'stall-after-chunks'] as const) {
        cases++;
        const label = `${family.name} / ${fault}`;
        const model = `${family.modelPrefix ?? ''}cut-model-${f}-${fault}`;
        await priceModel(root, model);
        const [upstream, other] = await Promise.all([family.start(), family.start()]);
        open.push(upstream, other);
        await addChannel(root, { type: family.channelType, upstream, models: [model], key: family.channelKey, extra: family.extra, priority: 10, name: `cut ${label}` });
        await addChannel(root, { type: family.channelType, upstream: other, models: [model], key: family.channelKey, extra: family.extra, priority: 0, name: `spare ${label}` });
        const { path, body } = family.request(model);
        const full = await callRelay(relay.origin, key, path, body);
        upstream.inject({ kind: fault, afterChunks: family.cutAfterChunks ?? 3, times: 1 });
        const cut = await callRelay(relay.origin, key, path, body);
        const [fullRecord, cutRecord] = await recordsOfCalls(root, model, [full, cut]);
        const delivered = deliveredText(cut.text);
        const deliveredTokens = await countTokens(delivered);
        const wrong = [
          full.status !== 200 && `the whole call answered ${full.status}`,
          cut.status !== 200 && `the cut call answered ${cut.status}: ${cut.text.slice(0, 200)}`,
          !family.endsWithErrorEvent!(cut.text) && `no error event at the end: …${JSON.stringify(cut.text.slice(-300))}`,
          other.requests.length !== 0 && 'retried on another channel after bytes were sent',
          !cutRecord && 'the cut call has no record',
          !(fullRecord?.quota > 0) && 'the whole call was not billed',
          delivered === '' && 'nothing was delivered before the cut (the case would test nothing)',
          delivered && cutRecord && !(cutRecord.completion_tokens >= deliveredTokens && cutRecord.quota > 0) &&
            `${deliveredTokens} tokens delivered, billed ${cutRecord.completion_tokens} completion tokens (${cutRecord.quota} quota)`,
          cutRecord && fullRecord && cutRecord.quota > fullRecord.quota && `billed ${cutRecord.quota} for a cut answer, more than the whole one's ${fullRecord.quota}`,
          cutRecord && fullRecord && cutRecord.completion_tokens >= fullRecord.completion_tokens && fullRecord.completion_tokens > 1 &&
            `billed ${cutRecord.completion_tokens} completion tokens for a cut answer, the whole one had ${fullRecord.completion_tokens}`,
        ].filter(Boolean);
        if (wrong.length) problems.push(`${label}: ${wrong.join('; ')}`);
        billed.push(`${deliveredTokens} ≤ ${cutRecord?.completion_tokens} ≤ ${fullRecord?.completion_tokens}`);
      }
    }
    const standing = await expectBalanced(relay.origin, key, root);
    await recordFigure({
      scenario: 'stream reset or stalled after the first byte (error event, partial billing)',
      store: store.name,
      runs: 1,
      cases,
      held: `${cases - problems.length} of ${cases} ended with an error event, billed for what was delivered (tokens delivered ≤ billed ≤ the whole answer's: ${billed.join(', ')}); key: used ${standing.used} + left ${standing.left} = given, held ${standing.held}`,
      worst: problems[0] ?? 'none',
    });
    if (problems.length) console.error(problems.join('\n'));
    expect(problems).toEqual([]);
  });

  it('a cooldown ends: a 500 channel is tried again after the cooldown, a 429 one not before its Retry-After', async () => {
    const { relay, root } = await relayWithUsers(store);
    expect((await root.call('PUT', '/api/option', { values: { channel_cooldown_seconds: 1 } })).json.success).toBe(true);
    const key = await limitedKey(root, 'cooldowns', 500_000_000);
    const chat = FAULT_FAMILIES[0]!;
    const healthy = await chat.start();
    open.push(healthy);
    const bad: Record<string, FaultyUpstream> = {};
    for (const fault of ['500', '429 retry-after'] as const) {
      const model = `cooldown-${fault.slice(0, 3)}`;
      await priceModel(root, model);
      bad[fault] = await startFaultyUpstream(fault, 4);
      open.push(bad[fault]);
      await addChannel(root, { type: 1, upstream: asUpstream(bad[fault].url), models: [model], priority: 10, name: `bad ${fault}` });
      await addChannel(root, { type: 1, upstream: healthy, models: [model], priority: 0, name: `good ${fault}` });
    }
    const both = () => Promise.all(['cooldown-500', 'cooldown-429'].map((model) => callRelay(relay.origin, key, chat.request(model).path, chat.request(model).body)));
    const hits = () => [bad['500']!.hits, bad['429 retry-after']!.hits];
    expect((await both()).map((a) => a.status)).toEqual([200, 200]);
    expect(hits()).toEqual([1, 1]);
    await both(); // within the 1 s cooldown: neither is tried
    expect(hits()).toEqual([1, 1]);
    await new Promise((resolve) => setTimeout(resolve, 2_000)); // past the 1 s cooldown, within the 4 s Retry-After
    expect((await both()).map((a) => a.status)).toEqual([200, 200]);
    const after = hits();
    await recordFigure({ scenario: 'cooldown ends (1 s) and Retry-After (4 s) holds', store: store.name, runs: 1, cases: 6, held: `tries of the 500 channel ${after[0]} of 2 expected, of the 429 one ${after[1]} of 1`, worst: 'none' });
    expect(after).toEqual([2, 1]);
    await expectBalanced(relay.origin, key, root);
  });
});
