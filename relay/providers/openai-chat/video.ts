import type { VideoJob, VideoRequest, VideoStatus } from '../../ir/video.js';
import { VIDEO_STATUSES } from '../../ir/video.js';
import { numberAt, objectAt, stringAt } from '../../wire/json-access.js';
import { multipartBody } from '../../wire/multipart-body.js';
import { parseOpenAIError } from '../../wire/openai-chat/parse-error.js';
import type { UpstreamBody, UpstreamRequest, UpstreamTarget, VideoAdapter } from '../types.js';
import { bearer, bearerJsonRequest, joinV1 } from './adapter.js';

/** OpenAI's video API (`/v1/videos`): Sora jobs created, read, downloaded and deleted by their id. */
export const openaiVideoAdapter: VideoAdapter = {
  buildCreateRequest,
  buildJobRequest(action, upstreamId, target, variant) {
    const url = joinV1(target.baseUrl, `videos/${encodeURIComponent(upstreamId)}${action === 'content' ? '/content' : ''}`);
    const query = action === 'content' && variant ? `?variant=${encodeURIComponent(variant)}` : '';
    return { method: action === 'delete' ? 'DELETE' : 'GET', url: url + query, headers: bearer(target), body: '' };
  },
  parseJob,
  parseError: parseOpenAIError,
};

/** JSON, as OpenAI takes it too, unless a file is uploaded: then the form the SDK sends. */
function buildCreateRequest(request: VideoRequest, target: UpstreamTarget): UpstreamRequest<UpstreamBody> {
  const url = joinV1(target.baseUrl, 'videos');
  const fields: Record<string, string> = { model: target.model, prompt: request.prompt, seconds: String(request.seconds) };
  if (request.size) fields.size = request.size;
  const reference = request.reference;
  if (reference && 'file' in reference) {
    const { file } = reference;
    const form = multipartBody([...Object.entries(fields).map(([name, value]) => ({ name, value })), { name: 'input_reference', ...file }]);
    return { url, headers: { 'content-type': form.contentType, ...bearer(target) }, body: form.body };
  }
  const body: Record<string, unknown> = { ...fields };
  if (reference) body.input_reference = 'imageUrl' in reference ? { image_url: reference.imageUrl } : { file_id: reference.fileId };
  return bearerJsonRequest(url, body, target);
}

/** A VideoResource → the job; undefined for an answer without an id (not a video object). */
function parseJob(body: unknown): VideoJob | undefined {
  const id = stringAt(body, 'id');
  if (!id) return undefined;
  const status = stringAt(body, 'status');
  const job: VideoJob = {
    id,
    status: (VIDEO_STATUSES as readonly string[]).includes(status ?? '') ? (status as VideoStatus) : 'queued',
    progress: Math.min(100, Math.max(0, Math.round(numberAt(body, 'progress') ?? 0))),
  };
  const seconds = Number(stringAt(body, 'seconds') ?? numberAt(body, 'seconds'));
  if (Number.isFinite(seconds) && seconds > 0) job.seconds = seconds;
  const size = stringAt(body, 'size');
  if (size) job.size = size;
  const error = objectAt(body, 'error');
  if (error) job.error = { code: stringAt(error, 'code') ?? 'video_failed', message: stringAt(error, 'message') ?? 'The video could not be generated.' };
  const completedAt = numberAt(body, 'completed_at');
  if (completedAt) job.completedAt = completedAt;
  const expiresAt = numberAt(body, 'expires_at');
  if (expiresAt) job.expiresAt = expiresAt;
  return job;
}
