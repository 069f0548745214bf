// A fake of OpenAI's audio endpoints, as OpenAI answers them (also under Azure deployments):
// POST /v1/audio/speech streams audio of the asked format (real magic bytes: MP3 frames,
// RIFF/WAVE with an open-ended size as OpenAI streams it, fLaC, OggS, ADTS) in chunks, or its
// `sse` events ending with usage; /v1/audio/transcriptions and /translations read the multipart
// upload and answer every response_format (json with usage, text, srt and vtt as text/plain,
// verbose_json with segments and words), or a transcript stream. It "hears" a French sentence
// (translated: English), timed over the WAV's length, and refuses bad uploads as OpenAI does.
import type { ServerResponse } from 'node:http';
import type { Answer, RecordedRequest } from './harness.js';

const AUDIO_PATH = /^(?:\/v1|\/openai\/deployments\/[^/]+)\/audio\/(?<endpoint>speech|transcriptions|translations)$/;

export function isAudioPath(path: string): boolean {
  return AUDIO_PATH.test(path);
}

/** How a speech answer went: chunks written, and whether the caller went away before the end. */
export interface SpeechProgress {
  chunksSent: number;
  finished: boolean;
  cancelled: boolean;
}

const progress = new WeakMap<RecordedRequest, SpeechProgress>();

export function speechProgress(request: RecordedRequest): SpeechProgress | undefined {
  return progress.get(request);
}

export const HEARD = { text: 'Bonjour tout le monde. Ceci est un essai.', language: 'french' };
export const TRANSLATED = 'Hello everyone. This is a test.';
const SUPPORTED = ['flac', 'm4a', 'mp3', 'mp4', 'mpeg', 'mpga', 'oga', 'ogg', 'wav', 'webm'];

function invalid(message: string, param: string | null = null, status = 400): Answer {
  return { status, json: { error: { message, type: 'invalid_request_error', param, code: null } } };
}

export function audioAnswer(request: RecordedRequest, options: { chunkDelayMs?: number }): Answer {
  const endpoint = AUDIO_PATH.exec(request.path)!.groups!.endpoint!;
  if (endpoint === 'speech') return speechAnswer(request, options.chunkDelayMs ?? 0);
  return { respond: (res) => transcriptAnswer(request, res, endpoint === 'translations' ? 'translate' : 'transcribe') };
}

// ---- speech ----

const SPEECH_TYPES: Record<string, string> = { mp3: 'audio/mpeg', opus: 'audio/opus', aac: 'audio/aac', flac: 'audio/flac', wav: 'audio/wav', pcm: 'audio/pcm' };
const SAMPLE_RATE = 24_000;

function speechAnswer(request: RecordedRequest, chunkDelayMs: number): Answer {
  const body = request.body;
  if (!body || typeof body !== 'object') return invalid('We could not parse the JSON body of your request.');
  for (const field of ['model', 'input', 'voice']) if (body[field] === undefined) return invalid(`Missing required parameter: '${field}'.`, field);
  if (typeof body.input !== 'string' || body.input.length > 4096) return invalid("Invalid 'input': string too long. Expected a string with maximum length 4096.", 'input');
  const format: string = body.response_format ?? 'mp3';
  if (!(format in SPEECH_TYPES)) return invalid(`Invalid value for 'response_format': '${format}'.`, 'response_format');
  if (body.stream_format === 'sse' && String(body.model).startsWith('tts-1')) return invalid(`stream_format 'sse' is not supported for ${body.model}.`, 'stream_format');
  const audio = synthesize(format, body.input.length * 0.06);
  const chunks = splitInto(audio, 6);
  const state: SpeechProgress = { chunksSent: 0, finished: false, cancelled: false };
  progress.set(request, state);
  return {
    async respond(res) {
      res.on('close', () => (state.cancelled = !state.finished));
      if (body.stream_format === 'sse') {
        res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
        const inputTokens = Math.ceil(body.input.length / 4);
        const events = chunks.map((chunk) => ({ type: 'speech.audio.delta', audio: chunk.toString('base64') }));
        events.push({ type: 'speech.audio.done', usage: { input_tokens: inputTokens, output_tokens: 7 * chunks.length, total_tokens: inputTokens + 7 * chunks.length } } as never);
        await writeSlowly(res, events.map((event) => Buffer.from(`data: ${JSON.stringify(event)}\n\n`)), chunkDelayMs, state);
      } else {
        res.writeHead(200, { 'content-type': SPEECH_TYPES[format]!, 'transfer-encoding': 'chunked' });
        await writeSlowly(res, chunks, chunkDelayMs, state, body.input.includes('[cut]') ? 2 : Infinity);
      }
    },
  };
}

/** An input containing `[cut]` has its answer's connection cut after two chunks (an upstream failing mid-answer). */
async function writeSlowly(res: ServerResponse, chunks: Buffer[], delayMs: number, state: SpeechProgress, cutAfter = Infinity): Promise<void> {
  for (const chunk of chunks) {
    if (res.destroyed) return;
    if (state.chunksSent === cutAfter) return void res.socket?.destroy();
    res.write(chunk);
    state.chunksSent++;
    await new Promise((resolve) => (delayMs > 0 ? setTimeout(resolve, delayMs) : setImmediate(resolve)));
  }
  state.finished = true;
  res.end();
}

function splitInto(bytes: Buffer, parts: number): Buffer[] {
  const size = Math.ceil(bytes.length / parts);
  const chunks: Buffer[] = [];
  for (let offset = 0; offset < bytes.length; offset += size) chunks.push(bytes.subarray(offset, offset + size));
  return chunks;
}

/** Silence of `seconds` in `format`, with the magic bytes and headers a player checks. */
function synthesize(format: string, seconds: number): Buffer {
  const samples = Math.max(1, Math.round(SAMPLE_RATE * seconds));
  const pcm = Buffer.alloc(samples * 2);
  switch (format) {
    case 'mp3': {
      // MPEG-2 Layer III, 24 kHz, 64 kbit/s: 192-byte frames of 576 samples.
      const frame = Buffer.alloc(192);
      frame.writeUInt32BE(0xfff38464, 0);
      return Buffer.concat(Array.from({ length: Math.ceil(samples / 576) }, () => frame));
    }
    case 'wav': {
      // As OpenAI streams a WAV: the sizes are unknown when the header goes out.
      const header = Buffer.alloc(44);
      header.write('RIFF', 0);
      header.writeUInt32LE(0xffffffff, 4);
      header.write('WAVEfmt ', 8);
      header.writeUInt32LE(16, 16);
      header.writeUInt16LE(1, 20);
      header.writeUInt16LE(1, 22);
      header.writeUInt32LE(SAMPLE_RATE, 24);
      header.writeUInt32LE(SAMPLE_RATE * 2, 28);
      header.writeUInt16LE(2, 32);
      header.writeUInt16LE(16, 34);
      header.write('data', 36);
      header.writeUInt32LE(0xffffffff, 40);
      return Buffer.concat([header, pcm]);
    }
    case 'flac':
      return Buffer.concat([Buffer.from('fLaC'), pcm.subarray(0, pcm.length >> 2)]);
    case 'opus':
      return Buffer.concat([Buffer.from('OggS'), Buffer.alloc(24), Buffer.from('OpusHead'), pcm.subarray(0, pcm.length >> 3)]);
    case 'aac':
      return Buffer.concat([Buffer.from([0xff, 0xf1, 0x50, 0x80]), pcm.subarray(0, pcm.length >> 3)]);
    default:
      return pcm;
  }
}

// ---- transcription and translation ----

async function transcriptAnswer(request: RecordedRequest, res: ServerResponse, task: 'transcribe' | 'translate'): Promise<void> {
  const send = (answer: Answer) => {
    const { status = 200, json } = answer as { status?: number; json: unknown };
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(json));
  };
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(request.rawBytes), { headers: { 'content-type': String(request.headers['content-type']) } }).formData();
  } catch {
    return send(invalid("Could not parse multipart form"));
  }
  const file = form.get('file');
  if (!(file instanceof File)) return send(invalid('1 validation error for Request\nbody -> file\n  field required'));
  const model = form.get('model');
  if (typeof model !== 'string') return send(invalid('1 validation error for Request\nbody -> model\n  field required'));
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  if (!SUPPORTED.includes(extension)) return send(invalid(`Invalid file format. Supported formats: ${JSON.stringify(SUPPORTED).replace(/"/g, "'").replace(/,/g, ', ')}`));
  const format = String(form.get('response_format') ?? 'json');
  const tokenModel = model.startsWith('gpt-4o');
  if (tokenModel && format !== 'json' && format !== 'text') return send(invalid(`response_format '${format}' is not compatible with model '${model}'. Use 'json' or 'text'.`, 'response_format'));

  const bytes = Buffer.from(await file.arrayBuffer());
  const duration = wavDuration(bytes) ?? bytes.length / 16_000;
  const text = task === 'translate' ? TRANSLATED : HEARD.text;
  const usage = tokenModel
    ? { type: 'tokens', input_tokens: Math.ceil(duration * 10) + 4, input_token_details: { text_tokens: 4, audio_tokens: Math.ceil(duration * 10) }, output_tokens: 12, total_tokens: Math.ceil(duration * 10) + 16 }
    : { type: 'duration', seconds: Math.ceil(duration) };

  if (form.get('stream') === 'true' && tokenModel) {
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
    for (const word of text.split(' ')) res.write(`data: ${JSON.stringify({ type: 'transcript.text.delta', delta: `${word} ` })}\n\n`);
    res.end(`data: ${JSON.stringify({ type: 'transcript.text.done', text, usage })}\n\n`);
    return;
  }
  const sentences = timed(text.split(/(?<=\.)\s+/), duration);
  const words = timed(text.split(' ').map((word) => word.replace(/[.,]$/, '')), duration);
  const plain = (body: string) => {
    res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
    res.end(body);
  };
  switch (format) {
    case 'text':
      return plain(`${text}\n`);
    case 'srt':
      return plain(sentences.map((s, i) => `${i + 1}\n${clock(s.start, ',')} --> ${clock(s.end, ',')}\n${s.text}\n\n`).join(''));
    case 'vtt':
      return plain(`WEBVTT\n\n${sentences.map((s) => `${clock(s.start, '.')} --> ${clock(s.end, '.')}\n${s.text}\n\n`).join('')}`);
    case 'verbose_json': {
      const granularities = form.getAll('timestamp_granularities[]').map(String);
      const answer: Record<string, unknown> = { task, language: task === 'translate' ? 'english' : HEARD.language, duration, text };
      if (granularities.includes('word')) answer.words = words.map((w) => ({ word: w.text, start: w.start, end: w.end }));
      if (granularities.length === 0 || granularities.includes('segment')) {
        answer.segments = sentences.map((s, id) => ({ id, seek: 0, start: s.start, end: s.end, text: ` ${s.text}`, tokens: [50364 + id], temperature: 0, avg_logprob: -0.2, compression_ratio: 1.1, no_speech_prob: 0.01 }));
      }
      answer.usage = usage;
      return send({ json: answer });
    }
    default:
      return send({ json: task === 'translate' && !tokenModel ? { text } : { text, usage } });
  }
}

/** Items spread evenly over `duration` seconds. */
function timed(items: string[], duration: number): { text: string; start: number; end: number }[] {
  const step = duration / items.length;
  return items.map((text, index) => ({ text, start: round(index * step), end: round((index + 1) * step) }));
}

function round(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}

function clock(seconds: number, separator: string): string {
  const ms = Math.round(seconds * 1000);
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}${separator}${pad(ms % 1000, 3)}`;
}

/** A canonical 44-byte-header WAV's length (the fake reads only that layout). */
function wavDuration(bytes: Buffer): number | undefined {
  if (bytes.length < 44 || bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 36, 40) !== 'data') return undefined;
  return (bytes.length - 44) / bytes.readUInt32LE(28);
}
