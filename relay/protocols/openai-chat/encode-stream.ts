import type { RelayErrorInfo } from '../../ir/relay-error.js';
import type { StreamPart } from '../../ir/stream-part.js';
import { toChatUsage } from '../../wire/openai-chat/convert-usage.js';
import { toChatFinishReason } from '../../wire/openai-chat/map-finish-reason.js';
import { encodeOpenAIError } from './encode-error.js';
import { chatId } from './encode-response.js';

/**
 * IR stream parts → `chat.completion.chunk` SSE events: `role` in the first delta,
 * `finish_reason` in the last choice chunk, a usage chunk (empty choices) only when the
 * client asked for one, then `data: [DONE]`.
 */
export class ChatStreamEncoder {
  private id = '';
  private created = Math.floor(Date.now() / 1000);
  private roleSent = false;

  constructor(
    private readonly clientModel: string,
    private readonly includeUsage: boolean,
  ) {}

  /** SSE text for one part (possibly empty). */
  encode(part: StreamPart): string {
    switch (part.type) {
      case 'start':
        this.id = chatId(part.id);
        this.created = part.created;
        return this.delta({});
      case 'text-delta':
        return this.fastDelta('content', part.text);
      case 'reasoning-delta':
        return this.fastDelta('reasoning_content', part.text);
      case 'tool-call-start':
        return this.delta({
          tool_calls: [{ index: part.index, id: part.id, type: 'function', function: { name: part.name, arguments: '' } }],
        });
      case 'tool-call-delta':
        return this.delta({ tool_calls: [{ index: part.index, function: { arguments: part.argumentsDelta } }] });
      case 'finish': {
        let out = this.chunk([{ index: 0, delta: this.roleDelta({}), logprobs: null, finish_reason: toChatFinishReason(part.reason) }]);
        if (this.includeUsage && part.usage) out += this.event({ ...this.base(), choices: [], usage: toChatUsage(part.usage) });
        return out + 'data: [DONE]\n\n';
      }
      case 'error':
        return this.error(part.error);
      case 'text-start':
      case 'text-end':
      case 'reasoning-start':
      case 'reasoning-end':
      case 'reasoning-signature':
      case 'reasoning-redacted':
      case 'tool-call-end':
      case 'usage':
        return '';
      default: {
        const unreachable: never = part;
        return unreachable;
      }
    }
  }

  /** An error after the stream began: an `error` event the SDKs raise, then the end. */
  error(error: RelayErrorInfo): string {
    return this.event(encodeOpenAIError(error)) + 'data: [DONE]\n\n';
  }

  private fastPrefix = '';

  /**
   * The most frequent chunk, written without building objects: byte for byte what
   * `delta({[field]: text})` gives once the role has gone out.
   */
  private fastDelta(field: 'content' | 'reasoning_content', text: string): string {
    if (!this.roleSent) return this.delta({ [field]: text });
    if (!this.fastPrefix) {
      const base = this.base();
      this.fastPrefix = `data: {"id":${JSON.stringify(base.id)},"object":"chat.completion.chunk","created":${base.created},"model":${JSON.stringify(base.model)},"choices":[{"index":0,"delta":{`;
    }
    return `${this.fastPrefix}"${field}":${JSON.stringify(text)}},"logprobs":null,"finish_reason":null}]${this.includeUsage ? ',"usage":null' : ''}}\n\n`;
  }

  private delta(delta: Record<string, unknown>): string {
    return this.chunk([{ index: 0, delta: this.roleDelta(delta), logprobs: null, finish_reason: null }]);
  }

  private roleDelta(delta: Record<string, unknown>): Record<string, unknown> {
    if (this.roleSent) return delta;
    this.roleSent = true;
    return { role: 'assistant', content: '', ...delta };
  }

  private base() {
    return { id: this.id || chatId(`relay${Date.now()}`), object: 'chat.completion.chunk', created: this.created, model: this.clientModel };
  }

  private chunk(choices: unknown[]): string {
    return this.event(this.includeUsage ? { ...this.base(), choices, usage: null } : { ...this.base(), choices });
  }

  private event(body: unknown): string {
    return `data: ${JSON.stringify(body)}\n\n`;
  }
}
