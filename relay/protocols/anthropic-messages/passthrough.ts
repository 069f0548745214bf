import type { RelayErrorInfo, RelayErrorKind } from '../../ir/relay-error.js';
import type { Usage } from '../../ir/usage.js';
import { fromMessagesUsage, mergeMessagesUsage } from '../../wire/anthropic-messages/convert-usage.js';
import { isObject } from '../validate.js';
import type { PassthroughStreamTap } from '../types.js';

/** Messages error type names → IR kind and the status an error event stands for. */
const ERROR_TYPES: Record<string, { kind: RelayErrorKind; status: number }> = {
  invalid_request_error: { kind: 'invalid_request', status: 400 },
  authentication_error: { kind: 'authentication', status: 401 },
  billing_error: { kind: 'quota', status: 402 },
  permission_error: { kind: 'permission', status: 403 },
  not_found_error: { kind: 'not_found', status: 404 },
  request_too_large: { kind: 'invalid_request', status: 413 },
  rate_limit_error: { kind: 'rate_limit', status: 429 },
  timeout_error: { kind: 'timeout', status: 504 },
  api_error: { kind: 'upstream', status: 500 },
  overloaded_error: { kind: 'overloaded', status: 529 },
};

// One regular expression per test: cheaper than String#includes of a longer pattern (V8 sets
// up a Boyer-Moore table for each), and every event is tested.
const BLOCK_DELTA = /"type":"content_block_delta"/;
const PING_OR_BLOCK_STOP = /"type":"(?:ping|content_block_stop)"/;

/**
 * Forwards a messages stream exactly as the upstream sent it, reading it on the way: usage
 * (`message_start` input and cache counts, `message_delta` output and cumulative counts),
 * `answering` from the first content block, `finished` at `message_stop`, and an `error`
 * event. Deltas — nearly every event — are not parsed: they are kept as they came and read
 * only when the upstream never reports usage, for a local count of the answer.
 */
export class MessagesPassthroughTap implements PassthroughStreamTap {
  usage: Usage | undefined;
  answering = false;
  finished = false;
  error: RelayErrorInfo | undefined;
  private rawUsage: Record<string, unknown> | undefined;
  /** `message_delta` came: the usage counts the whole output. */
  private outputCounted = false;
  private readonly answerChunks: string[] = [];
  private answerBytes = 0;

  forward(rawEvent: string, data: string): string {
    // The upstream's own framing puts the type first; JSON-escaped text inside a delta can
    // never hold these substrings unescaped. Anything else is parsed.
    if (BLOCK_DELTA.test(data)) {
      this.answering = true;
      this.keep(data);
      return rawEvent;
    }
    if (PING_OR_BLOCK_STOP.test(data)) return rawEvent;
    let event: unknown;
    try {
      event = JSON.parse(data);
    } catch {
      return rawEvent; // no data, comments
    }
    if (!isObject(event)) return rawEvent;
    switch (event.type) {
      case 'message_start':
        this.addUsage(isObject(event.message) ? event.message.usage : undefined);
        break;
      case 'content_block_start':
        this.answering = true;
        this.keep(data);
        break;
      case 'content_block_delta':
        this.answering = true;
        this.keep(data);
        break;
      case 'message_delta':
        this.addUsage(event.usage);
        this.outputCounted = true;
        break;
      case 'message_stop':
        this.finished = true;
        break;
      case 'error':
        this.error = streamError(event);
        break;
      default:
        break;
    }
    return rawEvent;
  }

  /**
   * The answer's text, thinking and tool input, read only when the upstream did not report its
   * output: no usage, or a stream cut before `message_delta` (`message_start` counts 1 token).
   */
  get outputText(): string {
    if (this.outputCounted && this.usage && this.usage.inputTokens + this.usage.outputTokens > 0) return '';
    let text = '';
    for (const data of this.answerChunks) {
      try {
        const event = JSON.parse(data) as { content_block?: Record<string, unknown>; delta?: Record<string, unknown> };
        const block = event.delta ?? event.content_block ?? {};
        for (const key of ['text', 'thinking', 'partial_json']) if (typeof block[key] === 'string') text += block[key];
        if (event.content_block?.type === 'tool_use' && typeof event.content_block.name === 'string') text += event.content_block.name;
      } catch {
        // not JSON: nothing to count
      }
    }
    return text;
  }

  private keep(data: string): void {
    if (this.answerBytes >= MAX_KEPT_ANSWER_BYTES) return;
    this.answerChunks.push(data);
    this.answerBytes += data.length;
  }

  private addUsage(update: unknown): void {
    this.rawUsage = mergeMessagesUsage(this.rawUsage, update);
    this.usage = fromMessagesUsage(this.rawUsage);
  }
}

/** Enough answer for a fair local count when no usage comes; beyond it the count is capped. */
const MAX_KEPT_ANSWER_BYTES = 4 * 1024 * 1024;

/** `{"type": "error", "error": {"type", "message"}}` → IR, with the status its type stands for. */
export function streamError(event: Record<string, unknown>): RelayErrorInfo {
  const error = isObject(event.error) ? event.error : {};
  const type = typeof error.type === 'string' ? error.type : '';
  const known = ERROR_TYPES[type] ?? { kind: 'upstream' as const, status: 500 };
  const info: RelayErrorInfo = {
    status: known.status,
    kind: known.kind,
    message: typeof error.message === 'string' && error.message ? error.message : `Upstream stream error${type ? ` (${type})` : ''}`,
  };
  if (type) info.code = type;
  return info;
}
