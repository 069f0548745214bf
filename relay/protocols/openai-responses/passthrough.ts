import type { RelayErrorInfo } from '../../ir/relay-error.js';
import type { Usage } from '../../ir/usage.js';
import { fromResponsesUsage } from '../../wire/openai-responses/convert-usage.js';
import { parseResponsesStreamError } from '../../wire/openai-responses/parse-error.js';
import { isObject } from '../validate.js';
import type { PassthroughStreamTap } from '../types.js';

/** Events whose `delta` is answer text (output text, reasoning, tool arguments and inputs). */
const ANSWER_DELTAS = new Set([
  'response.output_text.delta',
  'response.refusal.delta',
  'response.reasoning_summary_text.delta',
  'response.reasoning_text.delta',
  'response.function_call_arguments.delta',
  'response.custom_tool_call_input.delta',
]);

/** Enough answer text for a fair local count when no usage comes; beyond it the count is capped. */
const MAX_KEPT_ANSWER_BYTES = 4 * 1024 * 1024;

/**
 * Reads a responses upstream's stream while it is forwarded untouched. Only the events that
 * can matter are parsed: `response.completed` / `response.incomplete` (usage, the end),
 * `response.failed` and `error`. The answer has begun at the first output item or delta;
 * delta events are kept unparsed and read only if no usage arrives, for a local count.
 * The event type comes from the `event:` line (OpenAI always sends one), else from the data.
 */
export class ResponsesPassthroughTap implements PassthroughStreamTap {
  usage: Usage | undefined;
  answering = false;
  finished = false;
  error: RelayErrorInfo | undefined;
  private readonly answerChunks: string[] = [];
  private answerBytes = 0;

  forward(rawEvent: string, data: string): string {
    if (data === '' || data === '[DONE]') return rawEvent;
    const type = eventName(rawEvent) ?? typeInData(data);
    if (type === undefined) return rawEvent;
    if (ANSWER_DELTAS.has(type)) {
      this.answering = true;
      if (this.answerBytes < MAX_KEPT_ANSWER_BYTES) {
        this.answerChunks.push(data);
        this.answerBytes += data.length;
      }
      return rawEvent;
    }
    switch (type) {
      case 'response.output_item.added':
        this.answering = true;
        break;
      case 'response.completed':
      case 'response.incomplete': {
        const response = parseObject(data)?.response;
        const usage = fromResponsesUsage(isObject(response) ? response.usage : undefined);
        if (usage) this.usage = usage;
        this.answering = true;
        this.finished = true;
        break;
      }
      case 'response.failed': {
        const response = parseObject(data)?.response;
        this.error ??= parseResponsesStreamError(isObject(response) ? response.error : undefined, 'The upstream response failed.');
        this.finished = true;
        break;
      }
      case 'error':
        this.error ??= parseResponsesStreamError(parseObject(data), 'The upstream reported an error during the stream.');
        this.finished = true;
        break;
      default:
        break;
    }
    return rawEvent;
  }

  /** The answer's text, read from the kept deltas (only needed when the upstream gave no usage). */
  get outputText(): string {
    if (this.usage) return '';
    let text = '';
    for (const data of this.answerChunks) {
      const delta = parseObject(data)?.delta;
      if (typeof delta === 'string') text += delta;
    }
    return text;
  }
}

function parseObject(data: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(data);
    return isObject(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** The `event:` line of a raw SSE event, if it has one. */
function eventName(rawEvent: string): string | undefined {
  if (!rawEvent.startsWith('event:')) {
    const at = rawEvent.indexOf('\nevent:');
    if (at < 0) return undefined;
    rawEvent = rawEvent.slice(at + 1);
  }
  const end = rawEvent.search(/\r?\n/);
  return rawEvent.slice('event:'.length, end < 0 ? undefined : end).trim() || undefined;
}

/** The event's `type` field (servers that send no `event:` lines: parsed, as field order is not fixed). */
function typeInData(data: string): string | undefined {
  const type = parseObject(data)?.type;
  return typeof type === 'string' ? type : undefined;
}
