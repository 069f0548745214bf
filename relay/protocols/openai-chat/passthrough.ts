import type { RelayErrorInfo } from '../../ir/relay-error.js';
import type { Usage } from '../../ir/usage.js';
import { fromChatUsage } from '../../wire/openai-chat/convert-usage.js';
import { isObject } from '../validate.js';
import type { PassthroughStreamTap } from '../types.js';

/**
 * Forwards an OpenAI-compatible stream as it came. Chunks are only parsed when they can
 * matter (usage, errors); the answer's chunks are kept unparsed and read only if the
 * upstream never reports usage, for a local count. The relay always asks upstreams for the
 * usage chunk; it reaches the client only when the client asked for it.
 */
export class ChatPassthroughTap implements PassthroughStreamTap {
  usage: Usage | undefined;
  answering = false;
  finished = false;
  error: RelayErrorInfo | undefined;
  private readonly answerChunks: string[] = [];
  private answerBytes = 0;

  constructor(private readonly clientWantsUsage: boolean) {}

  forward(rawEvent: string, data: string): string {
    if (data === '[DONE]') {
      this.finished = true;
      return rawEvent;
    }
    if (data === '') return rawEvent;
    if (!this.answering && ANSWER_CHOICE.test(data)) this.answering = true;
    if (ERROR_OR_USAGE.test(data)) return this.inspect(rawEvent, data);
    if (this.answerBytes < MAX_KEPT_ANSWER_BYTES) {
      this.answerChunks.push(data);
      this.answerBytes += data.length;
    }
    return rawEvent;
  }

  get outputText(): string {
    if (this.usage) return '';
    let text = '';
    for (const data of this.answerChunks) {
      try {
        const chunk: unknown = JSON.parse(data);
        if (isObject(chunk)) text += this.textOf(chunk);
      } catch {
        // not JSON: nothing to count
      }
    }
    return text;
  }

  /** The answer text of one chunk: its first choice's delta (content, reasoning, tool calls). */
  protected textOf(chunk: Record<string, unknown>): string {
    const choice = Array.isArray(chunk.choices) ? chunk.choices[0] : undefined;
    const delta = isObject(choice) && isObject(choice.delta) ? choice.delta : {};
    let text = '';
    for (const field of ['content', 'reasoning_content', 'reasoning']) if (typeof delta[field] === 'string') text += delta[field];
    if (Array.isArray(delta.tool_calls)) text += JSON.stringify(delta.tool_calls);
    return text;
  }

  private inspect(rawEvent: string, data: string): string {
    let chunk: unknown;
    try {
      chunk = JSON.parse(data);
    } catch {
      return rawEvent;
    }
    if (!isObject(chunk)) return rawEvent;
    if (isObject(chunk.error)) {
      this.error = { status: 502, kind: 'upstream', message: String(chunk.error.message ?? 'upstream error') };
      return rawEvent;
    }
    const usage = fromChatUsage(chunk.usage);
    if (usage) this.usage = usage;
    const choices = Array.isArray(chunk.choices) ? chunk.choices : [];
    if (choices.length > 0) {
      this.answering = true;
      this.answerChunks.push(data);
    }
    return choices.length === 0 && usage && !this.clientWantsUsage ? '' : rawEvent;
  }
}

// Every chunk is looked at: one regular expression costs a fraction of a few String#includes
// (V8 sets up a Boyer-Moore table for each includes of a longer pattern: ~6 µs a 20-chunk stream).
const ANSWER_CHOICE = /"choices":\[\{/;
const ERROR_OR_USAGE = /"(?:error"|usage":\{)/;

/** Enough answer text for a fair local count when no usage comes; beyond it the count is capped. */
const MAX_KEPT_ANSWER_BYTES = 4 * 1024 * 1024;
