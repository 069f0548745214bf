// A user's spending caps (not a key's) as clients and administrators meet them: the user's
// weekly budget holds across all of the user's keys, refuses with 403 budget_exceeded in each
// client's own error shape once spent, GET /api/user/:id/budgets says what is left, and the
// week starts again at Monday's midnight in the budget_time_zone setting's zone, not UTC's.
// The relay's clock is Date: only Date is faked here (timers and sockets run for real).
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FakeUpstream } from '../fake-upstreams/harness.js';
import { startHonestChat } from '../fake-upstreams/honest-chat.js';
import { startGateway } from '../helpers/gateway.js';
import type { Gateway } from '../helpers/gateway.js';
import { PASSWORD, signIn } from '../helpers/people.js';

const upstreams: FakeUpstream[] = [];
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
});
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(upstreams.splice(0).map((u) => u.close()));
});

// Sunday 13 December 2026, 23:30 in Shanghai (UTC+8): 15:30 UTC, the same Sunday there too.
const SUNDAY_EVENING = Date.parse('2026-12-13T15:30:00Z');
/** Monday 14 December, 00:00 in Shanghai: where a Shanghai week starts (in UTC, still Sunday). */
const MONDAY_SHANGHAI = Date.parse('2026-12-13T16:00:00Z');
const WEEK_MS = 7 * 86_400_000;

interface BudgetLeft {
  period: string;
  limit: number;
  spent: number;
  left: number;
  resets_at: number;
}

/** A relay whose budgets run in Shanghai's calendar, and a common user with a weekly cap and two keys. */
async function cappedUser(week: number) {
  const upstream = await startHonestChat();
  upstreams.push(upstream);
  const gateway: Gateway = await startGateway([{ type: 1, upstream, models: ['gpt-4o-mini'] }]);
  expect((await gateway.admin.call('PUT', '/api/option/', { key: 'budget_time_zone', value: 'Asia/Shanghai' })).json.success).toBe(true);
  const made = await gateway.admin.call('POST', '/api/user/', { username: 'capped', password: PASSWORD, role: 1, quota: 10_000_000, limits: { week } });
  expect(made.json?.data?.limits, made.text).toEqual({ week });
  const user = await signIn(gateway.relay.origin, 'capped');
  const keys = await Promise.all(['laptop', 'ci'].map(async (name) => (await user.call('POST', '/api/token/', { name, unlimited_quota: true })).json.data.key as string));
  const budgets = async (): Promise<BudgetLeft[]> => {
    const answer = await gateway.admin.call('GET', `/api/user/${made.json.data.id}/budgets`);
    expect(answer.json?.success, answer.text).toBe(true);
    return answer.json.data;
  };
  return { gateway, user, userId: made.json.data.id as number, keys, budgets, upstream };
}

const openai = (gateway: Gateway, key: string) => new OpenAI({ apiKey: key, baseURL: gateway.relay.relayBaseUrl, maxRetries: 0 });
const ask = (client: OpenAI) => client.chat.completions.create({ model: 'gpt-4o-mini', max_tokens: 20, messages: [{ role: 'user', content: 'hi' }] });
const outcome = (call: Promise<unknown>) =>
  call.then(
    () => 'served',
    (error: { status?: number; code?: string }) => `${error.status} ${error.code}`,
  );

describe("a user's weekly budget", () => {
  it('holds across their keys and refuses in each client’s error shape; the admin view says what is left', async () => {
    vi.setSystemTime(SUNDAY_EVENING);
    const { gateway, keys, budgets, upstream, userId } = await cappedUser(20);
    // A gpt-4o-mini call of "hi" with max_tokens 20 costs 7: two fit in 20; the third is served
    // with its output cut to what is left, or refused. The keys take turns.
    const outcomes: string[] = [];
    while (outcomes.length < 10 && !outcomes.includes('403 budget_exceeded')) outcomes.push(await outcome(ask(openai(gateway, keys[outcomes.length % 2]!))));
    expect(outcomes.slice(0, 2)).toEqual(['served', 'served']);
    expect(outcomes.at(-1)).toBe('403 budget_exceeded');
    const [week] = await budgets();
    expect(week).toMatchObject({ period: 'week', limit: 20, resets_at: MONDAY_SHANGHAI });
    expect(week!.spent).toBeGreaterThanOrEqual(14);
    expect(week!.spent).toBeLessThanOrEqual(20);
    expect(week!.left).toBe(20 - week!.spent);

    // OpenAI's shape, from either key: the user's budget, not a key's, is named.
    for (const key of keys) {
      const error = (await ask(openai(gateway, key)).catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;
      expect(error).toBeInstanceOf(OpenAI.PermissionDeniedError);
      expect(error.status).toBe(403);
      expect(error.code).toBe('budget_exceeded');
      expect(error.message).toContain('Your weekly budget is used up');
    }
    // Anthropic's shape: the status picks the SDK's class; the type is the one the relay gives any spent quota.
    const anthropic = new Anthropic({ baseURL: gateway.relay.origin, apiKey: keys[0]!, maxRetries: 0 });
    const refused = (await anthropic.messages.create({ model: 'gpt-4o-mini', max_tokens: 20, messages: [{ role: 'user', content: 'hi' }] }).catch((e: unknown) => e)) as InstanceType<typeof Anthropic.APIError>;
    expect(refused).toBeInstanceOf(Anthropic.PermissionDeniedError);
    expect(refused.status).toBe(403);
    expect(refused.error).toMatchObject({ error: { type: 'rate_limit_error', message: expect.stringContaining('Your weekly budget is used up') } });
    // Gemini's shape.
    const gemini = await fetch(`${gateway.relay.origin}/v1beta/models/gpt-4o-mini:generateContent`, {
      method: 'POST',
      headers: { 'x-goog-api-key': keys[1]!, 'content-type': 'application/json' },
      body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }], generationConfig: { maxOutputTokens: 20 } }),
    });
    expect(gemini.status).toBe(403);
    expect(((await gemini.json()) as { error: { status: string; message: string } }).error).toMatchObject({ code: 403, status: 'RESOURCE_EXHAUSTED', message: expect.stringContaining('Your weekly budget is used up') });
    // Nothing refused reached the upstream, and the refusals spent nothing.
    expect(upstream.requests).toHaveLength(outcomes.filter((o) => o === 'served').length);
    expect((await budgets())[0]).toEqual(week);

    // An administrator raises the cap: the very next call is served, and the view follows.
    const raised = await gateway.admin.call('PUT', `/api/user/${userId}`, { limits: { week: 1000 } });
    expect(raised.json?.data?.limits, raised.text).toEqual({ week: 1000 });
    expect(await outcome(ask(openai(gateway, keys[0]!)))).toBe('served');
    expect((await budgets())[0]).toMatchObject({ limit: 1000, spent: week!.spent + 7, left: 1000 - week!.spent - 7 });
  });

  it("starts again at Monday's midnight in the configured zone, not before", async () => {
    vi.setSystemTime(SUNDAY_EVENING);
    const { gateway, keys, budgets, user, userId } = await cappedUser(14);
    const client = openai(gateway, keys[0]!);
    expect(await outcome(ask(client))).toBe('served');
    expect(await outcome(ask(client))).toBe('served');
    expect(await outcome(ask(client))).toBe('403 budget_exceeded');

    // A minute before Shanghai's Monday: still this week, still refused.
    vi.setSystemTime(MONDAY_SHANGHAI - 60_000);
    expect(await outcome(ask(client))).toBe('403 budget_exceeded');
    expect((await budgets())[0]).toMatchObject({ spent: 14, left: 0, resets_at: MONDAY_SHANGHAI });

    // A minute after it (still Sunday in UTC): a new week, served again, spent from 0.
    vi.setSystemTime(MONDAY_SHANGHAI + 60_000);
    expect(await outcome(ask(client))).toBe('served');
    expect((await budgets())[0]).toEqual({ period: 'week', limit: 14, spent: 7, left: 7, resets_at: MONDAY_SHANGHAI + WEEK_MS });
    // The user's own usage view agrees.
    const usage = (await (await fetch(`${gateway.relay.relayBaseUrl}/usage`, { headers: { authorization: `Bearer ${keys[1]!}` } })).json()) as { account: { budgets: Array<{ period: string; spent: { quota: number }; resets_at: string }> } };
    expect(usage.account.budgets).toEqual([expect.objectContaining({ period: 'week', spent: expect.objectContaining({ quota: 7 }), resets_at: new Date(MONDAY_SHANGHAI + WEEK_MS).toISOString() })]);
    // Only administrators read another user's budgets.
    expect((await user.call('GET', `/api/user/${userId}/budgets`)).json?.success).toBe(false);
  });
});
