import { countTokens } from '../billing/estimate-tokens.js';
import type { RelayRouteHandler } from '../http/relay-router.js';
import type { EmbeddingsRequest } from '../ir/embeddings.js';
import { RelayError } from '../ir/relay-error.js';
import type { Usage } from '../ir/usage.js';
import { decodeEmbeddingsRequest, encodeEmbeddingsResponse, passthroughEmbeddingsAnswer } from '../protocols/openai-chat/embeddings-codec.js';
import { encodeOpenAIError } from '../protocols/openai-chat/encode-error.js';
import { embeddingsAdapterFor } from '../providers/registry.js';
import type { EmbeddingsAdapter } from '../providers/types.js';
import { mapModel } from '../routing/select-channel.js';
import { callRoute } from './call-lifecycle.js';
import type { AttemptLimits, FamilyPipeline } from './call-lifecycle.js';
import type { RelayDeps } from './relay-deps.js';
import { readWholeJson, sendUpstream, writeJson } from './send-upstream.js';
import type { AttemptOutcome, SendOptions } from './send-upstream.js';

/** An embeddings call: the IR request and the client's body (for a pass-through). */
export interface EmbeddingsCall {
  request: EmbeddingsRequest;
  raw: unknown;
}

/** `POST /v1/embeddings` on the one call lifecycle. */
export function embeddingsRoute(deps: RelayDeps): RelayRouteHandler {
  return callRoute(embeddingsFamily, deps);
}

export const embeddingsFamily: FamilyPipeline<EmbeddingsCall> = {
  family: 'embeddings',
  decode(raw) {
    const request = decodeEmbeddingsRequest(raw);
    return { model: request.model, stream: false, call: { request, raw } };
  },
  // No output tokens: the input, bounded by its bytes (a token is at least one) or its token ids.
  estimate: (call) => ({ promptTokens: call.request.inputs.reduce((sum, input) => sum + inputBound(input), 0), outputTokens: 0, choices: 1 }),
  prepare(call, target) {
    const { channel, endpoint } = target;
    const adapter = embeddingsAdapterFor(channel);
    if (!adapter) throw new RelayError(400, 'invalid_request', `The channel ${channel.name} has no embeddings endpoint.`, 'embeddings_not_supported');
    const upstreamModel = mapModel(channel, call.request.model);
    const upstreamTarget = endpoint.target(upstreamModel, channel.settings);
    // The client speaks OpenAI's wire: an upstream that does too gets the client's own body.
    const passthrough = adapter.buildPassthroughRequest !== undefined;
    const upstream = passthrough
      ? adapter.buildPassthroughRequest!(call.raw as Record<string, unknown>, upstreamTarget)
      : adapter.buildEmbeddingsRequest(call.request, upstreamTarget);
    upstream.headers = endpoint.headers(upstream.headers);
    return {
      upstreamModel,
      send: (limits) => sendEmbeddings({ ...limits, upstream, endpoint, parseError: adapter.parseError }, adapter, call, passthrough),
    };
  },
  meter: async (call, answered) => answered.usage ?? (await countInput(call.request)),
  encodeError: encodeOpenAIError,
};

function sendEmbeddings(options: SendOptions & AttemptLimits, adapter: EmbeddingsAdapter, call: EmbeddingsCall, passthrough: boolean): Promise<AttemptOutcome> {
  return sendUpstream(options, {
    streamed: false,
    async read(response) {
      const whole = await readWholeJson(options, response);
      if ('ok' in whole) return whole;
      const result = adapter.parseEmbeddingsResponse(whole.json);
      // An upstream that reports no usage (Gemini's batchEmbedContents) is counted locally.
      const usage = result.usage && result.usage.inputTokens > 0 ? result.usage : await countInput(call.request);
      const body = passthrough ? passthroughEmbeddingsAnswer(whole.text, whole.json, call.request) : JSON.stringify(encodeEmbeddingsResponse(result, call.request, usage));
      writeJson(options.res, body);
      return { ok: true, usage, outputText: '', firstByteMs: whole.firstByteMs, clientGone: false };
    },
  });
}

function inputBound(input: string | number[]): number {
  return typeof input === 'string' ? Buffer.byteLength(input) : input.length;
}

async function countInput(request: EmbeddingsRequest): Promise<Usage> {
  let tokens = 0;
  for (const input of request.inputs) tokens += typeof input === 'string' ? await countTokens(input) : input.length;
  return { inputTokens: tokens, outputTokens: 0, estimated: true };
}
