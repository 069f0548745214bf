import type { RelayRouteHandler } from '../http/relay-router.js';
import { readMultipart } from '../http/multipart.js';
import type { ImageRequest } from '../ir/images.js';
import type { MultipartForm } from '../ir/multipart-form.js';
import { RelayError } from '../ir/relay-error.js';
import type { Usage } from '../ir/usage.js';
import { EDIT_FILE_FIELDS, EDIT_TEXT_FIELDS, MAX_EDIT_IMAGES } from '../protocols/openai-chat/images-codec.js';
import type { ImagesCodec } from '../protocols/types.js';
import { imagesAdapterFor } from '../providers/registry.js';
import type { ImagesAdapter } from '../providers/types.js';
import { mapModel } from '../routing/select-channel.js';
import { callSettings, uploadMaxBytes } from '../settings.js';
import type { Settings } from '../settings.js';
import type { ChannelRecord } from '../store/schema.js';
import { callRoute } from './call-lifecycle.js';
import type { AttemptLimits, FamilyPipeline } from './call-lifecycle.js';
import type { Authorize, RelayDeps } from './relay-deps.js';
import { failure, readWholeJson, sendUpstream, writeJson } from './send-upstream.js';
import type { AttemptOutcome, SendOptions } from './send-upstream.js';

/** An images call: the IR request and the client's body (a generation's JSON, for a pass-through). */
export interface ImagesCall {
  request: ImageRequest;
  raw: unknown;
}

/**
 * The most tokens one image can take, in or out (gpt-image-1 at high quality, 1536 px): the
 * reservation's bound for models priced by tokens; models priced per image reserve `n` images.
 */
const MAX_IMAGE_TOKENS = 6240;

/** Image generation (`generate`, a JSON body) or editing (`edit`, a multipart form) on the wire of `codec`. */
export function imagesRoute(codec: ImagesCodec, operation: ImageRequest['operation'], deps: RelayDeps, authorize?: Authorize): RelayRouteHandler {
  return callRoute(imagesFamily(codec, operation, () => callSettings(deps.store.catalog)), deps, authorize);
}

export function imagesFamily(codec: ImagesCodec, operation: ImageRequest['operation'], settings: () => Settings): FamilyPipeline<ImagesCall> {
  return {
    family: 'images',
    // An edit's images and mask, up to image_upload_max_mb each, read into memory before anything goes upstream.
    ...(operation === 'edit' && {
      readBody: (req, res) =>
        readMultipart(req, res, { ...uploadMaxBytes(settings(), 'image'), files: MAX_EDIT_IMAGES + 1, fileFields: EDIT_FILE_FIELDS, textFields: EDIT_TEXT_FIELDS }),
    }),
    decode(raw) {
      const request = operation === 'edit' ? codec.decodeEdit(raw as MultipartForm) : codec.decodeGeneration(raw);
      return { model: request.model, stream: false, call: { request, raw } };
    },
    estimate: ({ request }) => ({
      promptTokens: Buffer.byteLength(request.prompt) + request.images.length * MAX_IMAGE_TOKENS,
      outputTokens: request.n * MAX_IMAGE_TOKENS,
      choices: 1,
      units: { images: request.n },
      size: request.size,
    }),
    // A channel whose kind has no image endpoint, or cannot make these images as asked (Gemini and a URL…), is left out.
    refusal(call, channel) {
      const adapter = imagesAdapterFor(channel);
      return adapter ? adapter.refusal?.(call.request) : noImagesEndpoint(channel);
    },
    prepare(call, target) {
      const { channel, endpoint } = target;
      const adapter = imagesAdapterFor(channel);
      if (!adapter) throw noImagesEndpoint(channel);
      const upstreamModel = mapModel(channel, call.request.model);
      const upstream = adapter.buildImagesRequest(call.request, call.raw, endpoint.target(upstreamModel, channel.settings));
      upstream.headers = endpoint.headers(upstream.headers);
      return { upstreamModel, send: (limits) => sendImages({ upstream, endpoint, parseError: adapter.parseError, ...limits }, adapter, codec, call.request.size) };
    },
    // The images answered (the lifecycle adds the one request) at their size, and the tokens when the upstream reported them.
    meter: async (_call, answered) => answered.usage ?? { inputTokens: 0, outputTokens: 0 },
    encodeError: (error) => codec.encodeError(error),
  };
}

function noImagesEndpoint(channel: ChannelRecord): RelayError {
  return new RelayError(400, 'invalid_request', `The channel ${channel.name} has no image endpoint; an administrator should take images off its families.`, 'images_not_supported');
}

/** One attempt: the whole answer, OpenAI's passed through as it came, another encoded from the IR. */
function sendImages(options: SendOptions & AttemptLimits, adapter: ImagesAdapter, codec: ImagesCodec, askedSize: string | undefined): Promise<AttemptOutcome> {
  return sendUpstream(options, {
    streamed: false,
    async read(response) {
      const whole = await readWholeJson(options, response);
      if ('ok' in whole) return whole;
      const parsed = adapter.parseImagesResponse(whole.json);
      if (!parsed) return failure(options, { status: 502, kind: 'upstream', message: `The upstream answered without images: ${whole.text.slice(0, 200)}` }, 502, true);
      const { result, sameWire } = parsed;
      const made = result.extra?.size;
      const size = typeof made === 'string' ? made : askedSize;
      const usage: Usage = { ...(result.usage ?? { inputTokens: 0, outputTokens: 0 }), units: { images: result.data.length }, size };
      writeJson(options.res, sameWire && adapter.protocol === codec.protocol ? whole.text : JSON.stringify(codec.encodeResponse(result)));
      return { ok: true, usage, outputText: '', firstByteMs: whole.firstByteMs, clientGone: false };
    },
  });
}
