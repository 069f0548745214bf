import type { RelayErrorInfo } from '../../ir/relay-error.js';
import type { Usage } from '../../ir/usage.js';
import { convertResponsesUsage } from '../../providers/openai-responses/convert-responses-usage.js';
import { parseResponsesStreamError } from '../../providers/openai-responses/parse-responses-stream-error.js';
import { isObject } from '../validate.js';
import type { PassthroughStreamTap } from '../types.js';

/** A whole Response from a responses upstream → its usage (undefined when it reports none). */
export function usageOfResponse(answer: unknown): Usage | undefined {
  return isObject(answer) ? convertResponsesUsage(answer.usage) : undefined;
}

/**
 * Reads a responses upstream's stream while it is forwarded untouched: usage and the end
 * from `response.completed` / `response.incomplete`, the answer's text (output text,
 * reasoning summaries and text, tool arguments and inputs) for a local count when usage is
 * missing, the start of the answer at the first output item, and errors (`error`,
 * `response.failed`).
 */
export class ResponsesPassthroughTap implements PassthroughStreamTap {
  usage: Usage | undefined;
  outputText = '';
  answering = false;
  finished = false;
  error: RelayErrorInfo | undefined;

  forward(rawEvent: string, data: string): string {
    if (data === '' || data === '[DONE]') return rawEvent;
    let event: unknown;
    try {
      event = JSON.parse(data);
    } catch {
      return rawEvent;
    }
    if (!isObject(event)) return rawEvent;
    const type = typeof event.type === 'string' ? event.type : eventName(rawEvent);
    switch (type) {
      case 'response.output_item.added':
        this.answering = true;
        break;
      case 'response.output_text.delta':
      case 'response.refusal.delta':
      case 'response.reasoning_summary_text.delta':
      case 'response.reasoning_text.delta':
      case 'response.function_call_arguments.delta':
      case 'response.custom_tool_call_input.delta':
        this.answering = true;
        if (typeof event.delta === 'string') this.outputText += event.delta;
        break;
      case 'response.completed':
      case 'response.incomplete': {
        const response = isObject(event.response) ? event.response : undefined;
        const usage = convertResponsesUsage(response?.usage);
        if (usage) this.usage = usage;
        this.answering = true;
        this.finished = true;
        break;
      }
      case 'response.failed': {
        const response = isObject(event.response) ? event.response : undefined;
        this.error ??= parseResponsesStreamError(response?.error, 'The upstream response failed.');
        this.finished = true;
        break;
      }
      case 'error':
        this.error ??= parseResponsesStreamError(event, 'The upstream reported an error during the stream.');
        this.finished = true;
        break;
      default:
        break;
    }
    return rawEvent;
  }
}

function eventName(rawEvent: string): string | undefined {
  return /^event:\s*(.*)$/m.exec(rawEvent)?.[1]?.trim();
}
