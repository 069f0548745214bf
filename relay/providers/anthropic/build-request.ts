import type { ChatRequest } from '../../ir/chat-request.js';
import type { AnthropicMessage, AnthropicMessagesBody, AnthropicThinkingConfig } from '../../wire/anthropic-messages/wire-types.js';
import type { UpstreamRequest, UpstreamTarget } from '../types.js';
import { convertToAnthropicMessages } from './convert-messages.js';
import { convertToAnthropicThinking } from './convert-thinking.js';
import type { AnthropicThinkingFields } from './convert-thinking.js';
import { convertToAnthropicTools } from './convert-tools.js';

export const ANTHROPIC_VERSION = '2023-06-01';

/** `{baseUrl}/v1/messages`, without doubling a `/v1` the base URL already ends in. */
export function anthropicMessagesUrl(baseUrl: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  return /\/v1$/.test(base) ? `${base}/messages` : `${base}/v1/messages`;
}

/** An IR chat request → `POST /v1/messages`, with a warning for everything not carried over. */
export function buildAnthropicRequest(request: ChatRequest, target: UpstreamTarget): { request: UpstreamRequest; warnings: string[] } {
  const prompt = convertToAnthropicMessages(request.messages);
  const toolFields = convertToAnthropicTools(request);
  let thinkingFields = convertToAnthropicThinking(request.reasoning, request.maxOutputTokens);
  const forcedTool = toolFields.tool_choice?.type === 'any' || toolFields.tool_choice?.type === 'tool';
  const warnings = [...prompt.warnings, ...toolFields.warnings];
  if (forcedTool && isThinkingOn(thinkingFields.thinking)) {
    // The API refuses thinking together with a forced tool. The forced tool decides the
    // shape of the answer the client expects, so thinking gives way.
    warnings.push('Anthropic cannot think while a tool use is forced (tool_choice any/tool); thinking was not enabled.');
    thinkingFields = withoutThinking(thinkingFields, request.maxOutputTokens);
  }
  if (thinkingFields.thinking?.type === 'enabled' && toolLoopLacksThinking(prompt.messages)) {
    // With (budgeted) thinking on, the API wants the assistant turn of an ongoing tool loop
    // to start with its thinking block. History from another provider (or a client that
    // dropped thinking) has none and the call would be refused: thinking sits this turn out.
    // (Adaptive thinking may skip thinking on any turn, so it has no such rule.)
    warnings.push('The assistant turn that called the tools has no Anthropic thinking block, which thinking requires; thinking was not enabled for this turn.');
    thinkingFields = withoutThinking(thinkingFields, request.maxOutputTokens);
  }
  warnings.push(...thinkingFields.warnings);
  const { thinking, maxTokens } = thinkingFields;
  if (request.maxOutputTokens === undefined) {
    warnings.push(`Anthropic requires max_tokens and the request gave none; ${maxTokens} was sent.`);
  }

  const body: AnthropicMessagesBody = {
    model: target.model,
    max_tokens: maxTokens,
    ...(prompt.system ? { system: prompt.system } : {}),
    messages: prompt.messages,
  };
  if (toolFields.tools) body.tools = toolFields.tools;
  if (toolFields.tool_choice) body.tool_choice = toolFields.tool_choice;
  if (thinking) body.thinking = thinking;

  const outputConfig: NonNullable<AnthropicMessagesBody['output_config']> = {};
  if (thinkingFields.effort) outputConfig.effort = thinkingFields.effort;
  const format = request.responseFormat;
  if (format?.type === 'json-schema') {
    // Structured outputs: `output_config.format` constrains the answer text to the schema.
    outputConfig.format = { type: 'json_schema', schema: format.schema };
  } else if (format?.type === 'json') {
    warnings.push('Anthropic has no JSON mode without a schema; response_format json_object was not sent (ask for JSON in the prompt).');
  }
  if (Object.keys(outputConfig).length > 0) body.output_config = outputConfig;

  const thinkingOn = isThinkingOn(thinking);
  if (request.temperature !== undefined) {
    if (thinkingOn && request.temperature !== 1) {
      warnings.push(`Anthropic does not accept temperature with thinking on; temperature ${request.temperature} was not sent.`);
    } else if (request.temperature > 1) {
      warnings.push(`Anthropic's temperature goes from 0 to 1; ${request.temperature} was sent as 1.`);
      body.temperature = 1;
    } else {
      body.temperature = request.temperature;
    }
  }
  if (request.topP !== undefined) {
    if (thinkingOn && request.topP < 0.95) warnings.push(`With thinking on Anthropic accepts top_p from 0.95 to 1 only; top_p ${request.topP} was not sent.`);
    else body.top_p = request.topP;
  }
  if (request.topK !== undefined) {
    if (thinkingOn) warnings.push('Anthropic does not accept top_k with thinking on; top_k was not sent.');
    else body.top_k = request.topK;
  }
  if (request.stop && request.stop.length > 0) body.stop_sequences = request.stop;

  const userId = request.user ?? request.metadata?.user_id;
  if (userId) body.metadata = { user_id: userId };
  const otherMetadata = Object.keys(request.metadata ?? {}).filter((key) => key !== 'user_id' || request.user !== undefined);
  if (otherMetadata.length > 0) warnings.push(`Anthropic's metadata takes user_id only; ${otherMetadata.join(', ')} was not sent.`);

  if (request.serviceTier !== undefined) {
    if (request.serviceTier === 'auto') body.service_tier = 'auto';
    else if (request.serviceTier === 'default' || request.serviceTier === 'standard_only') body.service_tier = 'standard_only';
    else warnings.push(`Anthropic has no service tier "${request.serviceTier}"; it was not sent.`);
  }

  warnings.push(...unsupportedFieldWarnings(request));
  if (request.stream) body.stream = true;

  return {
    request: {
      url: anthropicMessagesUrl(target.baseUrl),
      headers: {
        'content-type': 'application/json',
        'x-api-key': target.apiKey,
        'anthropic-version': ANTHROPIC_VERSION,
      },
      body: JSON.stringify(body),
    },
    warnings: [...new Set(warnings)],
  };
}

/** The same request without thinking; the effort stays (it does not switch thinking on). */
function withoutThinking(fields: AnthropicThinkingFields, maxOutputTokens: number | undefined): AnthropicThinkingFields {
  const plain = convertToAnthropicThinking(undefined, maxOutputTokens);
  return fields.effort ? { ...plain, effort: fields.effort } : plain;
}

function isThinkingOn(thinking: AnthropicThinkingConfig | undefined): boolean {
  return thinking?.type === 'enabled' || thinking?.type === 'adaptive';
}

/** The conversation continues a tool loop whose assistant turn does not start with thinking. */
function toolLoopLacksThinking(messages: AnthropicMessage[]): boolean {
  const last = messages[messages.length - 1];
  const previous = messages[messages.length - 2];
  if (last?.role !== 'user' || previous?.role !== 'assistant') return false;
  if (!last.content.some((block) => block.type === 'tool_result')) return false;
  const first = previous.content[0];
  return first?.type !== 'thinking' && first?.type !== 'redacted_thinking';
}

function unsupportedFieldWarnings(request: ChatRequest): string[] {
  const warnings: string[] = [];
  const unsupported = (field: string) => warnings.push(`Anthropic does not support ${field}; it was not sent.`);
  if (request.presencePenalty !== undefined) unsupported('presence_penalty');
  if (request.frequencyPenalty !== undefined) unsupported('frequency_penalty');
  if (request.seed !== undefined) unsupported('seed');
  if (request.logprobs) unsupported('logprobs');
  if (request.topLogprobs !== undefined) unsupported('top_logprobs');
  if (request.n !== undefined && request.n > 1) {
    warnings.push(`Anthropic returns one answer per call; n=${request.n} was asked but only one choice will come back.`);
  }
  if (request.modalities?.includes('audio') || request.audio) unsupported('audio output');
  if (request.promptCacheKey !== undefined) unsupported('prompt_cache_key (Anthropic caches by cache_control breakpoints)');
  return warnings;
}
