// `POST /v1/audio/transcriptions` and `/translations` with the official openai SDK: every
// response_format (text, srt and vtt as the upstream's plain text, the SDK returning a string;
// json and verbose_json with word and segment timestamps), a translation of a WAV the test
// builds, the upload reaching the upstream as it was sent (filename, content type, bytes),
// OpenAI's refusals passed on, the relay's own 400 and 413 before any upstream call, billing by
// the second (or by tokens), and only channels serving audio reached.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import OpenAI, { toFile } from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeAnthropic } from '../fake-upstreams/anthropic.js';
import type { FakeUpstream, RecordedRequest } from '../fake-upstreams/harness.js';
import { HEARD, TRANSLATED } from '../fake-upstreams/openai-audio.js';
import { startFakeOpenAIChat } from '../fake-upstreams/openai-chat.js';
import { mp3File, wavFile } from '../helpers/audio-files.js';
import { readCallLogs } from '../helpers/call-logs.js';
import { startGateway } from '../helpers/gateway.js';
import type { ChannelSpec } from '../helpers/gateway.js';
import { openAISchemas } from '../helpers/openapi-schema.js';

const upstreams: FakeUpstream[] = [];
afterEach(async () => {
  await Promise.all(upstreams.splice(0).map((u) => u.close()));
});

/** The error object of a refused call. */
async function errorOf(response: Response): Promise<Record<string, any>> {
  return ((await response.json()) as { error: Record<string, any> }).error;
}

async function relay(channels: (Omit<ChannelSpec, 'upstream'> & { upstream?: FakeUpstream })[] = [{ type: 1, models: ['whisper-1', 'gpt-4o-transcribe'] }], token: Record<string, unknown> = {}) {
  const openai = await startFakeOpenAIChat({ apiKey: 'upstream-key' });
  upstreams.push(openai);
  const gateway = await startGateway(channels.map((channel) => ({ upstream: openai, ...channel })), token);
  const client = new OpenAI({ baseURL: gateway.relay.relayBaseUrl, apiKey: gateway.key, maxRetries: 0 });
  const post = (path: string, form: FormData) => fetch(`${gateway.relay.relayBaseUrl}${path}`, { method: 'POST', headers: { authorization: `Bearer ${gateway.key}` }, body: form });
  /** Closes the relay (writing everything) and answers the key's counters and the call records. */
  const settled = async () => {
    await gateway.relay.close();
    const state = JSON.parse(await readFile(join(gateway.relay.dataDir, 'state.json'), 'utf8'));
    return { token: state.tokens[0], records: await readCallLogs(gateway.relay.dataDir) };
  };
  return { openai, gateway, client, post, settled };
}

const WAV = wavFile(2.5);
const wav = () => toFile(WAV, 'meeting.wav', { type: 'audio/wav' });

/** The form the upstream received, read by a standard multipart parser. */
/** An answer as OpenAI's OpenAPI description says it is. */
function expectOpenAIShape(answer: unknown, schema: string) {
  expect(openAISchemas().check(answer, schema)).toEqual([]);
}

async function receivedForm(request: RecordedRequest): Promise<FormData> {
  return new Response(new Uint8Array(request.rawBytes), { headers: { 'content-type': String(request.headers['content-type']) } }).formData();
}

describe('transcriptions through an OpenAI-kind channel', () => {
  it('answers json, the upload reaching the upstream with its filename, content type and exact bytes', async () => {
    const { client, openai } = await relay([{ type: 1, models: ['stt'], model_mapping: { stt: 'whisper-1' } }]);
    const answer = await client.audio.transcriptions.create({ model: 'stt', file: await wav(), language: 'fr', prompt: 'Bonjour', temperature: 0.2 });
    expect(answer.text).toBe(HEARD.text);
    expectOpenAIShape(answer, 'CreateTranscriptionResponseJson');

    expect(openai.requests).toHaveLength(1);
    const upstream = openai.requests[0]!;
    expect(upstream.path).toBe('/v1/audio/transcriptions');
    expect(upstream.headers.authorization).toBe('Bearer upstream-key');
    const form = await receivedForm(upstream);
    expect(form.get('model')).toBe('whisper-1');
    expect([form.get('language'), form.get('prompt'), form.get('temperature')]).toEqual(['fr', 'Bonjour', '0.2']);
    const file = form.get('file') as File;
    expect([file.name, file.type]).toEqual(['meeting.wav', 'audio/wav']);
    expect(Buffer.from(await file.arrayBuffer()).equals(WAV)).toBe(true);
  });

  it.each([
    ['text', `${HEARD.text}\n`],
    ['srt', '1\n00:00:00,000 --> 00:00:01,250\nBonjour tout le monde.\n\n2\n00:00:01,250 --> 00:00:02,500\nCeci est un essai.\n\n'],
    ['vtt', 'WEBVTT\n\n00:00:00.000 --> 00:00:01.250\nBonjour tout le monde.\n\n00:00:01.250 --> 00:00:02.500\nCeci est un essai.\n\n'],
  ] as const)('answers %s as the upstream wrote it, in plain text: the SDK returns the string', async (format, expected) => {
    const { client, post } = await relay();
    const answer = await client.audio.transcriptions.create({ model: 'whisper-1', file: await wav(), response_format: format });
    expect(answer).toBe(expected);

    const form = new FormData();
    form.set('model', 'whisper-1');
    form.set('response_format', format);
    form.set('file', new File([WAV], 'meeting.wav', { type: 'audio/wav' }));
    const response = await post('/audio/transcriptions', form);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await response.text()).toBe(expected);
  });

  it('answers verbose_json with the duration, word and segment timestamps', async () => {
    const { client, openai } = await relay();
    const answer = await client.audio.transcriptions.create({ model: 'whisper-1', file: await wav(), response_format: 'verbose_json', timestamp_granularities: ['word', 'segment'] });
    expectOpenAIShape(answer, 'CreateTranscriptionResponseVerboseJson');
    expect(answer).toMatchObject({ task: 'transcribe', language: 'french', duration: 2.5, text: HEARD.text });
    expect(answer.words!.map((w) => w.word)).toEqual(['Bonjour', 'tout', 'le', 'monde', 'Ceci', 'est', 'un', 'essai']);
    expect(answer.words![0]).toEqual({ word: 'Bonjour', start: 0, end: 0.313 });
    expect(answer.words!.at(-1)!.end).toBe(2.5);
    expect(answer.segments!.map((s) => [s.start, s.end, s.text])).toEqual([[0, 1.25, ' Bonjour tout le monde.'], [1.25, 2.5, ' Ceci est un essai.']]);
    expect((await receivedForm(openai.requests[0]!)).getAll('timestamp_granularities[]')).toEqual(['word', 'segment']);
  });

  it('reaches an Azure deployment’s audio endpoint with its api-key', async () => {
    const { client, openai } = await relay([{ type: 3, models: ['whisper-1'], extra: { api_version: '2024-06-01' } }]);
    expect((await client.audio.transcriptions.create({ model: 'whisper-1', file: await wav() })).text).toBe(HEARD.text);
    expect(openai.requests[0]!.path).toBe('/openai/deployments/whisper-1/audio/transcriptions');
    expect(openai.requests[0]!.query.get('api-version')).toBe('2024-06-01');
    expect(openai.requests[0]!.headers['api-key']).toBe('upstream-key');
  });
});

describe('a transcript stream (stream=true)', () => {
  it('passes the events through as they come and bills the tokens the last one reports', async () => {
    const { client, settled } = await relay(undefined, { unlimited_quota: false, remain_quota: 1_000_000 });
    const stream = await client.audio.transcriptions.create({ model: 'gpt-4o-transcribe', file: await wav(), stream: true });
    const events = [];
    for await (const event of stream) events.push(event);
    for (const event of events) expectOpenAIShape(event, 'CreateTranscriptionResponseStreamEvent');
    expect(events.filter((e) => e.type === 'transcript.text.delta').map((e) => (e as { delta: string }).delta).join('')).toBe(`${HEARD.text} `);
    expect(events.at(-1)).toMatchObject({ type: 'transcript.text.done', text: HEARD.text, usage: { input_tokens: 29, output_tokens: 12 } });
    const { records } = await settled();
    expect(records[0]).toMatchObject({ family: 'audio', is_stream: true, prompt_tokens: 29, completion_tokens: 12, units: { seconds: 2.5 } });
  });
});

describe('translations', () => {
  it('translates a WAV the test built into English text', async () => {
    const { client, openai } = await relay();
    const answer = await client.audio.translations.create({ model: 'whisper-1', file: await wav() });
    expect(answer.text).toBe(TRANSLATED);
    expectOpenAIShape(answer, 'CreateTranslationResponseJson');
    expect(openai.requests[0]!.path).toBe('/v1/audio/translations');
    const verbose = await client.audio.translations.create({ model: 'whisper-1', file: await wav(), response_format: 'verbose_json' });
    expectOpenAIShape(verbose, 'CreateTranslationResponseVerboseJson');
    expect(verbose).toMatchObject({ task: 'translate', language: 'english', duration: 2.5, text: TRANSLATED });
  });
});

describe('bad uploads', () => {
  it("passes on OpenAI's refusal of a file format it does not read, and of a format the model does not write", async () => {
    const { client } = await relay();
    const refused = await client.audio.transcriptions.create({ model: 'whisper-1', file: await toFile(WAV, 'notes.txt', { type: 'text/plain' }) }).catch((error) => error);
    expect(refused).toBeInstanceOf(OpenAI.BadRequestError);
    expect(refused.message).toContain("Invalid file format. Supported formats: ['flac', 'm4a', 'mp3', 'mp4', 'mpeg', 'mpga', 'oga', 'ogg', 'wav', 'webm']");
    const srt = await client.audio.transcriptions.create({ model: 'gpt-4o-transcribe', file: await wav(), response_format: 'srt' }).catch((error) => error);
    expect(srt.status).toBe(400);
    expect(srt.message).toContain("response_format 'srt' is not compatible with model 'gpt-4o-transcribe'");
  });

  it('refuses a form without a file, an unknown field and a file past audio_upload_max_mb before calling the upstream', async () => {
    const { openai, post, gateway } = await relay();
    const noFile = new FormData();
    noFile.set('model', 'whisper-1');
    const missing = await post('/audio/transcriptions', noFile);
    expect(missing.status).toBe(400);
    expect(await errorOf(missing)).toMatchObject({ type: 'invalid_request_error', param: 'file' });

    const unknown = new FormData();
    unknown.set('model', 'whisper-1');
    unknown.set('language', 'de');
    unknown.set('file', new File([WAV], 'a.wav', { type: 'audio/wav' }));
    const translation = await post('/audio/translations', unknown);
    expect(translation.status).toBe(400);
    expect(await errorOf(translation)).toMatchObject({ param: 'language', code: 'unknown_parameter' });

    expect((await gateway.admin.call('PUT', '/api/option/', { key: 'audio_upload_max_mb', value: 0.05 })).json.success).toBe(true);
    const large = new FormData();
    large.set('model', 'whisper-1');
    large.set('file', new File([wavFile(2)], 'long.wav', { type: 'audio/wav' })); // 64 KB, over 0.05 MB
    const tooLarge = await post('/audio/transcriptions', large);
    expect(tooLarge.status).toBe(413);
    expect((await errorOf(tooLarge)).message).toContain('audio_upload_max_mb');
    expect(openai.requests).toHaveLength(0);
  });
});

describe('transcriptions are billed', () => {
  it('by the seconds the upstream reported, at whisper-1’s built-in 0.006 USD a minute', async () => {
    const { client, settled } = await relay(undefined, { unlimited_quota: false, remain_quota: 1_000_000 });
    await client.audio.transcriptions.create({ model: 'whisper-1', file: await wav(), response_format: 'verbose_json' });
    const { token, records } = await settled();
    // 2.5 s × 0.0001 USD × 500 000 quota per USD
    expect(records[0]).toMatchObject({ type: 2, family: 'audio', units: { seconds: 2.5, requests: 1 }, quota: 125 });
    expect(token.used_quota).toBe(125);
  });

  it('by the seconds measured from the file when the answer is plain text', async () => {
    const { client, settled } = await relay(undefined, { unlimited_quota: false, remain_quota: 1_000_000 });
    // An MP3 of 200 frames (1152 samples at 44.1 kHz each): 5.22 s, read from its frames.
    await client.audio.transcriptions.create({ model: 'whisper-1', file: await toFile(mp3File(200), 'memo.mp3', { type: 'audio/mpeg' }), response_format: 'srt' });
    const { records } = await settled();
    expect(records[0].units.seconds).toBeCloseTo((200 * 1152) / 44_100, 2);
    expect(records[0].quota).toBe(Math.round(((200 * 1152) / 44_100) * 0.0001 * 500_000));
  });

  it('by the tokens gpt-4o-transcribe reports', async () => {
    const { client, settled } = await relay(undefined, { unlimited_quota: false, remain_quota: 1_000_000 });
    const answer = await client.audio.transcriptions.create({ model: 'gpt-4o-transcribe', file: await wav() });
    expect(answer.usage).toMatchObject({ type: 'tokens', input_tokens: 29, output_tokens: 12 });
    const { records } = await settled();
    // Built-in price: model ratio 3 (6 USD per million input tokens), output at 5/3 of it.
    expect(records[0]).toMatchObject({ family: 'audio', prompt_tokens: 29, completion_tokens: 12, units: { seconds: 2.5 }, quota: Math.round((29 + 12 * (5 / 3)) * 3) });
  });
});

describe('audio routing', () => {
  it('never reaches a channel that does not serve audio, even of the same model at a higher priority', async () => {
    const anthropic = await startFakeAnthropic();
    const chatOnly = await startFakeOpenAIChat();
    upstreams.push(anthropic, chatOnly);
    const { client, openai } = await relay([
      { type: 14, upstream: anthropic, models: ['whisper-1'], priority: 10 },
      { type: 1, upstream: chatOnly, models: ['whisper-1'], priority: 10, extra: { families: ['chat'] } },
      { type: 1, models: ['whisper-1'], priority: 0 },
    ]);
    for (let i = 0; i < 3; i++) expect((await client.audio.transcriptions.create({ model: 'whisper-1', file: await wav() })).text).toBe(HEARD.text);
    expect(anthropic.requests).toHaveLength(0);
    expect(chatOnly.requests).toHaveLength(0);
    expect(openai.requests).toHaveLength(3);
  });

  it('answers 400 audio_not_supported for a model only a channel without audio endpoints was told to serve', async () => {
    const anthropic = await startFakeAnthropic();
    upstreams.push(anthropic);
    const { client } = await relay([{ type: 14, upstream: anthropic, models: ['whisper-1'], extra: { families: ['audio'] } }]);
    const refused = await client.audio.transcriptions.create({ model: 'whisper-1', file: await wav() }).catch((error) => error);
    expect(refused.status).toBe(400);
    expect(refused.error).toMatchObject({ code: 'audio_not_supported' });
    expect(anthropic.requests).toHaveLength(0);
  });
});
