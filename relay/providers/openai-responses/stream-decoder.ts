import type { ChatRequest, ContentPart } from '../../ir/chat-request.js';
import type { FinishReason } from '../../ir/finish-reason.js';
import type { StreamPart } from '../../ir/stream-part.js';
import { arrayAt, isJsonObject, numberAt, objectAt, stringAt } from '../../wire/json-access.js';
import type { JsonObject } from '../../wire/json-access.js';
import { fromResponsesUsage } from '../../wire/openai-responses/convert-usage.js';
import { fromResponsesStatus } from '../../wire/openai-responses/map-finish-reason.js';
import { parseResponsesStreamError } from '../../wire/openai-responses/parse-error.js';
import type { SseEvent } from '../../wire/sse-event.js';
import type { StreamDecoder } from '../types.js';
import { convertResponsesOutput, messageText, reasoningText } from './convert-output.js';

/** The finish reason when the upstream stream ends without `response.completed`/`.incomplete`. */
export const STREAM_ENDED_EARLY: FinishReason = { unified: 'other', raw: 'stream_ended' };

/** One output item being streamed, by `output_index`. */
type OpenItem =
  | { kind: 'message'; textOpen: boolean; text: string }
  | { kind: 'reasoning'; text: string; partKey?: string }
  | { kind: 'tool'; index: number; arguments: string };

/**
 * Responses stream events → IR stream parts. Each output item maps to one block: message →
 * text, reasoning → reasoning (encrypted content as `reasoning-redacted` before its end),
 * function_call → tool call. `response.completed`/`.incomplete` finish with usage;
 * `response.failed` and `error` events end with an error part.
 */
export function createResponsesStreamDecoder(request: ChatRequest): StreamDecoder {
  let started = false;
  let done = false;
  let sawItems = false;
  let sawToolCall = false;
  let nextToolIndex = 0;
  const items = new Map<number, OpenItem>();
  const indexByItemId = new Map<string, number>();

  const ensureStart = (response?: JsonObject): StreamPart[] => {
    if (started) return [];
    started = true;
    return [
      {
        type: 'start',
        id: stringAt(response, 'id') ?? '',
        model: stringAt(response, 'model') ?? request.model,
        created: Math.floor(numberAt(response, 'created_at') ?? Date.now() / 1000),
      },
    ];
  };

  /** The output index an event refers to (`output_index`, else its `item_id`). */
  const outputIndexOf = (data: JsonObject): number => {
    const index = numberAt(data, 'output_index');
    if (index !== undefined) return index;
    const itemId = stringAt(data, 'item_id');
    return (itemId !== undefined ? indexByItemId.get(itemId) : undefined) ?? -1;
  };

  const openTool = (outputIndex: number, id: string, name: string, out: StreamPart[]) => {
    const state: OpenItem = { kind: 'tool', index: nextToolIndex++, arguments: '' };
    items.set(outputIndex, state);
    sawItems = sawToolCall = true;
    out.push({ type: 'tool-call-start', index: state.index, id, name });
    return state;
  };

  const messageAt = (outputIndex: number, out: StreamPart[]) => {
    let state = items.get(outputIndex);
    if (state?.kind !== 'message') {
      state = { kind: 'message', textOpen: false, text: '' };
      items.set(outputIndex, state);
      sawItems = true;
    }
    if (!state.textOpen) {
      state.textOpen = true;
      out.push({ type: 'text-start' });
    }
    return state;
  };

  const reasoningAt = (outputIndex: number, out: StreamPart[]) => {
    let state = items.get(outputIndex);
    if (state?.kind !== 'reasoning') {
      state = { kind: 'reasoning', text: '' };
      items.set(outputIndex, state);
      sawItems = true;
      out.push({ type: 'reasoning-start' });
    }
    return state;
  };

  const toolAt = (outputIndex: number, data: JsonObject, out: StreamPart[]) => {
    const state = items.get(outputIndex);
    if (state?.kind === 'tool') return state;
    return openTool(outputIndex, stringAt(data, 'item_id') ?? '', stringAt(data, 'name') ?? '', out);
  };

  /** Emits what a final value adds to what was streamed (all of it when nothing was). */
  const remainder = (streamed: string, final: string | undefined): string =>
    final !== undefined && final.length > streamed.length && final.startsWith(streamed) ? final.slice(streamed.length) : '';

  const closeItem = (state: OpenItem, out: StreamPart[]) => {
    if (state.kind === 'message') {
      if (state.textOpen) out.push({ type: 'text-end' });
    } else if (state.kind === 'reasoning') out.push({ type: 'reasoning-end' });
    else out.push({ type: 'tool-call-end', index: state.index });
  };

  const closeAll = (out: StreamPart[]) => {
    for (const outputIndex of [...items.keys()].sort((a, b) => a - b)) closeItem(items.get(outputIndex)!, out);
    items.clear();
  };

  const onItemAdded = (data: JsonObject, out: StreamPart[]) => {
    const item = objectAt(data, 'item');
    const outputIndex = outputIndexOf(data);
    const itemId = stringAt(item, 'id');
    if (itemId !== undefined) indexByItemId.set(itemId, outputIndex);
    switch (item?.type) {
      case 'message':
        // Text starts with the first content part (or delta).
        items.set(outputIndex, { kind: 'message', textOpen: false, text: '' });
        sawItems = true;
        break;
      case 'reasoning':
        reasoningAt(outputIndex, out);
        break;
      case 'function_call': {
        const state = openTool(outputIndex, stringAt(item, 'call_id') ?? itemId ?? '', stringAt(item, 'name') ?? '', out);
        const initial = stringAt(item, 'arguments');
        if (initial) {
          state.arguments = initial;
          out.push({ type: 'tool-call-delta', index: state.index, argumentsDelta: initial });
        }
        break;
      }
      default:
        break;
    }
  };

  const onItemDone = (data: JsonObject, out: StreamPart[]) => {
    const item = objectAt(data, 'item');
    const outputIndex = outputIndexOf(data);
    const state = items.get(outputIndex);
    switch (item?.type) {
      case 'message': {
        const final = messageText(item);
        const streamed = state?.kind === 'message' ? state.text : '';
        const rest = remainder(streamed, final);
        if (rest !== '' || (state?.kind === 'message' && state.textOpen)) {
          const message = messageAt(outputIndex, out);
          if (rest !== '') out.push({ type: 'text-delta', text: rest });
          closeItem(message, out);
        }
        break;
      }
      case 'reasoning': {
        const reasoning = reasoningAt(outputIndex, out);
        const rest = remainder(reasoning.text, reasoningText(item));
        if (rest !== '') out.push({ type: 'reasoning-delta', text: rest });
        const encrypted = stringAt(item, 'encrypted_content');
        if (encrypted) out.push({ type: 'reasoning-redacted', data: encrypted });
        closeItem(reasoning, out);
        break;
      }
      case 'function_call': {
        const tool =
          state?.kind === 'tool' ? state : openTool(outputIndex, stringAt(item, 'call_id') ?? stringAt(item, 'id') ?? '', stringAt(item, 'name') ?? '', out);
        const rest = remainder(tool.arguments, stringAt(item, 'arguments'));
        if (rest !== '') out.push({ type: 'tool-call-delta', index: tool.index, argumentsDelta: rest });
        closeItem(tool, out);
        break;
      }
      default:
        if (state) closeItem(state, out);
        break;
    }
    items.delete(outputIndex);
  };

  /** A stream that only delivered the final Response: replay its output as blocks. */
  const replayOutput = (output: unknown[], out: StreamPart[]) => {
    for (const part of convertResponsesOutput(output)) out.push(...blockOf(part, () => nextToolIndex++));
    sawToolCall ||= output.some((item) => isJsonObject(item) && item.type === 'function_call');
  };

  const onFinished = (type: string, data: JsonObject, out: StreamPart[]) => {
    const response = objectAt(data, 'response');
    const output = arrayAt(response, 'output');
    if (!sawItems) replayOutput(output, out);
    closeAll(out);
    const hasToolCalls = sawToolCall || output.some((item) => isJsonObject(item) && item.type === 'function_call');
    const status = stringAt(response, 'status') ?? (type === 'response.incomplete' ? 'incomplete' : 'completed');
    const reason = fromResponsesStatus(status, stringAt(objectAt(response, 'incomplete_details'), 'reason'), hasToolCalls);
    const usage = fromResponsesUsage(objectAt(response, 'usage'));
    out.push(usage ? { type: 'finish', reason, usage } : { type: 'finish', reason });
    done = true;
  };

  return {
    push(event: SseEvent): StreamPart[] {
      if (done) return [];
      const data = parseData(event.data);
      if (!data) return [];
      const type = stringAt(data, 'type') ?? event.event ?? '';
      const out: StreamPart[] = [];

      if (type === 'error') {
        done = true;
        return [{ type: 'error', error: parseResponsesStreamError(data, 'The upstream reported an error during the stream.') }];
      }
      if (type === 'response.failed') {
        done = true;
        const response = objectAt(data, 'response');
        return [{ type: 'error', error: parseResponsesStreamError(objectAt(response, 'error'), 'The upstream response failed.') }];
      }
      out.push(...ensureStart(objectAt(data, 'response')));

      switch (type) {
        case 'response.output_item.added':
          onItemAdded(data, out);
          break;
        case 'response.content_part.added': {
          const partType = stringAt(objectAt(data, 'part'), 'type');
          if (partType === 'output_text' || partType === 'refusal') messageAt(outputIndexOf(data), out);
          break;
        }
        case 'response.output_text.delta':
        case 'response.refusal.delta': {
          const delta = stringAt(data, 'delta') ?? '';
          const message = messageAt(outputIndexOf(data), out);
          if (delta !== '') {
            message.text += delta;
            out.push({ type: 'text-delta', text: delta });
          }
          break;
        }
        case 'response.reasoning_summary_text.delta':
        case 'response.reasoning_text.delta': {
          const delta = stringAt(data, 'delta') ?? '';
          const reasoning = reasoningAt(outputIndexOf(data), out);
          // Summary parts (and reasoning text parts) of one item are joined by a blank line.
          const partKey = type === 'response.reasoning_text.delta' ? `c${numberAt(data, 'content_index') ?? 0}` : `s${numberAt(data, 'summary_index') ?? 0}`;
          if (delta === '') break;
          if (reasoning.partKey !== undefined && reasoning.partKey !== partKey && reasoning.text !== '') {
            reasoning.text += '\n\n';
            out.push({ type: 'reasoning-delta', text: '\n\n' });
          }
          reasoning.partKey = partKey;
          reasoning.text += delta;
          out.push({ type: 'reasoning-delta', text: delta });
          break;
        }
        case 'response.function_call_arguments.delta': {
          const delta = stringAt(data, 'delta') ?? '';
          const tool = toolAt(outputIndexOf(data), data, out);
          if (delta !== '') {
            tool.arguments += delta;
            out.push({ type: 'tool-call-delta', index: tool.index, argumentsDelta: delta });
          }
          break;
        }
        case 'response.function_call_arguments.done': {
          const tool = toolAt(outputIndexOf(data), data, out);
          const rest = remainder(tool.arguments, stringAt(data, 'arguments'));
          if (rest !== '') {
            tool.arguments += rest;
            out.push({ type: 'tool-call-delta', index: tool.index, argumentsDelta: rest });
          }
          break;
        }
        case 'response.output_item.done':
          onItemDone(data, out);
          break;
        case 'response.completed':
        case 'response.incomplete':
          onFinished(type, data, out);
          break;
        default:
          // response.created/in_progress/queued (start only), *.done duplicates of the
          // deltas, annotations, hosted-tool progress: nothing more to say in IR.
          break;
      }
      return out;
    },

    end(): StreamPart[] {
      if (done) return [];
      done = true;
      const out = ensureStart();
      closeAll(out);
      out.push({ type: 'finish', reason: STREAM_ENDED_EARLY });
      return out;
    },
  };
}

function parseData(data: string): JsonObject | undefined {
  if (data === '' || data === '[DONE]') return undefined;
  try {
    const parsed: unknown = JSON.parse(data);
    return isJsonObject(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** One whole IR part as a complete block of stream parts. */
function blockOf(part: ContentPart, nextToolIndex: () => number): StreamPart[] {
  switch (part.type) {
    case 'text':
      return [{ type: 'text-start' }, { type: 'text-delta', text: part.text }, { type: 'text-end' }];
    case 'reasoning': {
      const parts: StreamPart[] = [{ type: 'reasoning-start' }];
      if (part.text !== '') parts.push({ type: 'reasoning-delta', text: part.text });
      if (part.redacted) parts.push({ type: 'reasoning-redacted', data: part.redacted });
      parts.push({ type: 'reasoning-end' });
      return parts;
    }
    case 'tool-call': {
      const index = nextToolIndex();
      const parts: StreamPart[] = [{ type: 'tool-call-start', index, id: part.id, name: part.name }];
      if (part.arguments !== '') parts.push({ type: 'tool-call-delta', index, argumentsDelta: part.arguments });
      parts.push({ type: 'tool-call-end', index });
      return parts;
    }
    default:
      return [];
  }
}
