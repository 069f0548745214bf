// Anthropic's cache writes billed exactly (issue 19): 5-minute writes at 1.25× input, 1-hour
// writes at 2× input (usage.cache_creation.ephemeral_5m/1h_input_tokens), and writes the
// upstream does not split (cache_creation_input_tokens alone) as 5-minute ones; the same bill
// whichever protocol the client speaks, each through its official SDK, whole and streamed.
import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeAnthropic } from '../fake-upstreams/anthropic.js';
import type { FakeUpstream } from '../fake-upstreams/harness.js';
import { startGateway } from '../helpers/gateway.js';
import type { Gateway } from '../helpers/gateway.js';

const MODEL = 'claude-sonnet-4-agent'; // the built-in claude-sonnet-4 price: input ratio 1.5, output ×5, cache writes ×1.25

const upstreams: FakeUpstream[] = [];
afterEach(async () => {
  await Promise.all(upstreams.splice(0).map((u) => u.close()));
});

const SPLIT = { input_tokens: 100, cache_read_input_tokens: 0, cache_creation_input_tokens: 3000, cache_creation: { ephemeral_5m_input_tokens: 1000, ephemeral_1h_input_tokens: 2000 }, output_tokens: 10 };
/** (100 + 1000·1.25 + 2000·2 + 10·5) · 1.5 */
const SPLIT_QUOTA = 8100;
const UNSPLIT = { input_tokens: 100, cache_read_input_tokens: 0, cache_creation_input_tokens: 3000, output_tokens: 10 };
/** (100 + 3000·1.25 + 10·5) · 1.5 */
const UNSPLIT_QUOTA = 5850;

/** One call through each client protocol, whole and streamed. */
const clients: Array<[string, (g: Gateway) => Promise<unknown>]> = [
  ['anthropic messages', (g) => new Anthropic({ baseURL: g.relay.origin, apiKey: g.key, maxRetries: 0 }).messages.create({ model: MODEL, max_tokens: 32, messages: [{ role: 'user', content: 'hi' }] })],
  [
    'anthropic messages, streamed',
    (g) => new Anthropic({ baseURL: g.relay.origin, apiKey: g.key, maxRetries: 0 }).messages.stream({ model: MODEL, max_tokens: 32, messages: [{ role: 'user', content: 'hi' }] }).finalMessage(),
  ],
  ['openai chat', (g) => openai(g).chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }] })],
  [
    'openai chat, streamed',
    async (g) => {
      for await (const _ of await openai(g).chat.completions.create({ model: MODEL, stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: 'hi' }] }));
    },
  ],
  ['openai responses', (g) => openai(g).responses.create({ model: MODEL, input: 'hi' })],
  ['gemini generateContent', (g) => new GoogleGenAI({ apiKey: g.key, httpOptions: { baseUrl: g.relay.origin } }).models.generateContent({ model: MODEL, contents: 'hi' })],
];

function openai(g: Gateway) {
  return new OpenAI({ baseURL: g.relay.relayBaseUrl, apiKey: g.key, maxRetries: 0 });
}

async function billedQuotas(usage: Record<string, unknown>) {
  const upstream = await startFakeAnthropic({ apiKey: 'upstream-key', usage });
  upstreams.push(upstream);
  const g = await startGateway([{ type: 14, upstream, models: [MODEL] }]);
  for (const [, call] of clients) await call(g);
  const logs = (await g.admin.call('GET', '/api/log/?type=2&page_size=100')).json.data.items as any[];
  return { g, logs: [...logs].sort((a, b) => a.created_at - b.created_at) };
}

describe('cache-write billing', () => {
  it('bills 5-minute writes at 1.25× and 1-hour writes at 2× input, through every client protocol', async () => {
    const { logs } = await billedQuotas(SPLIT);
    expect(logs).toHaveLength(clients.length);
    expect(logs.map((l) => l.quota)).toEqual(clients.map(() => SPLIT_QUOTA));
    // The log's bill shows both lifetimes.
    expect(logs[0].other).toMatchObject({ cache_creation_tokens: 3000, cache_creation_ratio: 1.25, cache_creation_tokens_1h: 2000, cache_creation_ratio_1h: 2 });
  });

  it('lists both write prices in /v1/pricing', async () => {
    const upstream = await startFakeAnthropic({ apiKey: 'upstream-key' });
    upstreams.push(upstream);
    const g = await startGateway([{ type: 14, upstream, models: [MODEL] }]);
    const pricing: any = await (await fetch(`${g.relay.relayBaseUrl}/pricing`, { headers: { authorization: `Bearer ${g.key}` } })).json();
    const usd = Object.fromEntries(pricing.data.find((m: any) => m.model === MODEL).prices.map((p: any) => [p.unit, p.usd]));
    // Input 3 USD per million: writes 3.75 (5 minutes) and 6 (1 hour).
    expect(usd).toMatchObject({ input_token: 3, cache_write_input_token: 3.75, cache_write_1h_input_token: 6 });
  });

  it('bills writes the upstream does not split as 5-minute writes', async () => {
    const { logs } = await billedQuotas(UNSPLIT);
    expect(logs.map((l) => l.quota)).toEqual(clients.map(() => UNSPLIT_QUOTA));
    expect(logs[0].other.cache_creation_tokens_1h).toBeUndefined();
  });

  it('tells a messages client the split', async () => {
    const upstream = await startFakeAnthropic({ apiKey: 'upstream-key', usage: SPLIT });
    upstreams.push(upstream);
    const g = await startGateway([{ type: 14, upstream, models: [MODEL] }]);
    const answer = await new Anthropic({ baseURL: g.relay.origin, apiKey: g.key, maxRetries: 0 }).messages.create({ model: MODEL, max_tokens: 32, messages: [{ role: 'user', content: 'hi' }] });
    expect(answer.usage).toMatchObject({ cache_creation_input_tokens: 3000, cache_creation: { ephemeral_5m_input_tokens: 1000, ephemeral_1h_input_tokens: 2000 } });
  });
});
