// Billing beyond chat tokens, with real clients against a real relay: an embeddings call charges
// the key by the tokens the upstream reported, and a model priced per request charges that
// request on top of its tokens (reserved first, so a key that cannot pay for it is refused).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import type { FakeUpstream } from '../fake-upstreams/harness.js';
import { startFakeOpenAIChat } from '../fake-upstreams/openai-chat.js';
import { readCallLogs } from '../helpers/call-logs.js';
import { startGateway } from '../helpers/gateway.js';

const upstreams: FakeUpstream[] = [];
afterEach(async () => {
  await Promise.all(upstreams.splice(0).map((u) => u.close()));
});

const KEY_QUOTA = 1_000_000;

async function meteredGateway(models: string[], price: Record<string, unknown>) {
  const upstream = await startFakeOpenAIChat();
  upstreams.push(upstream);
  const gateway = await startGateway([{ type: 1, upstream, models }], { unlimited_quota: false, remain_quota: KEY_QUOTA });
  const priced = await gateway.admin.call('POST', '/api/models/meta', { name: models[0], ...price });
  expect(priced.json.success, priced.text).toBe(true);
  const client = new OpenAI({ baseURL: gateway.relay.relayBaseUrl, apiKey: gateway.key, maxRetries: 0 });
  /** Closes the relay (writing everything) and answers the key's counters and the call records. */
  const settled = async () => {
    await gateway.relay.close();
    const state = JSON.parse(await readFile(join(gateway.relay.dataDir, 'state.json'), 'utf8'));
    return { token: state.tokens[0], records: await readCallLogs(gateway.relay.dataDir) };
  };
  return { gateway, client, settled };
}

describe('embeddings are billed', () => {
  it("charges the key by the tokens the upstream reported, at the model's price", async () => {
    const { client, settled } = await meteredGateway(['embedder'], { model_ratio: 1000 });
    // Three long inputs: the upstream reports 3 tokens (one per input), far fewer than the relay would count itself.
    const inputs = ['a rather long sentence to embed, '.repeat(20), 'another one', 'and a third'];
    const answer = await client.embeddings.create({ model: 'embedder', input: inputs });
    expect(answer.usage.prompt_tokens).toBe(3);

    const { token, records } = await settled();
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ type: 2, family: 'embeddings', prompt_tokens: 3, completion_tokens: 0, units: { requests: 1 }, quota: 3 * 1000 });
    expect(token).toMatchObject({ used_quota: 3000, remain_quota: KEY_QUOTA - 3000, request_count: 1 });
  });
});

describe('a model priced per request', () => {
  it('charges its request price on a chat call, on top of its tokens, and logs the price it charged', async () => {
    const { client, settled } = await meteredGateway(['metered-model'], { model_ratio: 1, unit_prices: { requests: 0.01 } });
    const answer = await client.chat.completions.create({ model: 'metered-model', messages: [{ role: 'user', content: 'repeat 3' }] });
    const tokens = answer.usage!.prompt_tokens + answer.usage!.completion_tokens;
    expect(tokens).toBeGreaterThan(0);

    const { token, records } = await settled();
    const cost = tokens + 0.01 * 500_000; // model ratio 1: one quota a token; 0.01 USD = 5 000 quota
    expect(records[0]).toMatchObject({ type: 2, family: 'chat', units: { requests: 1 }, quota: cost, other: { model_ratio: 1, unit_prices: { requests: 0.01 } } });
    expect(token).toMatchObject({ used_quota: cost, remain_quota: KEY_QUOTA - cost });
  });

  it('refuses a call the key cannot pay the request price of, before any upstream call', async () => {
    const upstream = await startFakeOpenAIChat();
    upstreams.push(upstream);
    const gateway = await startGateway([{ type: 1, upstream, models: ['pricey'] }], { unlimited_quota: false, remain_quota: 4000 });
    await gateway.admin.call('POST', '/api/models/meta', { name: 'pricey', unit_prices: { requests: 0.01 } }); // 5 000 quota a call
    const client = new OpenAI({ baseURL: gateway.relay.relayBaseUrl, apiKey: gateway.key, maxRetries: 0 });
    const refused = await client.chat.completions.create({ model: 'pricey', messages: [{ role: 'user', content: 'hi' }] }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(OpenAI.APIError);
    expect((refused as InstanceType<typeof OpenAI.APIError>).status).toBe(403);
    expect(upstream.requests).toHaveLength(0);
    await gateway.relay.close();
  });
});
