// Rate limits (requests and tokens per minute of a key, a user, a model, a group) and period
// budgets of keys, as clients meet them: the official SDKs get 429 with Retry-After in their own
// protocol's error shape; a budget refuses what would pass it, and the key's view says what is left.
import Anthropic from '@anthropic-ai/sdk';
import { ApiError, GoogleGenAI } from '@google/genai';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import type { FakeUpstream } from '../fake-upstreams/harness.js';
import { startHonestChat } from '../fake-upstreams/honest-chat.js';
import { startGateway } from '../helpers/gateway.js';
import type { Gateway } from '../helpers/gateway.js';
import { ApiClient, startTestRelay } from '../helpers/relay.js';

const upstreams: FakeUpstream[] = [];
afterEach(async () => {
  await Promise.all(upstreams.splice(0).map((u) => u.close()));
});

async function gatewayWith(models: string[], token: Record<string, unknown> = {}): Promise<Gateway> {
  const upstream = await startHonestChat();
  upstreams.push(upstream);
  return startGateway([{ type: 1, upstream, models }], token);
}

function openai(gateway: Gateway, key = gateway.key) {
  return new OpenAI({ apiKey: key, baseURL: gateway.relay.relayBaseUrl, maxRetries: 0 });
}

const ask = (client: OpenAI, model = 'gpt-4o-mini', max_tokens = 20) => client.chat.completions.create({ model, max_tokens, messages: [{ role: 'user', content: 'hi' }] });

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!error) throw new Error('the call was served');
  return error;
}

describe('rate limits', () => {
  it("a key's requests per minute: the next call is answered 429 with Retry-After (OpenAI SDK), and nothing reaches the upstream", async () => {
    const gateway = await gatewayWith(['gpt-4o-mini'], { limits: { rpm: 2 } });
    const client = openai(gateway);
    await ask(client);
    await ask(client);
    const error = (await refusal(ask(client))) as InstanceType<typeof OpenAI.RateLimitError>;
    expect(error).toBeInstanceOf(OpenAI.RateLimitError);
    expect(error.status).toBe(429);
    expect(error.code).toBe('rate_limit_exceeded');
    expect(error.message).toContain('2 requests per minute for this API key');
    const retryAfter = Number(error.headers?.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(upstreams[0]!.requests).toHaveLength(2);
    // Another key of the same user is not limited by this one's.
    const other = (await gateway.admin.call('POST', '/api/token/', { name: 'other', unlimited_quota: true })).json.data.key as string;
    await ask(openai(gateway, other));
  });

  it("a user's requests per minute hold across their keys: Anthropic SDK gets rate_limit_error with retry-after", async () => {
    const gateway = await gatewayWith(['claude-test']);
    const created = await gateway.admin.call('POST', '/api/user/', { username: 'limited', password: 'limited-password-1', quota: 10_000_000, limits: { rpm: 2 } });
    expect(created.json.data.limits).toEqual({ rpm: 2 });
    const user = new ApiClient(gateway.relay.origin);
    await user.call('POST', '/api/user/login', { username: 'limited', password: 'limited-password-1' });
    const keys = await Promise.all(['one', 'two'].map(async (name) => (await user.call('POST', '/api/token/', { name, unlimited_quota: true })).json.data.key as string));
    const anthropic = (key: string) => new Anthropic({ baseURL: gateway.relay.relayBaseUrl.replace(/\/v1$/, ''), apiKey: key, maxRetries: 0 });
    const message = (key: string) => anthropic(key).messages.create({ model: 'claude-test', max_tokens: 20, messages: [{ role: 'user', content: 'hi' }] });
    await message(keys[0]!);
    await message(keys[1]!);
    const error = (await refusal(message(keys[0]!))) as InstanceType<typeof Anthropic.RateLimitError>;
    expect(error).toBeInstanceOf(Anthropic.RateLimitError);
    expect((error.error as { error: { type: string } }).error.type).toBe('rate_limit_error');
    expect(error.message).toContain('for your account');
    expect(Number(error.headers?.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });

  it("a model's and a group's limits count each user's calls: Gemini SDK gets RESOURCE_EXHAUSTED", async () => {
    const gateway = await gatewayWith(['gpt-4o-mini', 'gemini-test']);
    const model = await gateway.admin.call('POST', '/api/models/meta', { name: 'gemini-test', limits: { rpm: 1 } });
    expect(model.json.data.limits).toEqual({ rpm: 1 });
    const ai = new GoogleGenAI({ apiKey: gateway.key, httpOptions: { baseUrl: gateway.relay.origin } });
    const generate = () => ai.models.generateContent({ model: 'gemini-test', contents: 'hi' });
    await generate();
    const error = (await refusal(generate())) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(429);
    expect(error.message).toContain('RESOURCE_EXHAUSTED');
    expect(error.message).toContain('the model gemini-test');
    // Other models are not limited by it; the default group's limit then is.
    const client = openai(gateway);
    await ask(client);
    expect((await gateway.admin.call('PUT', '/api/group', { name: 'default', limits: { rpm: 2 } })).json.data.limits).toEqual({ rpm: 2 });
    await ask(client); // the group's count starts with its limit: this is its first call
    await ask(client);
    const grouped = (await refusal(ask(client))) as InstanceType<typeof OpenAI.RateLimitError>;
    expect(grouped.status).toBe(429);
    expect(grouped.message).toContain('the group default');
  });

  it('tokens per minute are counted at admission as the call’s bound and corrected to what it used', async () => {
    // Each call uses 28 tokens (8 of prompt, 20 answered) but may use 8 + max_tokens.
    const gateway = await gatewayWith(['gpt-4o-mini'], { limits: { tpm: 1000 } });
    const client = openai(gateway);
    await ask(client, 'gpt-4o-mini', 900); // counted as 908 while it runs, 28 once settled
    await expect.poll(async () => (await ask(client, 'gpt-4o-mini', 900).then(() => 'served', (e: { status?: number }) => e.status)), { timeout: 5_000 }).toBe('served');
    // 56 used: a call that may use 8 + 940 more does not fit the minute.
    const error = (await refusal(ask(client, 'gpt-4o-mini', 940))) as InstanceType<typeof OpenAI.RateLimitError>;
    expect(error.status).toBe(429);
    expect(error.message).toContain('1000 tokens per minute for this API key');
    await ask(client, 'gpt-4o-mini', 900);
  });
});

describe('period budgets', () => {
  it("a key's daily budget: calls are served until it is spent, then refused; the key's view says what is left", async () => {
    // A gpt-4o-mini call of "hi" with max_tokens 20 costs 7.
    const gateway = await gatewayWith(['gpt-4o-mini'], { limits: { day: 20, month: 1000 } });
    const client = openai(gateway);
    let served = 0;
    let error: InstanceType<typeof OpenAI.APIError> | undefined;
    for (let i = 0; i < 10 && !error; i++) {
      await ask(client).then(
        () => served++,
        (e: InstanceType<typeof OpenAI.APIError>) => (error = e),
      );
    }
    expect(served).toBeGreaterThanOrEqual(2);
    expect(error?.status).toBe(403);
    expect(error?.code).toBe('budget_exceeded');
    expect(error?.message).toContain("This API key's daily budget is used up");

    const keys = (await gateway.admin.call('GET', '/api/token/')).json.data.items as Array<{ used_quota: number; limits: object; budgets_left: Array<{ period: string; limit: number; spent: number; left: number; resets_at: number }> }>;
    const key = keys[0]!;
    expect(key.limits).toEqual({ day: 20, month: 1000 });
    expect(key.budgets_left.map((b) => b.period)).toEqual(['day', 'month']);
    const [day, month] = key.budgets_left;
    expect(day!.spent).toBe(key.used_quota);
    expect(day!.spent).toBeLessThanOrEqual(20);
    expect(day!.left).toBe(20 - day!.spent);
    expect(month).toMatchObject({ limit: 1000, spent: key.used_quota, left: 1000 - key.used_quota });
    // UTC is the default zone: the day ends at the next UTC midnight.
    expect(day!.resets_at).toBe(Math.ceil((Date.now() + 1) / 86_400_000) * 86_400_000);
    // The key itself reads its caps in /v1/usage.
    const usage = (await (await fetch(`${gateway.relay.relayBaseUrl}/usage`, { headers: { authorization: `Bearer ${gateway.key}` } })).json()) as { key: { budgets: unknown[] }; account: { budgets: unknown[] } };
    expect(usage.key.budgets[0]).toEqual({
      period: 'day',
      limit: { quota: 20, usd: 0.00004 },
      spent: { quota: day!.spent, usd: Number((day!.spent / 500_000).toFixed(6)) },
      left: { quota: day!.left, usd: Number((day!.left / 500_000).toFixed(6)) },
      resets_at: new Date(day!.resets_at).toISOString(),
    });
    expect(usage.account.budgets).toEqual([]);
  });

  it('keeps what a period spent across a restart of the relay', async () => {
    const gateway = await gatewayWith(['gpt-4o-mini'], { limits: { day: 14 } });
    await ask(openai(gateway));
    await ask(openai(gateway));
    const dataDir = gateway.relay.dataDir;
    await gateway.relay.close();
    const again = await startTestRelay({ dataDir });
    const error = (await refusal(ask(new OpenAI({ apiKey: gateway.key, baseURL: again.relayBaseUrl, maxRetries: 0 })))) as InstanceType<typeof OpenAI.APIError>;
    expect(error.code).toBe('budget_exceeded');
  });

  it('refuses a budget_time_zone that is not a time zone', async () => {
    const gateway = await gatewayWith(['gpt-4o-mini']);
    const bad = await gateway.admin.call('PUT', '/api/option/', { key: 'budget_time_zone', value: 'Mars/Olympus' });
    expect(bad.json.success).toBe(false);
    expect(bad.json.message).toContain('not a time zone');
    expect((await gateway.admin.call('PUT', '/api/option/', { key: 'budget_time_zone', value: 'Asia/Shanghai' })).json.success).toBe(true);
  });
});
