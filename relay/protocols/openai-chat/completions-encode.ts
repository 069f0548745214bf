import type { ChatResult } from '../../ir/chat-result.js';
import type { CompletionsRequest } from '../../ir/completions.js';
import type { FinishReason } from '../../ir/finish-reason.js';
import type { RelayErrorInfo } from '../../ir/relay-error.js';
import type { StreamPart } from '../../ir/stream-part.js';
import type { Usage } from '../../ir/usage.js';
import { toChatFinishReason } from '../../wire/openai-chat/map-finish-reason.js';
import type { StreamEncoder } from '../types.js';
import { encodeOpenAIError } from './encode-error.js';

// A chat answer given back as OpenAI's legacy `text_completion` (whole or streamed): one
// choice (a call with more never goes to a chat upstream), its text after the prompt when
// `echo` asked for it.

/** A chat IR answer → a `text_completion` object, named with the model the client asked for. */
export function encodeCompletion(result: ChatResult, call: CompletionsRequest) {
  let text = echoed(call);
  for (const part of result.content) if (part.type === 'text') text += part.text;
  return {
    id: completionId(result.id),
    object: 'text_completion',
    created: result.created,
    model: call.model,
    choices: [{ text, index: 0, logprobs: null, finish_reason: toCompletionFinishReason(result.finish) }],
    usage: completionUsage(result.usage),
    ...(result.systemFingerprint ? { system_fingerprint: result.systemFingerprint } : {}),
  };
}

/**
 * IR stream parts → `text_completion` chunks: the prompt first when echoed, a chunk per text
 * delta, a last chunk with empty text and the `finish_reason` (the SDKs read it there), the
 * usage chunk (empty choices) when the client asked for it, then `data: [DONE]`.
 */
export class CompletionStreamEncoder implements StreamEncoder {
  private id = completionId(`relay${Date.now()}`);
  private created = Math.floor(Date.now() / 1000);

  constructor(private readonly call: CompletionsRequest) {}

  encode(part: StreamPart): string {
    switch (part.type) {
      case 'start':
        this.id = completionId(part.id);
        this.created = part.created;
        return this.call.echo ? this.chunk(echoed(this.call), null) : '';
      case 'text-delta':
        return this.chunk(part.text, null);
      case 'finish': {
        let out = this.chunk('', toCompletionFinishReason(part.reason));
        if (this.call.streamUsage && part.usage) out += event({ ...this.base(), choices: [], usage: completionUsage(part.usage) });
        return out + 'data: [DONE]\n\n';
      }
      case 'error':
        return this.error(part.error);
      case 'text-start':
      case 'text-end':
      case 'reasoning-start':
      case 'reasoning-delta':
      case 'reasoning-end':
      case 'reasoning-signature':
      case 'reasoning-redacted':
      case 'tool-call-start':
      case 'tool-call-delta':
      case 'tool-call-end':
      case 'usage':
        return '';
      default: {
        const unreachable: never = part;
        return unreachable;
      }
    }
  }

  /** An error after the stream began: the error object the SDKs raise, then the end. */
  error(error: RelayErrorInfo): string {
    return event(encodeOpenAIError(error)) + 'data: [DONE]\n\n';
  }

  private base() {
    return { id: this.id, object: 'text_completion', created: this.created, model: this.call.model };
  }

  private chunk(text: string, finishReason: string | null): string {
    return event({ ...this.base(), choices: [{ text, index: 0, logprobs: null, finish_reason: finishReason }] });
  }
}

/** The legacy endpoint's reasons are stop, length and content_filter: a tool call or an error ends as stop. */
function toCompletionFinishReason(reason: FinishReason): 'stop' | 'length' | 'content_filter' {
  const chat = toChatFinishReason(reason);
  return chat === 'length' || chat === 'content_filter' ? chat : 'stop';
}

function completionUsage(usage: Usage) {
  return { prompt_tokens: usage.inputTokens, completion_tokens: usage.outputTokens, total_tokens: usage.inputTokens + usage.outputTokens };
}

/** The prompt, when the answer repeats it (a call answered through chat has one text prompt). */
function echoed(call: CompletionsRequest): string {
  return call.echo && typeof call.prompts[0] === 'string' ? call.prompts[0] : '';
}

function completionId(id: string): string {
  return id.startsWith('cmpl-') ? id : `cmpl-${id.replace(/^chatcmpl-/, '')}`;
}

function event(body: unknown): string {
  return `data: ${JSON.stringify(body)}\n\n`;
}
