import type { RelayErrorInfo, RelayErrorKind } from '../../ir/relay-error.js';
import type { Usage } from '../../ir/usage.js';
import { isObject } from '../validate.js';
import type { PassthroughStreamTap } from '../types.js';
import { fromMessagesUsage, mergeMessagesUsage } from './convert-usage.js';

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

/**
 * Forwards a messages stream exactly as the upstream sent it, reading each event on the way:
 * usage (`message_start` input and cache counts, `message_delta` output and cumulative
 * counts), the answer text (for a local count when no usage comes), `answering` from the
 * first `content_block_start`, `finished` at `message_stop`, and an `error` event.
 */
export class MessagesPassthroughTap implements PassthroughStreamTap {
  usage: Usage | undefined;
  outputText = '';
  answering = false;
  finished = false;
  error: RelayErrorInfo | undefined;
  private rawUsage: Record<string, unknown> | undefined;

  forward(rawEvent: string, data: string): string {
    let event: unknown;
    try {
      event = JSON.parse(data);
    } catch {
      return rawEvent; // pings without data, comments
    }
    if (!isObject(event)) return rawEvent;
    switch (event.type) {
      case 'message_start':
        this.addUsage(isObject(event.message) ? event.message.usage : undefined);
        break;
      case 'content_block_start': {
        this.answering = true;
        const block = isObject(event.content_block) ? event.content_block : {};
        if (typeof block.text === 'string') this.outputText += block.text;
        if (typeof block.thinking === 'string') this.outputText += block.thinking;
        if (block.type === 'tool_use' && typeof block.name === 'string') this.outputText += block.name;
        break;
      }
      case 'content_block_delta': {
        const delta = isObject(event.delta) ? event.delta : {};
        for (const key of ['text', 'thinking', 'partial_json'] as const) {
          if (typeof delta[key] === 'string') this.outputText += delta[key];
        }
        break;
      }
      case 'message_delta':
        this.addUsage(event.usage);
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

  private addUsage(update: unknown): void {
    this.rawUsage = mergeMessagesUsage(this.rawUsage, update);
    this.usage = fromMessagesUsage(this.rawUsage);
  }
}

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
