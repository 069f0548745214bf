import { countTokens, promptText } from '../billing/estimate-tokens.js';
import { choices, limitOutputTokens, outputTokenBound, promptTokenBound } from '../billing/token-bounds.js';
import type { RelayRouteHandler } from '../http/relay-router.js';
import type { ChatRequest } from '../ir/chat-request.js';
import type { Usage } from '../ir/usage.js';
import type { ClientCodec } from '../protocols/types.js';
import { attemptUpstream } from './attempt.js';
import { callRoute } from './call-lifecycle.js';
import { chatSession } from './session-affinity.js';
import type { FamilyPipeline } from './call-lifecycle.js';
import type { Authorize, RelayDeps } from './relay-deps.js';
import type { CallBound } from './reserve.js';
import { buildUpstreamRequest } from './upstream-request.js';

/** A chat call: the IR request, the client's body (for a pass-through) and the codec's context. */
export interface ChatCall {
  request: ChatRequest;
  raw: unknown;
  context: unknown;
}

/** Chat on the one call lifecycle, for the client protocol `codec`. */
export function chatRoute(codec: ClientCodec, deps: RelayDeps, authorize?: Authorize): RelayRouteHandler {
  return callRoute(chatFamily(codec), deps, authorize);
}

export function chatFamily(codec: ClientCodec): FamilyPipeline<ChatCall> {
  return {
    family: 'chat',
    routeFacts: codec.routeFacts,
    decode(raw, route, warnings) {
      const { request, context } = codec.decodeRequest(raw, route, warnings);
      return { model: request.model, stream: request.stream, call: { request, raw, context } };
    },
    estimate: (call, defaultOutputTokens) => chatBound(codec, call, defaultOutputTokens),
    session: (call, req) => chatSession(call.request, req),
    prepare(call, target) {
      const { request, raw, context } = call;
      // Spreads last: V8 (Node 20) builds `{ ...a, b, c }` ~40× slower than `{ b, c, ...a }`, and this runs on every call.
      const { adapter, upstream, passthrough, upstreamModel } = buildUpstreamRequest({ codec, request, raw, ...target });
      return {
        upstreamModel,
        send: (limits) => attemptUpstream({ codec, adapter, request, codecContext: context, upstream, passthrough, endpoint: target.endpoint, ...limits }),
      };
    },
    // An upstream that reports nothing (or only zeros) is counted locally.
    meter(call, answered) {
      const usage = answered.usage;
      if (usage && usage.inputTokens + usage.outputTokens > 0) return answered.streamError || answered.clientGone ? atLeastDelivered(usage, answered.outputText) : usage;
      return countedLocally(call.request, answered.outputText);
    },
    encodeError: (error) => codec.encodeError(error),
  };
}

async function countedLocally(request: ChatRequest, outputText: string): Promise<Usage> {
  return { inputTokens: await countTokens(promptText(request)), outputTokens: await countTokens(outputText), estimated: true };
}

/**
 * An answer cut short (by the upstream or the client) may have reported its usage before its
 * output (Anthropic's message_start counts 1 output token, the rest comes at its end): it is
 * billed for the text it delivered when that counts more.
 */
async function atLeastDelivered(usage: Usage, outputText: string): Promise<Usage> {
  if (outputText === '') return usage;
  const delivered = await countTokens(outputText);
  return delivered > usage.outputTokens ? { ...usage, outputTokens: delivered } : usage;
}

/**
 * The most a chat call can use (relay/billing/token-bounds.ts). A lowered output limit goes
 * into the IR and, for a pass-through, into the client's body.
 */
export function chatBound(codec: ClientCodec, call: Pick<ChatCall, 'request' | 'raw'>, defaultOutputTokens: number): CallBound {
  const { request } = call;
  return {
    promptTokens: promptTokenBound(request),
    outputTokens: outputTokenBound(request, defaultOutputTokens),
    choices: choices(request),
    callLimit: request.maxOutputTokens,
    limitOutput(tokens) {
      limitOutputTokens(request, tokens);
      codec.passthrough?.limitOutput(call.raw, tokens);
    },
  };
}
