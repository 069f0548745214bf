import type { RelayErrorInfo } from '../../ir/relay-error.js';
import type { VideoListQuery, VideoReference, VideoRequest, VideoTaskView } from '../../ir/video.js';
import { encodeOpenAIError } from './encode-error.js';
import { invalid, isObject, missing, requireObject } from '../validate.js';

// OpenAI's video API (`/v1/videos`): the client's wire in and out. The answers are the
// relay's own tasks (store/video-tasks.ts), never the upstream's objects.

/** OpenAI's defaults for what a create call leaves out. */
const DEFAULT_MODEL = 'sora-2';
const DEFAULT_SECONDS = 4;
const DEFAULT_SIZE = '720x1280';
const MAX_PROMPT = 32_000;
/** Beyond any clip the upstreams make: the bound a reservation is priced by must stay sane. */
const MAX_SECONDS = 120;
const MAX_LIST = 100;
const DEFAULT_LIST = 20;

export interface VideoCodec {
  /**
   * A create call's fields (a JSON body, or the text fields of a multipart one, where every
   * value is a string) and its uploaded reference file, if any.
   */
  decode(fields: unknown, upload?: Extract<VideoReference, { file: unknown }>): VideoRequest;
  decodeListQuery(query: URLSearchParams): VideoListQuery;
  encodeVideo(task: VideoTaskView): unknown;
  encodeList(tasks: readonly VideoTaskView[], hasMore: boolean): unknown;
  encodeDeleted(id: string): unknown;
  encodeError(error: RelayErrorInfo): unknown;
}

export const openaiVideoCodec: VideoCodec = {
  decode: decodeVideoRequest,
  decodeListQuery,
  encodeVideo,
  encodeList: (tasks, hasMore) => ({ object: 'list', data: tasks.map(encodeVideo), first_id: tasks[0]?.id ?? null, last_id: tasks.at(-1)?.id ?? null, has_more: hasMore }),
  encodeDeleted: (id) => ({ id, object: 'video.deleted', deleted: true }),
  encodeError: encodeOpenAIError,
};

function decodeVideoRequest(fields: unknown, upload?: Extract<VideoReference, { file: unknown }>): VideoRequest {
  const body = requireObject(fields, 'body');
  const model = body.model ?? DEFAULT_MODEL;
  if (typeof model !== 'string' || model === '') throw invalid('model', "Invalid 'model': expected the name of a video model.", 'invalid_type');
  const prompt = body.prompt;
  if (prompt === undefined || prompt === null || prompt === '') throw missing('prompt');
  if (typeof prompt !== 'string') throw invalid('prompt', "Invalid type for 'prompt': expected a string.", 'invalid_type');
  if (prompt.length > MAX_PROMPT) throw invalid('prompt', `Invalid 'prompt': string too long. Expected a string with maximum length ${MAX_PROMPT}, but got a string with length ${prompt.length} instead.`, 'string_above_max_length');
  const request: VideoRequest = { model, prompt, seconds: decodeSeconds(body.seconds), size: decodeSize(body.size) };
  const reference = upload ?? decodeReference(body.input_reference);
  if (reference) request.reference = reference;
  return request;
}

/** A string as the API types it ("8"; every multipart value is one), or a number. */
function decodeSeconds(value: unknown): number {
  if (value === undefined || value === null || value === '') return DEFAULT_SECONDS;
  const seconds = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  if (typeof seconds !== 'number' || !Number.isInteger(seconds) || seconds < 1 || seconds > MAX_SECONDS) {
    throw invalid('seconds', `Invalid 'seconds': expected a whole number of seconds such as "4", "8" or "12", but got ${JSON.stringify(value)}.`);
  }
  return seconds;
}

function decodeSize(value: unknown): string {
  if (value === undefined || value === null || value === '') return DEFAULT_SIZE;
  if (typeof value !== 'string' || !/^\d{2,5}x\d{2,5}$/.test(value)) {
    throw invalid('size', `Invalid 'size': expected width x height such as "720x1280" or "1280x720", but got ${JSON.stringify(value)}.`);
  }
  return value;
}

/** The JSON form: `{image_url}` or `{file_id}`, exactly one (a multipart body may carry it as JSON text). */
function decodeReference(value: unknown): VideoReference | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  let object: unknown = value;
  if (typeof value === 'string') {
    try {
      object = JSON.parse(value);
    } catch {
      object = undefined;
    }
  }
  const imageUrl = isObject(object) ? object.image_url : undefined;
  const fileId = isObject(object) ? object.file_id : undefined;
  if (typeof imageUrl === 'string' && imageUrl !== '' && fileId === undefined) return { imageUrl };
  if (typeof fileId === 'string' && fileId !== '' && imageUrl === undefined) return { fileId };
  throw invalid('input_reference', "Invalid 'input_reference': expected an uploaded file, or an object with exactly one of 'image_url' or 'file_id'.");
}

function decodeListQuery(query: URLSearchParams): VideoListQuery {
  const limitText = query.get('limit');
  const limit = limitText === null || limitText === '' ? DEFAULT_LIST : Number(limitText);
  if (!Number.isInteger(limit) || limit < 0 || limit > MAX_LIST) throw invalid('limit', `Invalid 'limit': expected a whole number from 0 to ${MAX_LIST}.`);
  const order = query.get('order') || 'desc';
  if (order !== 'asc' && order !== 'desc') throw invalid('order', "Invalid 'order': expected 'asc' or 'desc'.");
  const after = query.get('after') || undefined;
  return after === undefined ? { limit, order } : { limit, order, after };
}

const seconds = (ms: number) => Math.floor(ms / 1000);

/** The video object (OpenAI's VideoResource) of a relay task. */
function encodeVideo(task: VideoTaskView) {
  return {
    id: task.id,
    object: 'video',
    model: task.model,
    status: task.status,
    progress: task.progress,
    created_at: seconds(task.createdAt),
    completed_at: task.status === 'completed' && task.finishedAt > 0 ? seconds(task.finishedAt) : null,
    expires_at: task.expiresAt > 0 ? task.expiresAt : null,
    // Not kept: a prompt is the caller's content, and the state file holds no content.
    prompt: null,
    size: task.size,
    seconds: task.seconds,
    remixed_from_video_id: null,
    error: task.error,
  };
}
