import { describe, expect, it } from 'vitest';
import { startFakeOpenAIChat } from '../../fake-upstreams/openai-chat.js';
import { addChannel } from '../../helpers/gateway.js';
import { setupAndLogin, startTestRelay } from '../../helpers/relay.js';
import { serverModeOptions } from '../../helpers/server-db.js';

// The dashboard's latency percentiles, asked over HTTP after real calls: eight quick calls
// and two whose upstream holds its answer SLOW_MS, one that fails. Both stores must put the
// median among the quick ones and p95/p99 at the slow ones (the embedded store within its
// histogram's 4.5%, PostgreSQL exactly), count the failure as an error and not as a time,
// and group the calls into the day they were made in the asked time zone.

const SLOW_MS = 1500;

async function run(server: boolean) {
  const upstream = await startFakeOpenAIChat();
  const relay = await startTestRelay(server ? { server: await serverModeOptions() } : {});
  const admin = await setupAndLogin(relay);
  await addChannel(admin, { type: 1, upstream, models: ['gpt-4o-mini'] });
  const key = (await admin.call('POST', '/api/token/', { name: 'stats', unlimited_quota: true })).json.data.key as string;
  const chat = () =>
    fetch(`${relay.origin}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
    }).then((response) => response.status);
  const before = Math.floor(Date.now() / 1000);
  for (let i = 0; i < 8; i++) expect(await chat()).toBe(200);
  upstream.inject({ kind: 'delay-headers', ms: SLOW_MS, times: 2 });
  expect(await Promise.all([chat(), chat()])).toEqual([200, 200]);
  upstream.inject({ kind: 'status', status: 400, body: { error: { message: 'bad request', type: 'invalid_request_error' } }, times: 1 });
  expect(await chat()).toBe(400);

  const timeZone = 'Asia/Kolkata';
  const answer = await admin.call('GET', `/api/data?start_timestamp=${before - 60}&time_zone=${encodeURIComponent(timeZone)}`);
  expect(answer.status).toBe(200);
  const data = answer.json.data;
  expect(data.totals).toMatchObject({ requests: 10, errors: 1 });
  expect(data.latency.calls).toBe(10);
  for (const measure of [data.latency.total_ms, data.latency.first_byte_ms]) {
    expect(measure.p50).toBeLessThan(SLOW_MS * 0.9);
    expect(measure.p95).toBeGreaterThanOrEqual(SLOW_MS * 0.95);
    expect(measure.p99).toBeGreaterThanOrEqual(SLOW_MS * 0.95);
    expect(measure.p99).toBeLessThan(SLOW_MS * 20);
  }
  const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(Date.now());
  const days = data.days.filter((day: { requests: number; errors: number }) => day.requests > 0 || day.errors > 0);
  // A call made as the day turned may fall on the next one; the counts add up either way.
  expect(days.map((day: { day: string }) => day.day)).toContain(today);
  expect(days.reduce((sum: number, day: { requests: number; calls: number }) => sum + day.requests, 0)).toBe(10);
  expect(days.reduce((sum: number, day: { calls: number }) => sum + day.calls, 0)).toBe(10);

  const bad = await admin.call('GET', '/api/data?time_zone=Mars%2FOlympus');
  expect(bad.status).toBe(400);
  expect(bad.json.message).toMatch(/time zone/);
  await upstream.close();
}

describe('latency percentiles on the dashboard API', () => {
  it('embedded store: p50 among the quick calls, p95/p99 at the slow ones, errors apart, days in the time zone', () => run(false));
  it('PostgreSQL store: the same, computed from the log table', () => run(true));
});
