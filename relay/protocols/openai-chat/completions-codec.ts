import type { ChatRequest } from '../../ir/chat-request.js';
import { DEFAULT_COMPLETION_TOKENS } from '../../ir/completions.js';
import type { CompletionPrompt, CompletionsRequest } from '../../ir/completions.js';
import type { RelayError } from '../../ir/relay-error.js';
import { fromChatUsage } from '../../wire/openai-chat/convert-usage.js';
import type { CompletionsCodec } from '../types.js';
import { invalid, isObject, missing, optionalBoolean, optionalNumber, optionalString, requireObject, setDefined } from '../validate.js';
import type { Json } from '../validate.js';
import { decodeStop } from './decode-request.js';
import { CompletionStreamEncoder, encodeCompletion } from './completions-encode.js';
import { encodeOpenAIError } from './encode-error.js';
import { ChatPassthroughTap } from './passthrough.js';

// `POST /v1/completions` (legacy text completions) of the OpenAI API: the client's wire in and
// out. A completions endpoint upstream gets the client's body; a chat upstream is sent the
// call read as chat, and its answer goes back as a `text_completion`.

export const openaiCompletionsCodec: CompletionsCodec = {
  protocol: 'openai-chat',
  decodeRequest(body) {
    const call = decodeCompletionsRequest(body);
    return { request: asChatRequest(call, body as Json), context: call };
  },
  encodeResponse: (result, _request, call) => encodeCompletion(result, call),
  createStreamEncoder: (_request, call) => new CompletionStreamEncoder(call),
  encodeError: encodeOpenAIError,
  refusalAsChat,
  passthrough: {
    usageMember: 'usage',
    usageOf: fromChatUsage,
    createStreamTap: (_request, call) => new CompletionsPassthroughTap(call.streamUsage),
    limitOutput: (body, tokens) => {
      if (isObject(body)) body.max_tokens = tokens;
    },
  },
};

/** A completions body → the IR call, checking OpenAI's documented limits. */
export function decodeCompletionsRequest(input: unknown): CompletionsRequest {
  const body = requireObject(input, 'body');
  if (typeof body.model !== 'string' || body.model === '') throw missing('model', 'you must provide a model parameter');
  const stream = optionalBoolean(body, 'stream') ?? false;
  const n = optionalNumber(body, 'n', { min: 1, max: 128, integer: true }) ?? 1;
  const call: CompletionsRequest = {
    model: body.model,
    prompts: decodePrompts(body.prompt),
    echo: optionalBoolean(body, 'echo') ?? false,
    n,
    stream,
    streamUsage: stream && isObject(body.stream_options) && optionalBoolean(body.stream_options, 'include_usage', 'stream_options.include_usage') === true,
  };
  setDefined(call, 'suffix', optionalString(body, 'suffix'));
  setDefined(call, 'logprobs', optionalNumber(body, 'logprobs', { min: 0, integer: true }));
  setDefined(call, 'maxTokens', optionalNumber(body, 'max_tokens', { min: 0, integer: true }));
  setDefined(call, 'logitBias', decodeLogitBias(body.logit_bias));
  const bestOf = optionalNumber(body, 'best_of', { min: 0, max: 20, integer: true });
  if (bestOf !== undefined && bestOf > 0) {
    if (bestOf < n) throw invalid('best_of', `Invalid 'best_of': best_of (${bestOf}) must be at least n (${n}).`);
    if (stream && bestOf > 1) throw invalid('best_of', "Invalid 'best_of': results cannot be streamed when best_of is greater than 1.");
    call.bestOf = bestOf;
  }
  return call;
}

/** A string, an array of strings, an array of token ids, or an array of token-id arrays. */
function decodePrompts(prompt: unknown): CompletionPrompt[] {
  if (prompt === undefined || prompt === null) throw missing('prompt');
  if (typeof prompt === 'string') return [prompt];
  const shape = "Invalid 'prompt': expected a string, an array of strings, an array of token ids or an array of token-id arrays, not empty.";
  if (!Array.isArray(prompt) || prompt.length === 0) throw invalid('prompt', shape, 'invalid_type');
  if (prompt.every(isTokenId)) return [prompt as number[]];
  return prompt.map((item, index) => {
    if (typeof item === 'string') return item;
    if (Array.isArray(item) && item.length > 0 && item.every(isTokenId)) return item as number[];
    throw invalid(`prompt[${index}]`, `Invalid 'prompt[${index}]': expected a string or a non-empty array of token ids.`, 'invalid_type');
  });
}

/** Token id → bias from -100 to 100. */
function decodeLogitBias(value: unknown): Record<string, number> | undefined {
  if (value === undefined || value === null) return undefined;
  const biases = requireObject(value, 'logit_bias');
  for (const [token, bias] of Object.entries(biases)) {
    if (!/^\d+$/.test(token) || typeof bias !== 'number' || bias < -100 || bias > 100) {
      throw invalid('logit_bias', `Invalid 'logit_bias': expected token ids mapped to numbers from -100 to 100, got ${JSON.stringify(token)}: ${JSON.stringify(bias)}.`);
    }
  }
  return biases as Record<string, number>;
}

function isTokenId(value: unknown): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

/**
 * The call as a chat call: its prompt as one user message, the sampling settings as they are,
 * OpenAI's default output limit (16) when none is given. Only a call refusalAsChat accepts is
 * sent this way; for one passing through it is the IR's view (the text of its prompts).
 */
function asChatRequest(call: CompletionsRequest, body: Json): ChatRequest {
  const text = call.prompts.filter((p): p is string => typeof p === 'string').join('\n');
  const request: ChatRequest = {
    model: call.model,
    messages: [{ role: 'user', content: [{ type: 'text', text }] }],
    stream: call.stream,
    maxOutputTokens: call.maxTokens ?? DEFAULT_COMPLETION_TOKENS,
  };
  if (call.streamUsage) request.streamUsage = true;
  setDefined(request, 'temperature', optionalNumber(body, 'temperature', { min: 0, max: 2 }));
  setDefined(request, 'topP', optionalNumber(body, 'top_p', { min: 0, max: 1 }));
  setDefined(request, 'presencePenalty', optionalNumber(body, 'presence_penalty', { min: -2, max: 2 }));
  setDefined(request, 'frequencyPenalty', optionalNumber(body, 'frequency_penalty', { min: -2, max: 2 }));
  setDefined(request, 'seed', optionalNumber(body, 'seed', { integer: true }));
  setDefined(request, 'stop', decodeStop(body.stop));
  setDefined(request, 'user', optionalString(body, 'user'));
  return request;
}

/**
 * What a chat upstream cannot do as the legacy endpoint does: several prompts or token ids in
 * one call, text before a suffix, log probabilities, several choices, biased token ids, an
 * empty answer. `echo` it can: the relay puts the prompt before the answer itself.
 */
function refusalAsChat(call: CompletionsRequest): RelayError | undefined {
  const refuse = (param: string, what: string) =>
    invalid(param, `The model ${call.model} is served here through a chat upstream, which ${what}.`, 'unsupported_parameter');
  if (call.prompts.length > 1) return refuse('prompt', `takes one prompt per call: send the ${call.prompts.length} prompts as separate calls`);
  if (typeof call.prompts[0] !== 'string') return refuse('prompt', 'reads text, not token ids: send the prompt as a string');
  if (call.suffix) return refuse('suffix', 'cannot insert text before a suffix');
  if (call.logprobs !== undefined) return refuse('logprobs', 'reports no log probabilities');
  if (call.n > 1) return refuse('n', 'answers one choice per call');
  if ((call.bestOf ?? 1) > 1) return refuse('best_of', 'cannot pick the best of several candidates');
  if (call.logitBias && Object.keys(call.logitBias).length > 0) return refuse('logit_bias', 'cannot bias token ids');
  if (call.maxTokens === 0) return refuse('max_tokens', 'answers at least one token');
  return undefined;
}

/** A completions stream passed through: chunks carry `choices[].text` (every choice of every prompt). */
class CompletionsPassthroughTap extends ChatPassthroughTap {
  protected override textOf(chunk: Record<string, unknown>): string {
    const choices = Array.isArray(chunk.choices) ? chunk.choices : [];
    return choices.map((choice) => (isObject(choice) && typeof choice.text === 'string' ? choice.text : '')).join('');
  }
}
