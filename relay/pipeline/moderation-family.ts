import { countTokens } from '../billing/estimate-tokens.js';
import type { RelayRouteHandler } from '../http/relay-router.js';
import { moderationTexts } from '../ir/moderation.js';
import type { ModerationRequest } from '../ir/moderation.js';
import { RelayError } from '../ir/relay-error.js';
import type { Usage } from '../ir/usage.js';
import type { ModerationCodec } from '../protocols/types.js';
import { moderationAdapterFor } from '../providers/registry.js';
import type { ModerationAdapter } from '../providers/types.js';
import { mapModel } from '../routing/select-channel.js';
import { callSettings } from '../settings.js';
import type { ChannelRecord } from '../store/schema.js';
import { callRoute } from './call-lifecycle.js';
import type { AttemptLimits, FamilyPipeline } from './call-lifecycle.js';
import type { RelayDeps } from './relay-deps.js';
import { failure, readWholeJson, sendUpstream, writeJson } from './send-upstream.js';
import type { AttemptOutcome, SendOptions } from './send-upstream.js';

/** A moderation call: the IR request and the client's body (for a pass-through). */
export interface ModerationCall {
  request: ModerationRequest;
  raw: unknown;
}

/** Moderation asked on the wire of `codec`; a call without a model is routed as `default_moderation_model`. */
export function moderationRoute(codec: ModerationCodec, deps: RelayDeps): RelayRouteHandler {
  return callRoute(moderationFamily(codec, () => callSettings(deps.store.catalog).default_moderation_model), deps);
}

export function moderationFamily(codec: ModerationCodec, defaultModel: () => string): FamilyPipeline<ModerationCall> {
  return {
    family: 'moderation',
    decode(raw) {
      const request = codec.decode(raw, defaultModel());
      return { model: request.model, stream: false, call: { request, raw } };
    },
    // The text at a token per UTF-8 byte at most; nothing is output (the lifecycle adds the one request).
    estimate: (call) => ({ promptTokens: moderationTexts(call.request).reduce((sum, text) => sum + Buffer.byteLength(text), 0), outputTokens: 0, choices: 1 }),
    // A channel told to serve moderation whose kind has no moderation endpoint (Azure, Gemini…) is left out.
    refusal: (_call, channel) => (moderationAdapterFor(channel) ? undefined : noModerationEndpoint(channel)),
    prepare(call, target) {
      const { channel, endpoint } = target;
      const adapter = moderationAdapterFor(channel);
      if (!adapter) throw noModerationEndpoint(channel);
      const upstreamModel = mapModel(channel, call.request.model);
      const upstreamTarget = endpoint.target(upstreamModel, channel.settings);
      // An upstream speaking the client's wire gets the client's own body, and its answer goes back as it came.
      const passthrough = adapter.protocol === codec.protocol && adapter.buildPassthroughRequest !== undefined;
      const upstream = passthrough
        ? adapter.buildPassthroughRequest!(call.raw as Record<string, unknown>, upstreamTarget)
        : adapter.buildModerationRequest(call.request, upstreamTarget);
      upstream.headers = endpoint.headers(upstream.headers);
      return {
        upstreamModel,
        send: (limits) => sendModeration({ upstream, endpoint, parseError: adapter.parseError, ...limits }, { adapter, codec, request: call.request, passthrough }),
      };
    },
    meter: (call) => meterModeration(call.request),
    encodeError: (error) => codec.encodeError(error),
  };
}

function noModerationEndpoint(channel: ChannelRecord): RelayError {
  return new RelayError(400, 'invalid_request', `The channel ${channel.name} has no moderation endpoint.`, 'moderation_not_supported');
}

interface ModerationAttempt {
  adapter: ModerationAdapter;
  codec: ModerationCodec;
  request: ModerationRequest;
  passthrough: boolean;
}

function sendModeration(options: SendOptions & AttemptLimits, attempt: ModerationAttempt): Promise<AttemptOutcome> {
  return sendUpstream(options, {
    streamed: false,
    async read(response) {
      const whole = await readWholeJson(options, response);
      if ('ok' in whole) return whole;
      const result = attempt.adapter.parseModerationResponse(whole.json);
      if (!result) return failure(options, { status: 502, kind: 'upstream', message: `The upstream answered without moderation results: ${whole.text.slice(0, 200)}` }, 502, true);
      writeJson(options.res, attempt.passthrough ? whole.text : JSON.stringify(attempt.codec.encodeResponse(result, attempt.request)));
      return { ok: true, usage: undefined, outputText: '', firstByteMs: whole.firstByteMs, clientGone: false };
    },
  });
}

/**
 * The input tokens of a moderation call's text, counted by the relay (moderation answers report
 * no usage; images are not counted). With the one request the lifecycle meters for every call,
 * a moderation model can be priced per request, per token, or both.
 */
async function meterModeration(request: ModerationRequest): Promise<Usage> {
  let tokens = 0;
  for (const text of moderationTexts(request)) tokens += await countTokens(text);
  return { inputTokens: tokens, outputTokens: 0, estimated: true };
}
