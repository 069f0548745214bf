// Request and response bodies in the log, as a user of the relay notices them: off unless a
// key (or the relay) opts in; then readable through GET /api/log/:id/bodies by the caller and
// administrators only, cut at the size cap with a marker, with no key in them or anywhere in
// the store; deleted by the retention sweep after the configured number of days. Run on the embedded store and on PostgreSQL.
import { expect } from 'vitest';
import type { RelayOptions } from '../../relay/index.js';
import { startFakeOpenAIChat } from '../fake-upstreams/openai-chat.js';
import { addChannel } from './gateway.js';
import { PASSWORD, signIn } from './people.js';
import { ApiClient, setupAndLogin, startTestRelay } from './relay.js';
import type { TestRelay } from './relay.js';

export const CHANNEL_KEY = 'sk-upstream-channel-secret-7f3a9c';

/** What the scenario needs to look at in the store itself. */
export interface StoreProbe {
  /** Everything stored that could hold a secret (the data folder's files; the database's body and log rows), as text. */
  storedText(): Promise<string>;
  /** Dates a call's kept bodies back to `at` (ms), as if the call had ended then. */
  dateBody(requestId: string, at: number): Promise<void>;
  /** How many calls' bodies are kept. */
  keptCount(): Promise<number>;
  /** Whether a call's bodies are kept. */
  isKept(requestId: string): Promise<boolean>;
  /**
   * How the store sweeps: `instant`, every body older than the retention; `day`, whole UTC days
   * ending by then (a body from just past the retention's start waits for the end of its day).
   */
  sweeps: 'instant' | 'day';
}

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

export async function callBodiesScenario(options: Partial<RelayOptions>, probeOf: (relay: TestRelay) => StoreProbe | Promise<StoreProbe>): Promise<void> {
  const upstream = await startFakeOpenAIChat({ apiKey: CHANNEL_KEY });
  try {
    const relay = await startTestRelay({ ...options, bodySweepIntervalMs: 200 });
    const probe = await probeOf(relay);
    const root = await setupAndLogin(relay);
    await addChannel(root, { type: 1, upstream, models: ['gpt-4o-mini'], key: CHANNEL_KEY });
    const made = await root.call('POST', '/api/user/', { username: 'alice', password: PASSWORD, role: 1, quota: 1_000_000 });
    expect(made.json?.success, made.text).toBe(true);
    const key = await newKey(root, 'kept');
    const calls = callsTo(relay, root);

    // Off by default: nothing kept.
    const quiet = await calls.chat(key.key, { messages: [{ role: 'user', content: 'not kept' }] });
    const quietBodies = await root.call('GET', `/api/log/${quiet.logId}/bodies`);
    expect(quietBodies.json, quietBodies.text).toMatchObject({ success: true, data: null });
    expect(await probe.keptCount()).toBe(0);

    // The key opts in; bodies are cut at 1 KiB.
    expect((await root.call('PUT', '/api/option', { key: 'log_bodies_max_kib', value: 1 })).json?.success).toBe(true);
    const optIn = await root.call('PUT', '/api/token/', { id: key.id, log_bodies: true });
    expect(optIn.json, optIn.text).toMatchObject({ success: true, data: { log_bodies: true } });
    const long = `my key is ${key.key} and ${'lorem ipsum '.repeat(200)}`;
    const echoed = await calls.chat(key.key, { messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: long }] });
    const kept = await calls.bodies(root, echoed.logId);
    expect(kept.path).toBe('/v1/chat/completions');
    expect(kept.request).toContain('[redacted]');
    expect(kept.request).toContain('Be brief.');
    expect(kept.request_bytes).toBeGreaterThan(2000);
    expect(kept.request).toMatch(/more bytes not kept/);
    expect(Buffer.byteLength(kept.request)).toBeLessThan(1024 + 200);
    expect(kept.response).toContain('Echo: my key is [redacted]');
    expect(kept.response).toMatch(/more bytes not kept/);
    expect(kept.status).toBe(200);
    expect(Object.keys(kept.headers).every((name) => ['content-type', 'accept', 'anthropic-version', 'anthropic-beta', 'openai-beta'].includes(name))).toBe(true);

    // A stream with a tool call: its events are kept.
    const tools = [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } } }];
    const streamed = await calls.chat(key.key, { stream: true, tools, messages: [{ role: 'user', content: 'weather in Paris?' }] });
    const streamBodies = await calls.bodies(root, streamed.logId);
    expect(streamBodies.response_type).toContain('text/event-stream');
    expect(streamBodies.response).toContain('"get_weather"');
    expect(JSON.parse(streamBodies.request).tools[0].function.name).toBe('get_weather');

    // The caller and administrators read them; another user does not learn they exist.
    const alice = await signIn(relay.origin, 'alice');
    const refused = await alice.call('GET', `/api/log/${echoed.logId}/bodies`);
    expect(refused.status).toBe(404);
    expect(refused.text).not.toContain('lorem');

    // Neither the caller's key nor the channel's is anywhere in the store.
    const stored = await probe.storedText();
    expect(stored).toContain('lorem ipsum');
    expect(stored).not.toContain(key.key);
    expect(stored).not.toContain(CHANNEL_KEY);

    // The relay-wide switch keeps every key's bodies.
    const other = await newKey(root, 'other');
    expect((await root.call('PUT', '/api/option', { key: 'log_bodies_all', value: true })).json?.success).toBe(true);
    const everyone = await calls.chat(other.key, { messages: [{ role: 'user', content: 'kept for all' }] });
    expect((await calls.bodies(root, everyone.logId)).request).toContain('kept for all');

    // Retention: the configured number of days (3, not the default 7) is kept. One body from
    // just inside the window, one from just outside it (still inside 7 days), one of today.
    expect(await probe.keptCount()).toBe(3);
    expect((await root.call('PUT', '/api/option', { key: 'log_bodies_retention_days', value: 3 })).json?.success).toBe(true);
    const windowStart = Date.now() - 3 * DAY_MS;
    const outside = probe.sweeps === 'day' ? windowStart - (windowStart % DAY_MS) - MINUTE_MS : windowStart - MINUTE_MS;
    await probe.dateBody(echoed.requestId, outside);
    await probe.dateBody(streamed.requestId, windowStart + 5 * MINUTE_MS);
    await expect.poll(() => probe.isKept(echoed.requestId), { timeout: 10_000 }).toBe(false);
    expect((await root.call('GET', `/api/log/${echoed.logId}/bodies`)).json?.data).toBeNull();
    // Several sweeps later (one every 200 ms) the body inside the window and today's are still kept.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await probe.isKept(streamed.requestId)).toBe(true);
    expect(await probe.isKept(everyone.requestId)).toBe(true);
    expect(await probe.keptCount()).toBe(2);
    // A shorter retention takes effect at the next sweep: the 3-day-old body goes, today's stays.
    expect((await root.call('PUT', '/api/option', { key: 'log_bodies_retention_days', value: 1 })).json?.success).toBe(true);
    await expect.poll(() => probe.isKept(streamed.requestId), { timeout: 10_000 }).toBe(false);
    expect(await probe.isKept(everyone.requestId)).toBe(true);
  } finally {
    await upstream.close();
  }
}

async function newKey(admin: ApiClient, name: string): Promise<{ id: number; key: string }> {
  const created = await admin.call('POST', '/api/token/', { name, unlimited_quota: true });
  expect(created.json?.success, created.text).toBe(true);
  return { id: created.json.data.id, key: created.json.data.key };
}

function callsTo(relay: TestRelay, admin: ApiClient) {
  return {
    /** A chat call; answers its log record's id once it is logged. */
    async chat(key: string, body: Record<string, unknown>): Promise<{ logId: number; requestId: string }> {
      const response = await fetch(`${relay.relayBaseUrl}/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'x-api-key': key, cookie: 'session=not-kept' },
        body: JSON.stringify({ model: 'gpt-4o-mini', ...body }),
      });
      expect(response.status, await response.clone().text()).toBe(200);
      await response.text();
      const requestId = response.headers.get('x-request-id')!;
      let logId = 0;
      await expect
        .poll(async () => {
          const page = await admin.call('GET', `/api/log?request_id=${encodeURIComponent(requestId)}&type=2`);
          logId = page.json?.data?.items?.[0]?.id ?? 0;
          return logId;
        }, { timeout: 10_000 })
        .toBeGreaterThan(0);
      return { logId, requestId };
    },
    /** A call's bodies, once kept (they are written after the answer, in the background). */
    async bodies(client: ApiClient, logId: number): Promise<any> {
      let data: any = null;
      await expect
        .poll(async () => {
          const answer = await client.call('GET', `/api/log/${logId}/bodies`);
          expect(answer.json?.success, answer.text).toBe(true);
          data = answer.json.data;
          return data !== null;
        }, { timeout: 10_000 })
        .toBe(true);
      return data;
    },
  };
}
