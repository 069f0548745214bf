// A coding-agent session through the relay, for the prompt-cache affinity tests: Claude Code's
// calls (its session header, a cached system prompt) sent with the official Anthropic SDK to
// relays whose channels are two Anthropic channels, the first with three keys in round-robin. The fake upstream reports cached input only to a key that saw the prefix.
import Anthropic from '@anthropic-ai/sdk';
import { expect } from 'vitest';
import { quotaFor } from '../../relay/billing/quota-math.js';
import { DEFAULT_PRICES } from '../../relay/billing/pricing.js';
import { startFakeAnthropic } from '../fake-upstreams/anthropic.js';
import type { FakeUpstream } from '../fake-upstreams/harness.js';
import { addChannel } from './gateway.js';
import type { ApiClient } from './relay.js';

/** Priced as claude-sonnet-4 by the built-in prices (cache reads at 0.1, writes at 1.25 of input). */
export const SESSION_MODEL = 'claude-sonnet-4-agent';
export const UPSTREAM_KEYS = ['sk-ant-one', 'sk-ant-two', 'sk-ant-three'];
const OTHER_KEY = 'sk-ant-other';
const SYSTEM = 'You are a coding agent. '.repeat(200);

/** Two Anthropic channels: three keys in round-robin first, one key behind it (priority 0). */
export async function sessionChannels(admin: ApiClient): Promise<{ many: FakeUpstream; one: FakeUpstream; close(): Promise<void> }> {
  const many = await startFakeAnthropic({ apiKey: UPSTREAM_KEYS });
  const one = await startFakeAnthropic({ apiKey: OTHER_KEY });
  await addChannel(admin, { type: 14, upstream: many, models: [SESSION_MODEL], key: UPSTREAM_KEYS.join('\n'), name: 'three keys', priority: 10, extra: { key_mode: 'polling' } });
  await addChannel(admin, { type: 14, upstream: one, models: [SESSION_MODEL], key: OTHER_KEY, name: 'one key' });
  return { many, one, close: () => Promise.all([many.close(), one.close()]).then(() => undefined) };
}

/** One turn of a session: the same cached system prompt, a growing conversation. */
export async function sessionCall(origin: string, apiKey: string, session: string, turn: number) {
  const client = new Anthropic({ baseURL: origin, apiKey, maxRetries: 0, defaultHeaders: { 'x-claude-code-session-id': session } });
  return client.messages.create({
    model: SESSION_MODEL,
    max_tokens: 64,
    system: [{ type: 'text', text: SYSTEM, cache_control: { type: 'ephemeral' } }],
    messages: [{ role: 'user', content: `turn ${turn}: read the file` }],
    metadata: { user_id: JSON.stringify({ device_id: 'd', account_uuid: '', session_id: session }) },
  });
}

/** The upstream keys (x-api-key) the fakes were called with. */
export function keysCalled(...upstreams: FakeUpstream[]): string[] {
  return upstreams.flatMap((u) => u.requests.map((r) => String(r.headers['x-api-key'])));
}

/** The relay's consume records, oldest first (by when the call began: in server mode ids follow the order instances wrote them). */
export async function consumeLogs(admin: ApiClient): Promise<any[]> {
  const page = await admin.call('GET', '/api/log/?type=2&page_size=100');
  expect(page.json?.success, page.text).toBe(true);
  return [...page.json.data.items].sort((a: any, b: any) => a.created_at - b.created_at || a.id - b.id);
}

/** What a record should have cost by its tokens at the model's default price (cache reads at the cache ratio). */
export function expectedQuota(log: any): number {
  const price = DEFAULT_PRICES['claude-sonnet-4']!;
  const written = log.other?.cache_creation_tokens ?? 0;
  return quotaFor({ inputTokens: log.prompt_tokens, outputTokens: log.completion_tokens, cachedInputTokens: log.cached_tokens, cacheWriteInputTokens: written }, price, 1);
}
