import { countTokens } from '../billing/estimate-tokens.js';
import { CALL_OVERHEAD_TOKENS, MESSAGE_OVERHEAD_TOKENS, MIN_OUTPUT_TOKENS } from '../billing/token-bounds.js';
import type { RelayRouteHandler } from '../http/relay-router.js';
import type { ChatRequest } from '../ir/chat-request.js';
import type { Usage } from '../ir/usage.js';
import type { CompletionPrompt, CompletionsRequest } from '../ir/completions.js';
import type { CompletionsCodec } from '../protocols/types.js';
import { completionsAdapterFor } from '../providers/registry.js';
import { mapModel } from '../routing/select-channel.js';
import { attemptUpstream } from './attempt.js';
import { callRoute } from './call-lifecycle.js';
import type { FamilyPipeline } from './call-lifecycle.js';
import type { RelayDeps } from './relay-deps.js';
import type { CallBound } from './reserve.js';
import { buildUpstreamRequest } from './upstream-request.js';

/** A completions call: the call read as chat, the client's body, and the completions call itself. */
export interface CompletionsCall {
  request: ChatRequest;
  raw: unknown;
  context: CompletionsRequest;
}

/** Legacy text completions (`POST /v1/completions`) on the one call lifecycle. */
export function completionsRoute(codec: CompletionsCodec, deps: RelayDeps): RelayRouteHandler {
  return callRoute(completionsFamily(codec), deps);
}

/**
 * A channel whose upstream has a completions endpoint gets the client's body and answers the
 * client byte for byte (streams too); any other serving the family answers the call as chat,
 * encoded back as a `text_completion` — and is left out for a call chat cannot honour.
 */
export function completionsFamily(codec: CompletionsCodec): FamilyPipeline<CompletionsCall> {
  return {
    family: 'completions',
    decode(raw, route, warnings) {
      const { request, context } = codec.decodeRequest(raw, route, warnings);
      return { model: context.model, stream: context.stream, call: { request, raw, context } };
    },
    estimate: (call, defaultOutputTokens) => completionsBound(codec, call, defaultOutputTokens),
    refusal: (call, channel) => (completionsAdapterFor(channel) ? undefined : codec.refusalAsChat(call.context)),
    prepare(call, target) {
      const { request, raw, context } = call;
      const completions = completionsAdapterFor(target.channel);
      if (!completions) {
        const { adapter, upstream, upstreamModel } = buildUpstreamRequest({ codec, ...target, request, raw, translate: true });
        return {
          upstreamModel,
          send: (limits) => attemptUpstream({ codec, adapter, request, codecContext: context, upstream, passthrough: false, endpoint: target.endpoint, ...limits }),
        };
      }
      const upstreamModel = mapModel(target.channel, context.model);
      const upstream = completions.buildPassthroughRequest(raw as Record<string, unknown>, target.endpoint.target(upstreamModel, target.channel.settings), context.stream);
      upstream.headers = target.endpoint.headers(upstream.headers);
      return {
        upstreamModel,
        send: (limits) => attemptUpstream({ codec, adapter: completions, request, codecContext: context, upstream, passthrough: true, endpoint: target.endpoint, ...limits }),
      };
    },
    // An upstream that reports nothing (or only zeros) is counted locally.
    meter(call, answered) {
      const usage = answered.usage;
      if (usage && usage.inputTokens + usage.outputTokens > 0) return usage;
      return countedLocally(call.context, answered.outputText);
    },
    encodeError: (error) => codec.encodeError(error),
  };
}

async function countedLocally(context: CompletionsRequest, outputText: string): Promise<Usage> {
  return { inputTokens: await countPrompts(context), outputTokens: await countTokens(outputText), estimated: true };
}

/**
 * The most a call can use: every prompt (a token at least a byte, or its token ids) with the
 * suffix and a chat call's overhead; `max_tokens` (else the default reservation) for each
 * candidate of each prompt — `best_of` candidates when given (the `n` returned are among them).
 */
function completionsBound(codec: CompletionsCodec, call: CompletionsCall, defaultOutputTokens: number): CallBound {
  const { context } = call;
  const suffix = Buffer.byteLength(context.suffix ?? '');
  const promptTokens = context.prompts.reduce((sum, prompt) => sum + promptBound(prompt) + suffix, CALL_OVERHEAD_TOKENS + MESSAGE_OVERHEAD_TOKENS);
  const choices = context.prompts.length * Math.max(context.n, context.bestOf ?? 1);
  const perChoice = Math.max(context.maxTokens ?? defaultOutputTokens, MIN_OUTPUT_TOKENS);
  return {
    promptTokens,
    outputTokens: perChoice * choices,
    choices,
    callLimit: context.maxTokens,
    limitOutput(tokens) {
      context.maxTokens = tokens;
      call.request.maxOutputTokens = tokens;
      codec.passthrough.limitOutput(call.raw, tokens);
    },
  };
}

function promptBound(prompt: CompletionPrompt): number {
  return typeof prompt === 'string' ? Buffer.byteLength(prompt) : prompt.length;
}

async function countPrompts(call: CompletionsRequest): Promise<number> {
  let tokens = 0;
  for (const prompt of call.prompts) tokens += typeof prompt === 'string' ? await countTokens(prompt + (call.suffix ?? '')) : prompt.length;
  return tokens;
}
