import type { IncomingMessage, ServerResponse } from 'node:http';
import { isMultipart, readMultipart } from '../http/multipart.js';
import type { RelayRouteHandler } from '../http/relay-router.js';
import { formFiles } from '../ir/multipart-form.js';
import { RelayError } from '../ir/relay-error.js';
import type { VideoJob, VideoReference, VideoRequest } from '../ir/video.js';
import type { VideoCodec } from '../protocols/openai-chat/video-codec.js';
import { videoAdapterFor } from '../providers/registry.js';
import { mapModel } from '../routing/select-channel.js';
import { callSettings, uploadMaxBytes } from '../settings.js';
import type { ChannelRecord } from '../store/schema.js';
import { callRoute } from './call-lifecycle.js';
import type { FamilyPipeline, HeldCall } from './call-lifecycle.js';
import { parseJsonBody, readBody } from './read-body.js';
import type { RelayDeps } from './relay-deps.js';
import { failure, readWholeJson, sendUpstream, writeJson } from './send-upstream.js';
import { videoTaskView } from '../store/video-tasks.js';

/** A create call as decoded, and the job the upstream that took it answered. */
export interface VideoCall {
  request: VideoRequest;
  job?: VideoJob;
}

/** A create call's fields, from a JSON body or a form (text fields, and the reference file). */
interface VideoBody {
  fields: unknown;
  upload?: Extract<VideoReference, { file: unknown }>;
}

const FORM_FIELDS = ['model', 'prompt', 'seconds', 'size', 'input_reference'];

/** `POST /v1/videos` on the one call lifecycle: the call ends when the upstream took the job; the task runs on. */
export function videoCreateRoute(codec: VideoCodec, deps: RelayDeps): RelayRouteHandler {
  return callRoute(videoFamily(codec, deps), deps);
}

export function videoFamily(codec: VideoCodec, deps: RelayDeps): FamilyPipeline<VideoCall> {
  return {
    family: 'video',
    readBody: (req, res) => readVideoBody(req, res, deps),
    decode(raw) {
      const body = raw as VideoBody;
      const request = codec.decode(body.fields, body.upload);
      return { model: request.model, stream: false, call: { request } };
    },
    // Reserved by the seconds and size asked: a video is priced per second (unit_prices.seconds) and by size (size_ratios).
    estimate: ({ request }) => ({ promptTokens: 0, outputTokens: 0, choices: 1, units: { seconds: request.seconds }, size: request.size }),
    refusal: (_call, channel) => (videoAdapterFor(channel) ? undefined : noVideoApi(channel)),
    prepare(call, target) {
      const { channel, endpoint } = target;
      const adapter = videoAdapterFor(channel);
      if (!adapter) throw noVideoApi(channel);
      const upstreamModel = mapModel(channel, call.request.model);
      const upstream = adapter.buildCreateRequest(call.request, endpoint.target(upstreamModel, channel.settings));
      upstream.headers = endpoint.headers(upstream.headers);
      return {
        upstreamModel,
        send(limits) {
          const options = { upstream, endpoint, parseError: adapter.parseError, ...limits };
          return sendUpstream(options, {
            streamed: false,
            async read(response) {
              const whole = await readWholeJson(options, response);
              if ('ok' in whole) return whole;
              const job = adapter.parseJob(whole.json);
              // A 200 without a job (a proxy's page, a wrong path) started nothing: try elsewhere.
              if (!job) return failure(options, { status: 502, kind: 'upstream', message: `The upstream answered without a video job: ${whole.text.slice(0, 200)}` }, 502, true);
              call.job = job;
              return { ok: true, usage: undefined, outputText: '', firstByteMs: whole.firstByteMs, clientGone: false };
            },
          });
        },
      };
    },
    // What the call would cost now: the seconds the job makes (else those asked); the task settles by what the upstream made.
    meter: async ({ request, job }) => ({ inputTokens: 0, outputTokens: 0, units: { seconds: job?.seconds ?? request.seconds }, size: job?.size ?? request.size }),
    hold: (call, held, res) => startTask(call, held, res, codec, deps),
    encodeError: (error) => codec.encodeError(error),
  };
}

/** Saves the task (on disk before the client learns its id), hands it to the poller, and answers it. */
async function startTask(call: VideoCall, held: HeldCall, res: ServerResponse, codec: VideoCodec, deps: RelayDeps): Promise<void> {
  const job = call.job!;
  const task = await deps.store.videoTasks.create({
    user_id: held.caller.user.id,
    token_id: held.caller.token.id,
    channel_id: held.channel.id,
    key_index: held.keyIndex,
    upstream_id: job.id,
    model: call.request.model,
    upstream_model: held.upstreamModel,
    seconds: String(job.seconds ?? call.request.seconds),
    size: job.size ?? call.request.size ?? '',
    status: job.status,
    progress: job.progress,
    error: job.error ?? null,
    created_at: Date.now(),
    finished_at: 0,
    expires_at: job.expiresAt ?? 0,
    reservation_id: held.reservation.id,
    billing: 'open',
    price: held.price ?? null,
    group_ratio: held.groupRatio,
    log: held.log,
  });
  // The reservation now outlives the call: whichever instance follows the task closes it.
  await deps.store.quota.detach?.(held.reservation.id);
  deps.videoPoller.follow(task.id);
  writeJson(res, JSON.stringify(codec.encodeVideo(videoTaskView(task))));
}

async function readVideoBody(req: IncomingMessage, res: ServerResponse, deps: RelayDeps): Promise<VideoBody> {
  if (!isMultipart(req)) return { fields: parseJsonBody(await readBody(req, res)) };
  const limits = uploadMaxBytes(callSettings(deps.store.catalog), 'image');
  const form = await readMultipart(req, res, { ...limits, files: 1, fileFields: ['input_reference'], textFields: FORM_FIELDS });
  const fields: Record<string, string> = {};
  for (const [name, value] of form.fields) fields[name] ??= value;
  const [file] = formFiles(form, 'input_reference');
  return file ? { fields, upload: { file: { filename: file.filename, contentType: file.contentType, bytes: file.bytes } } } : { fields };
}

function noVideoApi(channel: ChannelRecord): RelayError {
  return new RelayError(400, 'invalid_request', `The channel ${channel.name} has no video API; an administrator should take video off its families.`, 'video_not_supported');
}
