// A fake of OpenAI's video API (`/v1/videos`, Sora) as the OpenAPI description shapes it: a job
// created from JSON or the SDK's form (refused 400 in OpenAI's shape for a missing prompt, a
// length or size it does not make), that goes queued → in_progress → completed as time passes
// (`msToComplete`), or fails with `error {code, message}` when its prompt says `[fail]`; its
// content a small MP4 (an ftyp box first) once completed; retrieve, list and delete.
import { randomBytes } from 'node:crypto';
import type { Answer, RecordedRequest } from './harness.js';

export interface FakeVideoOptions {
  /** From creation to completed, ms (default 400); a test may change it on the fly (`speed`). */
  msToComplete?: number;
  /** What a job whose prompt contains `[fail]` fails with. */
  failure?: { code: string; message: string };
  /** Bytes of the MP4's media data (default 200 KB), so that a download takes several chunks. */
  mediaBytes?: number;
  /** How long a job's status takes to answer (ms, default 0). */
  statusDelayMs?: number;
}

interface Job {
  id: string;
  model: string;
  prompt: string;
  seconds: string;
  size: string;
  createdMs: number;
  fails: boolean;
  hasReference: boolean;
  deleted: boolean;
}

export interface FakeVideoApi {
  /** Mutable: how long jobs take from now on (ms). */
  speed: { msToComplete: number };
  jobs: Map<string, Job>;
  /** The most status requests of one job that were ever open at once. */
  maxConcurrentPolls: number;
  /** The answer to a `/v1/videos…` request, or undefined for another path. */
  answer(request: RecordedRequest): Answer | undefined;
}

const SECONDS = ['4', '8', '12'];
const SIZES = ['720x1280', '1280x720', '1024x1792', '1792x1024'];
const DEFAULT_FAILURE = { code: 'moderation_blocked', message: 'Your request was blocked by our moderation system.' };

export function fakeVideoApi(options: FakeVideoOptions = {}): FakeVideoApi {
  const speed = { msToComplete: options.msToComplete ?? 400 };
  const jobs = new Map<string, Job>();
  const mp4 = fakeMp4(options.mediaBytes ?? 200_000);

  /** Where a job stands now: 10% of its time queued, then in progress, then done (or failed halfway). */
  const resource = (job: Job) => {
    const share = (Date.now() - job.createdMs) / speed.msToComplete;
    const failed = job.fails && share >= 0.5;
    const status = failed ? 'failed' : share >= 1 ? 'completed' : share >= 0.1 ? 'in_progress' : 'queued';
    const progress = status === 'completed' ? 100 : status === 'queued' ? 0 : Math.min(99, Math.floor(share * 100));
    const createdAt = Math.floor(job.createdMs / 1000);
    return {
      id: job.id,
      object: 'video',
      model: job.model,
      status,
      progress,
      created_at: createdAt,
      completed_at: status === 'completed' ? Math.floor(Date.now() / 1000) : null,
      expires_at: status === 'completed' ? createdAt + 86_400 : null,
      prompt: job.prompt,
      size: job.size,
      seconds: job.seconds,
      remixed_from_video_id: null,
      error: failed ? (options.failure ?? DEFAULT_FAILURE) : null,
    };
  };

  const polling = new Map<string, number>();
  /** A job's status, answered after `statusDelayMs`, counting the requests of it open at once. */
  const status = (job: Job): Answer => ({
    async respond(res) {
      const open = (polling.get(job.id) ?? 0) + 1;
      polling.set(job.id, open);
      api.maxConcurrentPolls = Math.max(api.maxConcurrentPolls, open);
      await new Promise((resolve) => setTimeout(resolve, options.statusDelayMs ?? 0));
      polling.set(job.id, (polling.get(job.id) ?? 1) - 1);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(resource(job)));
    },
  });

  const find = (id: string) => {
    const job = jobs.get(id);
    return job && !job.deleted ? job : undefined;
  };

  const api: FakeVideoApi = {
    speed,
    jobs,
    maxConcurrentPolls: 0,
    answer(request) {
      const match = /^\/v1\/videos(?:\/([^/]+))?(\/content)?$/.exec(request.path);
      if (!match) return undefined;
      const [, id, content] = match;
      if (!id && request.method === 'POST') return create(request);
      if (!id && request.method === 'GET') {
        const all = [...jobs.values()].filter((job) => !job.deleted).reverse().map(resource);
        return { json: { object: 'list', data: all, first_id: all[0]?.id ?? null, last_id: all.at(-1)?.id ?? null, has_more: false } };
      }
      const job = id ? find(id) : undefined;
      if (!job) return openAIError(404, `Video with id '${id}' not found.`, 'invalid_request_error', 'video_not_found', 'video_id');
      const now = resource(job);
      if (content) {
        if (now.status !== 'completed') return openAIError(400, `Video is not ready yet, current status: ${now.status}.`, 'invalid_request_error', 'video_not_ready', null);
        return { respond: (res) => void res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': mp4.length }).end(mp4) };
      }
      if (request.method === 'DELETE') {
        if (now.status !== 'completed' && now.status !== 'failed') return openAIError(400, 'Only completed or failed videos can be deleted.', 'invalid_request_error', 'invalid_video_state', null);
        job.deleted = true;
        return { json: { id: job.id, object: 'video.deleted', deleted: true } };
      }
      return status(job);
    },
  };
  return api;

  function create(request: RecordedRequest): Answer {
    return {
      async respond(res) {
        const fields = await createFields(request);
        const reply = (status: number, body: unknown) => void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
        const refuse = (message: string, param: string) => reply(400, { error: { message, type: 'invalid_request_error', param, code: 'invalid_value' } });
        if (typeof fields.prompt !== 'string' || fields.prompt === '') return refuse("Missing required parameter: 'prompt'.", 'prompt');
        const seconds = String(fields.seconds ?? '4');
        if (!SECONDS.includes(seconds)) return refuse(`Invalid value: '${seconds}'. Supported values are: '4', '8', and '12'.`, 'seconds');
        const size = String(fields.size ?? '720x1280');
        if (!SIZES.includes(size)) return refuse(`Invalid value: '${size}'. Supported values are: ${SIZES.map((s) => `'${s}'`).join(', ')}.`, 'size');
        const job: Job = {
          id: `video_${randomBytes(20).toString('hex')}`,
          model: String(fields.model ?? 'sora-2'),
          prompt: fields.prompt,
          seconds,
          size,
          createdMs: Date.now(),
          fails: fields.prompt.includes('[fail]'),
          hasReference: fields.input_reference !== undefined,
          deleted: false,
        };
        jobs.set(job.id, job);
        reply(200, resource(job));
      },
    };
  }
}

/** A JSON body's fields, or a form's (a file part as `input_reference` present). */
async function createFields(request: RecordedRequest): Promise<Record<string, any>> {
  const type = String(request.headers['content-type'] ?? '');
  if (!type.startsWith('multipart/form-data')) return request.body ?? {};
  const form = await new Response(request.rawBytes, { headers: { 'content-type': type } }).formData();
  return Object.fromEntries(form.entries());
}

function openAIError(status: number, message: string, type: string, code: string, param: string | null): Answer {
  return { status, json: { error: { message, type, param, code } } };
}

/** An ISO base media file: an `ftyp` box (isom, mp41), then `mdat` of `mediaBytes`. */
export function fakeMp4(mediaBytes: number): Buffer {
  const ftyp = Buffer.concat([u32(32), Buffer.from('ftypisom'), u32(0x200), Buffer.from('isomiso2avc1mp41')]);
  const media = Buffer.alloc(mediaBytes, 0x5a);
  return Buffer.concat([ftyp, u32(8 + mediaBytes), Buffer.from('mdat'), media]);
}

function u32(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
}
