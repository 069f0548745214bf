// `POST /v1/audio/speech` with the official openai SDK: mp3 and wav bytes with their magic
// bytes and the upstream's content type, streamed through as they come (the first bytes reach
// the client while the upstream is still speaking), a client leaving cancels the upstream,
// sse events passed through and billed by the tokens they report, characters billed at tts-1's
// built-in price, and the relay's 400 before any upstream call.
import { readFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import type { FakeUpstream } from '../fake-upstreams/harness.js';
import { speechProgress } from '../fake-upstreams/openai-audio.js';
import { startFakeOpenAIChat } from '../fake-upstreams/openai-chat.js';
import { readCallLogs } from '../helpers/call-logs.js';
import { addChannel, startGateway } from '../helpers/gateway.js';
import { openAISchemas } from '../helpers/openapi-schema.js';

const upstreams: FakeUpstream[] = [];
afterEach(async () => {
  await Promise.all(upstreams.splice(0).map((u) => u.close()));
});

/** The error object of a refused call. */
async function errorOf(response: Response): Promise<Record<string, any>> {
  return ((await response.json()) as { error: Record<string, any> }).error;
}

async function relay(options: { chunkDelayMs?: number; type?: number; token?: Record<string, unknown> } = {}) {
  const openai = await startFakeOpenAIChat({ apiKey: 'upstream-key', chunkDelayMs: options.chunkDelayMs });
  upstreams.push(openai);
  const gateway = await startGateway([{ type: options.type ?? 1, upstream: openai, models: ['tts-1', 'gpt-4o-mini-tts', 'voice'], model_mapping: { voice: 'tts-1' } }], options.token);
  const client = new OpenAI({ baseURL: gateway.relay.relayBaseUrl, apiKey: gateway.key, maxRetries: 0 });
  const post = (body: unknown, init: RequestInit = {}) =>
    fetch(`${gateway.relay.relayBaseUrl}/audio/speech`, { method: 'POST', headers: { authorization: `Bearer ${gateway.key}`, 'content-type': 'application/json' }, body: JSON.stringify(body), ...init });
  const settled = async () => {
    await gateway.relay.close();
    const state = JSON.parse(await readFile(join(gateway.relay.dataDir, 'state.json'), 'utf8'));
    return { token: state.tokens[0], records: await readCallLogs(gateway.relay.dataDir) };
  };
  return { openai, gateway, client, post, settled };
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('speech through an OpenAI-kind channel', () => {
  it('answers mp3 bytes (MPEG frames) as audio/mpeg, the body passed through with the mapped model', async () => {
    const { client, openai } = await relay();
    const response = await client.audio.speech.create({ model: 'voice', input: 'Hello there, world.', voice: 'alloy' });
    expect(response.headers.get('content-type')).toBe('audio/mpeg');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes[0]).toBe(0xff);
    expect(bytes[1]! & 0xe0).toBe(0xe0); // MPEG frame sync
    expect(bytes.length).toBe(192 * Math.ceil((24_000 * 19 * 0.06) / 576));

    const upstream = openai.requests[0]!;
    expect(upstream.path).toBe('/v1/audio/speech');
    expect(upstream.body).toEqual({ model: 'tts-1', input: 'Hello there, world.', voice: 'alloy' });
    expect(upstream.headers.accept).toBe('application/octet-stream');
    expect(upstream.headers.authorization).toBe('Bearer upstream-key');
  });

  it('answers wav bytes (RIFF…WAVE) as audio/wav, with every field of the body sent on', async () => {
    const { client, openai } = await relay();
    const body = { model: 'gpt-4o-mini-tts', input: 'Hi.', voice: { id: 'voice_1234' }, response_format: 'wav' as const, speed: 1.25, instructions: 'Warmly.' };
    const response = await client.audio.speech.create(body);
    expect(response.headers.get('content-type')).toBe('audio/wav');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([bytes.toString('latin1', 0, 4), bytes.toString('latin1', 8, 12)]).toEqual(['RIFF', 'WAVE']);
    expect(openai.requests[0]!.body).toEqual(body);
  });

  it('reaches an Azure deployment’s speech endpoint with its api-key', async () => {
    const { client, openai } = await relay({ type: 3 });
    const response = await client.audio.speech.create({ model: 'tts-1', input: 'Hi.', voice: 'alloy', response_format: 'flac' });
    expect(Buffer.from(await response.arrayBuffer()).toString('latin1', 0, 4)).toBe('fLaC');
    expect(openai.requests[0]!.path).toBe('/openai/deployments/tts-1/audio/speech');
    expect(openai.requests[0]!.headers['api-key']).toBe('upstream-key');
  });

  it('streams the audio through: its first bytes reach the client while the upstream is still sending', async () => {
    const { client, openai } = await relay({ chunkDelayMs: 200 });
    const response = await client.audio.speech.create({ model: 'tts-1', input: 'A sentence long enough to be sent in several chunks.', voice: 'alloy' });
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(first.value![0]).toBe(0xff);
    const progress = speechProgress(openai.requests[0]!)!;
    expect(progress.finished).toBe(false);
    expect(progress.chunksSent).toBeLessThan(6);
    while (!(await reader.read()).done);
    expect(progress.finished).toBe(true);
  });

  it('cancels the upstream when the client leaves mid-answer', async () => {
    const { gateway, openai, settled } = await relay({ chunkDelayMs: 200 });
    // The client reads the first bytes, then goes away.
    await new Promise<void>((resolve, reject) => {
      const request = httpRequest(`${gateway.relay.relayBaseUrl}/audio/speech`, { method: 'POST', headers: { authorization: `Bearer ${gateway.key}`, 'content-type': 'application/json' } });
      request.on('response', (response) => {
        expect(response.statusCode).toBe(200);
        response.once('data', () => {
          request.destroy();
          resolve();
        });
      });
      request.on('error', (error) => (error.message.includes('socket hang up') ? resolve() : reject(error)));
      request.end(JSON.stringify({ model: 'tts-1', input: 'A sentence long enough to be sent in several chunks.', voice: 'alloy' }));
    });
    const progress = speechProgress(openai.requests[0]!)!;
    await until(() => progress.cancelled, 'the upstream to see the relay go');
    expect(progress.finished).toBe(false);
    expect(progress.chunksSent).toBeLessThan(6);
    const { records } = await settled();
    expect(records[0]).toMatchObject({ family: 'audio', error: 'client disconnected' });
  });
});

describe('speech failover', () => {
  it('goes to the next channel when the first fails before its first byte', async () => {
    const broken = await startFakeOpenAIChat();
    upstreams.push(broken);
    broken.inject({ kind: 'reset-before-first-byte' });
    const { gateway, client, openai } = await relay();
    await addChannel(gateway.admin, { type: 1, upstream: broken, models: ['tts-1'], priority: 10 });
    const response = await client.audio.speech.create({ model: 'tts-1', input: 'Hello.', voice: 'alloy', response_format: 'wav' });
    expect(Buffer.from(await response.arrayBuffer()).toString('latin1', 0, 4)).toBe('RIFF');
    expect(broken.requests).toHaveLength(1);
    expect(openai.requests).toHaveLength(1);
  });

  it('goes to the next channel when the first answers 200 with a JSON error or an HTML page instead of audio', async () => {
    const broken = await startFakeOpenAIChat();
    upstreams.push(broken);
    broken.inject({ kind: 'status', status: 200, body: { error: { message: 'quota exhausted upstream' } }, times: 1 });
    broken.inject({ kind: 'status', status: 200, body: '<html><body>502 Bad Gateway</body></html>', headers: { 'content-type': 'text/html' }, times: 1 });
    const { gateway, client, openai, settled } = await relay();
    await addChannel(gateway.admin, { type: 1, upstream: broken, models: ['tts-1'], priority: 10 });
    // A 1 s cooldown, so that the second call reaches the broken channel again.
    expect((await gateway.admin.call('PUT', '/api/option', { values: { channel_cooldown_seconds: 1 } })).json.success).toBe(true);
    for (const n of [0, 1]) {
      if (n > 0) await new Promise((resolve) => setTimeout(resolve, 1_100));
      const response = await client.audio.speech.create({ model: 'tts-1', input: 'Hello.', voice: 'alloy', response_format: 'wav' });
      expect(response.headers.get('content-type')).toBe('audio/wav');
      expect(Buffer.from(await response.arrayBuffer()).toString('latin1', 0, 4)).toBe('RIFF');
      expect([broken.requests.length, openai.requests.length]).toEqual([n + 1, n + 1]);
    }
    const { records } = await settled();
    expect(records.map((record: any) => record.retry_chain.map((attempt: any) => [attempt.status, attempt.error.slice(0, 40)]))).toEqual([
      [[502, 'The upstream answered 200 with applicati']],
      [[502, 'The upstream answered 200 with text/html']],
    ]);
  });
});

describe('an upstream failing mid-answer', () => {
  it('cuts the client off instead of ending the file as if it were whole, and logs why', async () => {
    const { client, settled } = await relay();
    const response = await client.audio.speech.create({ model: 'tts-1', input: 'A sentence long enough to be sent in several chunks [cut].', voice: 'alloy' });
    expect(response.headers.get('content-type')).toBe('audio/mpeg');
    await expect(response.arrayBuffer()).rejects.toThrow();
    const { records } = await settled();
    expect(records[0]).toMatchObject({ family: 'audio', error: 'The upstream ended the answer before it was complete.' });
  });
});

describe('speech events (stream_format sse)', () => {
  it('passes the events through and bills the tokens their last event reports', async () => {
    const { client, settled } = await relay({ token: { unlimited_quota: false, remain_quota: 1_000_000 } });
    const stream = await client.audio.speech.create({ model: 'gpt-4o-mini-tts', input: 'Twelve chars', voice: 'coral', stream_format: 'sse' });
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const events = (await stream.text()).trim().split('\n\n').map((event) => JSON.parse(event.slice('data: '.length)));
    for (const event of events) expect(openAISchemas().check(event, event.type === 'speech.audio.done' ? 'SpeechAudioDoneEvent' : 'SpeechAudioDeltaEvent')).toEqual([]);
    expect(events.at(-1)).toEqual({ type: 'speech.audio.done', usage: { input_tokens: 3, output_tokens: 42, total_tokens: 45 } });
    expect(Buffer.from(events[0].audio, 'base64')[0]).toBe(0xff);
    const { records } = await settled();
    // gpt-4o-mini-tts: model ratio 0.3, audio output at 20× the input price.
    expect(records[0]).toMatchObject({ family: 'audio', prompt_tokens: 3, completion_tokens: 42, units: { characters: 12 }, quota: Math.round((3 + 42 * 20) * 0.3) });
  });
});

describe('speech is billed and checked', () => {
  it('charges the characters of the input at tts-1’s built-in 15 USD per million', async () => {
    const { client, settled } = await relay({ token: { unlimited_quota: false, remain_quota: 1_000_000 } });
    const input = 'Ça va très bien, merci. '.repeat(40).trim(); // 959 characters, more UTF-8 bytes
    await (await client.audio.speech.create({ model: 'tts-1', input, voice: 'alloy' })).arrayBuffer();
    const { token, records } = await settled();
    const quota = Math.round([...input].length * 0.000015 * 500_000);
    expect(records[0]).toMatchObject({ type: 2, family: 'audio', units: { characters: [...input].length, requests: 1 }, quota });
    expect(token.used_quota).toBe(quota);
  });

  it('refuses a body without a voice, or with an unknown format, before calling the upstream', async () => {
    const { post, openai } = await relay();
    const noVoice = await post({ model: 'tts-1', input: 'Hi.' });
    expect(noVoice.status).toBe(400);
    expect(await errorOf(noVoice)).toMatchObject({ type: 'invalid_request_error', param: 'voice' });
    const ogg = await post({ model: 'tts-1', input: 'Hi.', voice: 'alloy', response_format: 'ogg' });
    expect(ogg.status).toBe(400);
    expect((await errorOf(ogg)).param).toBe('response_format');
    expect(openai.requests).toHaveLength(0);
  });
});
