// Video tasks with the official openai SDK against a fake OpenAI video API: create (the SDK's
// form) → retrieve until done → download the MP4; a failing video ends failed with its error,
// refunded, its content refused; another key's task is 404; list and delete; a relay restart
// while a task runs (it completes and is charged once); the timeout refund; failover on
// creation; a reference image uploaded through.
import OpenAI, { toFile } from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeAnthropic } from '../fake-upstreams/anthropic.js';
import type { FakeUpstream } from '../fake-upstreams/harness.js';
import { startFakeOpenAIChat } from '../fake-upstreams/openai-chat.js';
import { fakeMp4, fakeVideoApi } from '../fake-upstreams/openai-videos.js';
import type { FakeVideoApi } from '../fake-upstreams/openai-videos.js';
import { readCallLogs } from '../helpers/call-logs.js';
import { addChannel } from '../helpers/gateway.js';
import { openAISchemas } from '../helpers/openapi-schema.js';
import { setupAndLogin, startTestRelay } from '../helpers/relay.js';
import type { ApiClient, TestRelay } from '../helpers/relay.js';

const upstreams: FakeUpstream[] = [];
afterEach(async () => {
  await Promise.all(upstreams.splice(0).map((u) => u.close()));
});

const KEY_QUOTA = 2_000_000;
/** sora-2 at 0.10 USD a second: 50 000 quota a second. */
const PER_SECOND = 0.1 * 500_000;
const POLLING = { firstMs: 40, maxMs: 120 };

async function fakeOpenAI(videos: FakeVideoApi = fakeVideoApi()) {
  const upstream = await startFakeOpenAIChat({ apiKey: 'upstream-key', videos });
  upstreams.push(upstream);
  return upstream;
}

/** A relay with the fake's OpenAI channel serving sora models, a key with KEY_QUOTA, and its SDK client. */
async function videoRelay(options: { videos?: FakeVideoApi; upstreams?: FakeUpstream[]; dataDir?: string } = {}) {
  const videos = options.videos ?? fakeVideoApi();
  const channels = options.upstreams ?? [await fakeOpenAI(videos)];
  const relay = await startTestRelay({ videoPolling: POLLING, ...(options.dataDir ? { dataDir: options.dataDir } : {}) });
  const admin = await setupAndLogin(relay);
  for (const [index, upstream] of channels.entries()) await addChannel(admin, { type: 1, upstream, models: ['sora-2', 'sora-2-pro'], priority: channels.length - index, name: `openai ${index}` });
  const key = await createKey(admin, 'video key');
  return { relay, admin, key, videos, upstream: channels.at(-1)!, client: sdk(relay, key) };
}

async function createKey(admin: ApiClient, name: string): Promise<string> {
  const created = await admin.call('POST', '/api/token/', { name, unlimited_quota: false, remain_quota: KEY_QUOTA });
  if (!created.json?.success) throw new Error(created.text);
  return created.json.data.key;
}

function sdk(relay: TestRelay, key: string): OpenAI {
  return new OpenAI({ baseURL: relay.relayBaseUrl, apiKey: key, maxRetries: 0 });
}

/** The key's quota as /v1/usage answers it: used, held by calls and tasks in progress, left. */
async function keyQuota(relay: TestRelay, key: string): Promise<{ used: number; held: number; left: number }> {
  const usage: any = await (await fetch(`${relay.relayBaseUrl}/usage`, { headers: { authorization: `Bearer ${key}` } })).json();
  return { used: usage.key.used.quota, held: usage.key.held.quota, left: usage.key.left.quota };
}

/** Retrieves the video until `done` says so (or 15 s pass), answering every state seen. */
async function pollUntil(client: OpenAI, id: string, done: (video: OpenAI.Videos.Video) => boolean): Promise<OpenAI.Videos.Video[]> {
  const seen: OpenAI.Videos.Video[] = [];
  const deadline = Date.now() + 15_000;
  for (;;) {
    const video = await client.videos.retrieve(id);
    seen.push(video);
    if (done(video)) return seen;
    if (Date.now() > deadline) throw new Error(`video ${id} still ${video.status} after 15 s`);
    await new Promise((resolve) => setTimeout(resolve, 30));
  }
}

const finished = (video: OpenAI.Videos.Video) => video.status === 'completed' || video.status === 'failed';

async function apiError(promise: Promise<unknown>): Promise<InstanceType<typeof OpenAI.APIError>> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(OpenAI.APIError);
  return error as InstanceType<typeof OpenAI.APIError>;
}

describe('a video task through an OpenAI channel', () => {
  it('creates a queued task under the relay id, follows it to completed, streams the MP4, and charges its seconds once', async () => {
    // Two seconds to finish: long enough in progress that a loaded machine still sees that state.
    const { relay, admin, client, key, videos, upstream } = await videoRelay({ videos: fakeVideoApi({ msToComplete: 2000 }) });
    const video = await client.videos.create({ model: 'sora-2', prompt: 'A calico cat playing a piano on stage', seconds: '8', size: '1280x720' });
    expect(openAISchemas().check(video, 'VideoResource')).toEqual([]);
    expect(video).toMatchObject({ object: 'video', model: 'sora-2', status: 'queued', progress: 0, seconds: '8', size: '1280x720', error: null });
    expect(Math.abs(video.created_at - Date.now() / 1000)).toBeLessThan(60);
    // The relay's own id, never the upstream's.
    const [upstreamId] = [...videos.jobs.keys()];
    expect(video.id).toMatch(/^video_/);
    expect(video.id).not.toBe(upstreamId);
    // The SDK's form went upstream as OpenAI's JSON body, with the channel's key.
    const created = upstream.requests.find((r) => r.method === 'POST' && r.path === '/v1/videos')!;
    expect(created.body).toEqual({ model: 'sora-2', prompt: 'A calico cat playing a piano on stage', seconds: '8', size: '1280x720' });
    expect(created.headers.authorization).toBe('Bearer upstream-key');
    // The seconds asked stay reserved while the task runs.
    expect(await keyQuota(relay, key)).toEqual({ used: 0, held: 8 * PER_SECOND, left: KEY_QUOTA - 8 * PER_SECOND });

    const seen = await pollUntil(client, video.id, finished);
    const last = seen.at(-1)!;
    expect(openAISchemas().check(last, 'VideoResource')).toEqual([]);
    expect(last).toMatchObject({ id: video.id, status: 'completed', progress: 100, error: null });
    expect(last.completed_at).toBeGreaterThanOrEqual(video.created_at);
    expect(seen.some((v) => v.status === 'in_progress' && v.progress > 0 && v.progress < 100)).toBe(true);
    const progress = seen.map((v) => v.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));

    const content = await client.videos.downloadContent(video.id);
    expect(content.headers.get('content-type')).toBe('video/mp4');
    const bytes = Buffer.from(await content.arrayBuffer());
    expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
    expect(bytes.equals(fakeMp4(200_000))).toBe(true);
    expect(upstream.requests.some((r) => r.path === `/v1/videos/${upstreamId}/content`)).toBe(true);

    expect(await keyQuota(relay, key)).toEqual({ used: 8 * PER_SECOND, held: 0, left: KEY_QUOTA - 8 * PER_SECOND });
    // The console's task list shows it with its progress and how it was billed.
    const listed = await admin.call('GET', '/api/task/video');
    expect(listed.json.data).toMatchObject({ total: 1, items: [{ id: video.id, model: 'sora-2', status: 'completed', progress: 100, seconds: '8', size: '1280x720', billing: 'charged', error: null }] });
    expect(listed.json.data.items[0]).not.toHaveProperty('upstream_id');
    await relay.close();
    const records = (await readCallLogs(relay.dataDir)).filter((r) => r.family === 'video');
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ type: 2, model: 'sora-2', quota: 8 * PER_SECOND, units: { seconds: 8, requests: 1 }, other: { video_id: video.id, unit_prices: { seconds: 0.1 } } });
  });

  it('ends a failing video failed with its error, refunds it, logs why, and refuses its content', async () => {
    const { relay, client, key } = await videoRelay({ videos: fakeVideoApi({ failure: { code: 'moderation_blocked', message: 'Blocked by moderation.' } }) });
    const video = await client.videos.create({ model: 'sora-2-pro', prompt: '[fail] something not allowed', seconds: '4' });
    expect((await keyQuota(relay, key)).held).toBe(4 * 0.3 * 500_000);
    const last = (await pollUntil(client, video.id, finished)).at(-1)!;
    expect(openAISchemas().check(last, 'VideoResource')).toEqual([]);
    expect(last).toMatchObject({ status: 'failed', error: { code: 'moderation_blocked', message: 'Blocked by moderation.' }, completed_at: null });

    expect(await keyQuota(relay, key)).toEqual({ used: 0, held: 0, left: KEY_QUOTA });
    const refused = await apiError(client.videos.downloadContent(video.id));
    expect(refused.status).toBe(400);
    expect(refused.error).toMatchObject({ type: 'invalid_request_error', code: 'video_failed' });

    await relay.close();
    const records = (await readCallLogs(relay.dataDir)).filter((r) => r.family === 'video');
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ type: 5, model: 'sora-2-pro', quota: 0, other: { video_id: video.id, refunded_quota: 4 * 0.3 * 500_000 } });
    expect(records[0].error).toContain('moderation_blocked');
  });

  it('reserves and charges a second of sora-2-pro by the size made: 0.50 USD at 1792x1024, 0.30 USD at 1280x720', async () => {
    const { relay, client, key } = await videoRelay({ videos: fakeVideoApi({ msToComplete: 100 }) });
    const large = await client.videos.create({ model: 'sora-2-pro', prompt: 'Wide', seconds: '4', size: '1792x1024' });
    expect((await keyQuota(relay, key)).held).toBe(4 * 0.5 * 500_000);
    await pollUntil(client, large.id, finished);
    expect(await keyQuota(relay, key)).toMatchObject({ used: 4 * 0.5 * 500_000, held: 0 });
    const small = await client.videos.create({ model: 'sora-2-pro', prompt: 'Small', seconds: '4', size: '1280x720' });
    await pollUntil(client, small.id, finished);
    expect(await keyQuota(relay, key)).toMatchObject({ used: 4 * 0.8 * 500_000, held: 0 });
    await relay.close();
    const records = (await readCallLogs(relay.dataDir)).filter((r) => r.family === 'video');
    expect(records.map((r) => r.quota).sort((a, b) => a - b)).toEqual([4 * 0.3 * 500_000, 4 * 0.5 * 500_000]);
    // The bill says which size ratio it was charged at.
    expect(records.find((r) => r.quota === 4 * 0.5 * 500_000)).toMatchObject({ other: { size: '1792x1024', size_ratio: 5 / 3, unit_prices: { seconds: 0.3 } } });
  });

  it('refuses the content of a video still running', async () => {
    const { client } = await videoRelay({ videos: fakeVideoApi({ msToComplete: 60_000 }) });
    const video = await client.videos.create({ prompt: 'A slow sunrise' });
    expect(video).toMatchObject({ model: 'sora-2', seconds: '4', size: '720x1280' });
    const refused = await apiError(client.videos.downloadContent(video.id));
    expect(refused.status).toBe(400);
    expect(refused.error).toMatchObject({ code: 'video_not_ready' });
  });

  it("answers another key's task 404 in the error object, for its status, content and deletion", async () => {
    const { relay, admin, client } = await videoRelay();
    const video = await client.videos.create({ prompt: 'Mine only' });
    const other = sdk(relay, await createKey(admin, 'other key'));
    for (const attempt of [other.videos.retrieve(video.id), other.videos.downloadContent(video.id), other.videos.delete(video.id)]) {
      const refused = await apiError(attempt);
      expect(refused.status).toBe(404);
      expect(refused.error).toMatchObject({ type: 'invalid_request_error', code: 'video_not_found' });
    }
    expect((await other.videos.list()).data).toEqual([]);
    expect((await client.videos.retrieve(video.id)).id).toBe(video.id);
  });

  it('lists the key’s videos newest first, pages with after, and deletes finished ones here and upstream', async () => {
    const { client, upstream, videos } = await videoRelay();
    const ids: string[] = [];
    for (const prompt of ['one', 'two', 'three']) ids.push((await client.videos.create({ prompt })).id);
    const page = await client.videos.list({ limit: 2 });
    expect(openAISchemas().check({ object: 'list', data: page.data, first_id: ids[2], last_id: ids[1], has_more: true }, 'VideoListResource')).toEqual([]);
    expect(page.data.map((v) => v.id)).toEqual([ids[2], ids[1]]);
    expect(page.has_more).toBe(true);
    const all: string[] = [];
    for await (const video of client.videos.list({ limit: 1, order: 'asc' })) all.push(video.id);
    expect(all).toEqual(ids);

    const running = await apiError(client.videos.delete(ids[0]!));
    expect(running.status).toBe(400);
    expect(running.error).toMatchObject({ code: 'video_not_finished' });

    await pollUntil(client, ids[0]!, finished);
    const deleted = await client.videos.delete(ids[0]!);
    expect(openAISchemas().check(deleted, 'DeletedVideoResource')).toEqual([]);
    expect(deleted).toEqual({ id: ids[0], object: 'video.deleted', deleted: true });
    expect(upstream.requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
    expect([...videos.jobs.values()][0]!.deleted).toBe(true);
    expect((await apiError(client.videos.retrieve(ids[0]!))).status).toBe(404);
    expect((await client.videos.list()).data.map((v) => v.id)).toEqual([ids[2], ids[1]]);
  });

  it('uploads a reference image through to the upstream as the form the SDK sent', async () => {
    const { client, upstream, videos } = await videoRelay();
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
    const video = await client.videos.create({ prompt: 'Start from this', input_reference: await toFile(png, 'first frame.png', { type: 'image/png' }) });
    expect(video.status).toBe('queued');
    const created = upstream.requests.find((r) => r.method === 'POST' && r.path === '/v1/videos')!;
    expect(created.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const form = await new Response(created.rawBytes, { headers: { 'content-type': String(created.headers['content-type']) } }).formData();
    const file = form.get('input_reference') as File;
    expect(file.name).toBe('first frame.png');
    expect(file.type).toBe('image/png');
    expect(Buffer.from(await file.arrayBuffer()).equals(png)).toBe(true);
    expect(form.get('prompt')).toBe('Start from this');
    expect([...videos.jobs.values()][0]!.hasReference).toBe(true);
  });

  it('creates the task on the next channel when the first fails, and follows it there', async () => {
    const broken = await fakeOpenAI();
    broken.inject({ kind: 'status', status: 500, body: { error: { message: 'boom', type: 'server_error', param: null, code: null } } });
    const working = fakeVideoApi();
    const { client, upstream } = await videoRelay({ upstreams: [broken, await fakeOpenAI(working)] });
    const video = await client.videos.create({ prompt: 'Try again elsewhere' });
    expect(broken.requests).toHaveLength(1);
    expect((await pollUntil(client, video.id, finished)).at(-1)!.status).toBe('completed');
    expect(working.jobs.size).toBe(1);
    expect(broken.requests).toHaveLength(1);
    expect(upstream.requests.some((r) => r.method === 'GET' && r.path.startsWith('/v1/videos/video_'))).toBe(true);
  });

  it('takes a JSON body too (seconds as a number), and refuses a channel kind without a video API', async () => {
    const anthropic = await startFakeAnthropic();
    upstreams.push(anthropic);
    const { relay, admin, key, videos } = await videoRelay();
    await addChannel(admin, { type: 14, upstream: anthropic, models: ['claude-video'], extra: { families: ['video'] } });
    const post = (body: unknown) => fetch(`${relay.relayBaseUrl}/videos`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const created = await post({ model: 'sora-2', prompt: 'From JSON', seconds: 8, input_reference: { image_url: 'https://example.com/frame.png' } });
    expect(created.status).toBe(200);
    expect(await created.json()).toMatchObject({ object: 'video', status: 'queued', seconds: '8' });
    expect([...videos.jobs.values()][0]).toMatchObject({ seconds: '8', hasReference: true });
    const refused = await post({ model: 'claude-video', prompt: 'Nowhere to go' });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as any).error).toMatchObject({ type: 'invalid_request_error', code: 'video_not_supported' });
    expect(anthropic.requests).toHaveLength(0);
  });

  it('refuses a length the upstream does not make in its own words, and refunds the call', async () => {
    const { relay, client, key } = await videoRelay();
    const refused = await apiError(client.videos.create({ prompt: 'Too long', seconds: '30' as '4' }));
    expect(refused.status).toBe(400);
    expect(refused.error).toMatchObject({ param: 'seconds' });
    expect(await keyQuota(relay, key)).toEqual({ used: 0, held: 0, left: KEY_QUOTA });
  });
});

describe('video tasks across a restart and over time', () => {
  it('resumes a task after the relay restarts on the same data folder: it completes and is charged once', async () => {
    const videos = fakeVideoApi({ msToComplete: 1500 });
    const first = await videoRelay({ videos });
    const video = await first.client.videos.create({ prompt: 'Across a restart', seconds: '4' });
    await pollUntil(first.client, video.id, (v) => v.status === 'in_progress');
    await first.relay.close();

    const relay = await startTestRelay({ dataDir: first.relay.dataDir, videoPolling: POLLING });
    const client = sdk(relay, first.key);
    expect((await keyQuota(relay, first.key)).held).toBe(4 * PER_SECOND);
    const last = (await pollUntil(client, video.id, finished)).at(-1)!;
    expect(last).toMatchObject({ id: video.id, status: 'completed', progress: 100 });
    expect(await keyQuota(relay, first.key)).toEqual({ used: 4 * PER_SECOND, held: 0, left: KEY_QUOTA - 4 * PER_SECOND });
    expect(Buffer.from(await (await client.videos.downloadContent(video.id)).arrayBuffer()).subarray(4, 8).toString()).toBe('ftyp');

    await relay.close();
    const records = (await readCallLogs(relay.dataDir)).filter((r) => r.family === 'video');
    expect(records.map((r) => [r.type, r.quota])).toEqual([[2, 4 * PER_SECOND]]);
  });

  it('never polls one task twice at once, however slowly the upstream answers', async () => {
    // Polls fall due every 40-120 ms; each answer takes 250 ms.
    const videos = fakeVideoApi({ msToComplete: 900, statusDelayMs: 250 });
    const { client, upstream } = await videoRelay({ videos });
    const video = await client.videos.create({ prompt: 'Patience' });
    expect((await pollUntil(client, video.id, finished)).at(-1)!.status).toBe('completed');
    expect(upstream.requests.filter((r) => r.method === 'GET').length).toBeGreaterThan(1);
    expect(videos.maxConcurrentPolls).toBe(1);
  });

  it('fails and refunds a task not finished within video_task_timeout_seconds', async () => {
    const { relay, admin, client, key } = await videoRelay({ videos: fakeVideoApi({ msToComplete: 600_000 }) });
    const set = await admin.call('PUT', '/api/option/', { key: 'video_task_timeout_seconds', value: 1 });
    expect(set.json.success, set.text).toBe(true);
    const video = await client.videos.create({ prompt: 'Never ends', seconds: '12' });
    expect((await keyQuota(relay, key)).held).toBe(12 * PER_SECOND);
    const last = (await pollUntil(client, video.id, finished)).at(-1)!;
    expect(last).toMatchObject({ status: 'failed', error: { code: 'video_timeout' } });
    expect(last.error!.message).toContain('1 s');
    expect(await keyQuota(relay, key)).toEqual({ used: 0, held: 0, left: KEY_QUOTA });
    await relay.close();
    const [record] = (await readCallLogs(relay.dataDir)).filter((r) => r.family === 'video');
    expect(record).toMatchObject({ type: 5, quota: 0, other: { refunded_quota: 12 * PER_SECOND } });
    expect(record.error).toContain('video_timeout');
  });
});
