import { countTokens } from '../billing/estimate-tokens.js';
import type { RelayRouteHandler } from '../http/relay-router.js';
import type { EmbeddingsRequest } from '../ir/embeddings.js';
import { RelayError } from '../ir/relay-error.js';
import type { Usage } from '../ir/usage.js';
import type { EmbeddingsCodec, RouteFacts } from '../protocols/types.js';
import { embeddingsAdapterFor } from '../providers/registry.js';
import type { EmbeddingsAdapter } from '../providers/types.js';
import { mapModel } from '../routing/select-channel.js';
import type { ChannelRecord } from '../store/schema.js';
import { callRoute } from './call-lifecycle.js';
import type { AttemptLimits, FamilyPipeline } from './call-lifecycle.js';
import type { RelayDeps } from './relay-deps.js';
import { parseAnswer, readWholeText, sendUpstream, writeJson } from './send-upstream.js';
import type { AttemptOutcome, SendOptions } from './send-upstream.js';

/** An embeddings call: the IR request and the client's body (for a pass-through). */
export interface EmbeddingsCall {
  request: EmbeddingsRequest;
  raw: unknown;
}

/** Embeddings asked on the wire of `codec`, on the one call lifecycle. */
export function embeddingsRoute(codec: EmbeddingsCodec, deps: RelayDeps): RelayRouteHandler {
  return callRoute(embeddingsFamily(codec), deps);
}

export function embeddingsFamily(codec: EmbeddingsCodec): FamilyPipeline<EmbeddingsCall> {
  return {
    family: 'embeddings',
    routeFacts: codec.routeFacts,
    decode(raw, route, warnings) {
      const request = codec.decode(raw, route, warnings);
      return { model: request.model, stream: false, call: { request, raw } };
    },
    // No output tokens: the input, bounded by its bytes (a token is at least one) or its token ids.
    estimate: (call) => ({ promptTokens: call.request.inputs.reduce((sum, input) => sum + inputBound(input), 0), outputTokens: 0, choices: 1 }),
    // A channel told to serve embeddings whose kind has no embeddings endpoint (advanced custom, Anthropic…) is left out.
    refusal: (_call, channel) => (embeddingsAdapterFor(channel) ? undefined : noEmbeddingsEndpoint(channel)),
    prepare(call, target) {
      const { channel, endpoint } = target;
      const adapter = embeddingsAdapterFor(channel);
      if (!adapter) throw noEmbeddingsEndpoint(channel);
      const upstreamModel = mapModel(channel, call.request.model);
      const upstreamTarget = endpoint.target(upstreamModel, channel.settings);
      // An upstream speaking the client's wire gets the client's own body.
      const passthrough = adapter.protocol === codec.protocol && adapter.buildPassthroughRequest !== undefined && codec.passthroughAnswer !== undefined;
      const upstream = passthrough
        ? adapter.buildPassthroughRequest!(call.raw as Record<string, unknown>, upstreamTarget)
        : adapter.buildEmbeddingsRequest(call.request, upstreamTarget);
      upstream.headers = endpoint.headers(upstream.headers);
      return {
        upstreamModel,
        send: (limits) => sendEmbeddings({ upstream, endpoint, parseError: adapter.parseError, ...limits }, { adapter, codec, call, route: target.route, passthrough }),
      };
    },
    meter: (call, answered) => answered.usage ?? countInput(call.request),
    encodeError: (error) => codec.encodeError(error),
  };
}

interface EmbeddingsAttempt {
  adapter: EmbeddingsAdapter;
  codec: EmbeddingsCodec;
  call: EmbeddingsCall;
  route: RouteFacts;
  passthrough: boolean;
}

function sendEmbeddings(options: SendOptions & AttemptLimits, attempt: EmbeddingsAttempt): Promise<AttemptOutcome> {
  const { adapter, codec, call, passthrough } = attempt;
  return sendUpstream(options, {
    streamed: false,
    async read(response) {
      const whole = await readWholeText(options, response);
      if ('ok' in whole) return whole;
      const { text, firstByteMs } = whole;
      const asIs = passthrough ? codec.passthroughAsIs?.(text, call.request) : undefined;
      if (asIs) {
        writeJson(options.res, text);
        return { ok: true, usage: asIs, outputText: '', firstByteMs, clientGone: false };
      }
      const parsed = parseAnswer(options, text);
      if ('ok' in parsed) return parsed;
      const result = adapter.parseEmbeddingsResponse(parsed.json);
      // An upstream that reports no usage (Gemini's batchEmbedContents) is counted locally.
      const usage = result.usage && result.usage.inputTokens > 0 ? result.usage : await countInput(call.request);
      const body = passthrough ? codec.passthroughAnswer!(text, parsed.json, call.request) : JSON.stringify(codec.encodeResponse(result, call.request, usage, attempt.route));
      writeJson(options.res, body);
      return { ok: true, usage, outputText: '', firstByteMs, clientGone: false };
    },
  });
}

function noEmbeddingsEndpoint(channel: ChannelRecord): RelayError {
  return new RelayError(400, 'invalid_request', `The channel ${channel.name} has no embeddings endpoint; an administrator should take embeddings off its families.`, 'embeddings_not_supported');
}

function inputBound(input: string | number[]): number {
  return typeof input === 'string' ? Buffer.byteLength(input) : input.length;
}

async function countInput(request: EmbeddingsRequest): Promise<Usage> {
  let tokens = 0;
  for (const input of request.inputs) tokens += typeof input === 'string' ? await countTokens(input) : input.length;
  return { inputTokens: tokens, outputTokens: 0, estimated: true };
}
