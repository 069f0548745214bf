import type { ChatRequest } from '../../ir/chat-request.js';
import type { RelayErrorInfo } from '../../ir/relay-error.js';
import type { StreamPart } from '../../ir/stream-part.js';
import type { Usage } from '../../ir/usage.js';
import { toResponsesStatus } from '../../wire/openai-responses/map-finish-reason.js';
import type { StreamEncoder } from '../types.js';
import {
  buildResponse,
  customInputOf,
  isCustomTool,
  messageItem,
  newItemId,
  outputTextPart,
  reasoningItem,
  responseErrorOf,
  responseIdOf,
  toolCallItem,
} from './output-items.js';
import type { Json, ResponseStatus } from './output-items.js';
import { encryptedContentOf } from './reasoning-items.js';
import { noteTranslation } from './request-context.js';
import type { ResponsesRequestContext } from './request-context.js';
import type { ToolNameMap } from './tool-names.js';

interface OpenMessage {
  outputIndex: number;
  id: string;
  text: string;
}

interface OpenReasoning {
  outputIndex: number;
  id: string;
  text: string;
  summaryOpen: boolean;
  signature?: string;
  redacted?: string;
}

interface OpenToolCall {
  outputIndex: number;
  id: string;
  callId: string;
  /** The flat (IR) name. */
  name: string;
  custom: boolean;
  arguments: string;
}

/**
 * IR stream parts → responses stream events, each with its `event:` line and a
 * `sequence_number` counting from 0:
 *
 * `response.created` → `response.in_progress` → per output item `response.output_item.added`,
 * its content events, `response.output_item.done` (with the complete item) → finally
 * `response.completed` (or `response.incomplete`) carrying the whole Response with usage.
 *
 * Content events: text → `content_part.added`, `output_text.delta`*, `output_text.done`,
 * `content_part.done`; reasoning → `reasoning_summary_part.added`,
 * `reasoning_summary_text.delta`*, `reasoning_summary_text.done`,
 * `reasoning_summary_part.done` (one summary part per reasoning block; its signature or
 * redacted data as `encrypted_content` of the done item); tool calls →
 * `function_call_arguments.delta`*, `function_call_arguments.done` (custom tools:
 * `custom_tool_call_input.delta`/`.done`, the input known once the call is complete).
 * An error ends the stream with an `error` event and `response.failed`.
 */
export class ResponsesStreamEncoder implements StreamEncoder {
  private sequence = 0;
  private started = false;
  private ended = false;
  private responseId = '';
  private createdAt = Math.floor(Date.now() / 1000);
  /** Finished items by output index (in-progress ones are added when they end). */
  private readonly output: Json[] = [];
  private nextOutputIndex = 0;
  private message: OpenMessage | undefined;
  private reasoning: OpenReasoning | undefined;
  private readonly toolCalls = new Map<number, OpenToolCall>();
  private usage: Usage | undefined;
  private readonly toolNames: ToolNameMap;

  constructor(
    private readonly request: ChatRequest,
    private readonly context: ResponsesRequestContext,
  ) {
    this.toolNames = context.toolNames;
  }

  encode(part: StreamPart): string {
    if (this.ended) return '';
    if (part.type === 'error') return this.error(part.error);
    // Only a translated stream is encoded part by part: what it dropped is noted now.
    noteTranslation(this.context);
    let out = part.type === 'start' ? '' : this.ensureStarted();
    switch (part.type) {
      case 'start':
        this.responseId = responseIdOf(part.id);
        this.createdAt = part.created;
        return this.ensureStarted();
      case 'text-start':
        return out + this.openMessage();
      case 'text-delta': {
        out += this.openMessage();
        if (part.text === '') return out;
        const message = this.message!;
        message.text += part.text;
        return out + this.event('response.output_text.delta', { item_id: message.id, output_index: message.outputIndex, content_index: 0, delta: part.text, logprobs: [] });
      }
      case 'text-end':
        return out + this.closeMessage();
      case 'reasoning-start':
        return out + this.openReasoning();
      case 'reasoning-delta': {
        out += this.openReasoning();
        if (part.text === '') return out;
        const reasoning = this.reasoning!;
        const at = { item_id: reasoning.id, output_index: reasoning.outputIndex, summary_index: 0 };
        if (!reasoning.summaryOpen) {
          reasoning.summaryOpen = true;
          out += this.event('response.reasoning_summary_part.added', { ...at, part: { type: 'summary_text', text: '' } });
        }
        reasoning.text += part.text;
        return out + this.event('response.reasoning_summary_text.delta', { ...at, delta: part.text });
      }
      case 'reasoning-signature':
        out += this.openReasoning();
        this.reasoning!.signature = part.signature;
        return out;
      case 'reasoning-redacted':
        out += this.openReasoning();
        this.reasoning!.redacted = part.data;
        return out;
      case 'reasoning-end':
        return out + this.closeReasoning();
      case 'tool-call-start':
        return out + this.openToolCall(part.index, part.id, part.name);
      case 'tool-call-delta': {
        let call = this.toolCalls.get(part.index);
        if (!call) {
          out += this.openToolCall(part.index, '', '');
          call = this.toolCalls.get(part.index)!;
        }
        call.arguments += part.argumentsDelta;
        if (call.custom || part.argumentsDelta === '') return out;
        return out + this.event('response.function_call_arguments.delta', { item_id: call.id, output_index: call.outputIndex, delta: part.argumentsDelta });
      }
      case 'tool-call-end':
        return out + this.closeToolCall(part.index);
      case 'usage':
        this.usage = part.usage;
        return out;
      case 'finish': {
        out += this.closeAll();
        const { status, incompleteReason } = toResponsesStatus(part.reason);
        this.ended = true;
        const response = this.response(status, { usage: part.usage ?? this.usage, incompleteReason });
        return out + this.event(status === 'incomplete' ? 'response.incomplete' : 'response.completed', { response });
      }
      default: {
        const unreachable: never = part;
        return unreachable;
      }
    }
  }

  /** After the stream began: an `error` event, then `response.failed` with what was finished. */
  error(error: RelayErrorInfo): string {
    if (this.ended) return '';
    this.ended = true;
    const event = this.event('error', { code: error.code || null, message: error.message, param: error.param || null });
    return event + this.event('response.failed', { response: this.response('failed', { error: responseErrorOf(error) }) });
  }

  // ---- Items ---------------------------------------------------------------------------------

  private ensureStarted(): string {
    if (this.started) return '';
    this.started = true;
    if (!this.responseId) this.responseId = newItemId('resp_');
    const response = this.response('in_progress', {});
    return this.event('response.created', { response }) + this.event('response.in_progress', { response });
  }

  private openMessage(): string {
    if (this.message) return '';
    let out = this.closeReasoning();
    const message: OpenMessage = { outputIndex: this.nextOutputIndex++, id: newItemId('msg_'), text: '' };
    this.message = message;
    out += this.event('response.output_item.added', {
      output_index: message.outputIndex,
      item: { id: message.id, type: 'message', status: 'in_progress', content: [], role: 'assistant' },
    });
    return out + this.event('response.content_part.added', { item_id: message.id, output_index: message.outputIndex, content_index: 0, part: outputTextPart('') });
  }

  private closeMessage(): string {
    const message = this.message;
    if (!message) return '';
    this.message = undefined;
    const at = { item_id: message.id, output_index: message.outputIndex, content_index: 0 };
    const item = messageItem(message.id, message.text, 'completed');
    this.output[message.outputIndex] = item;
    return (
      this.event('response.output_text.done', { ...at, text: message.text, logprobs: [] }) +
      this.event('response.content_part.done', { ...at, part: outputTextPart(message.text) }) +
      this.event('response.output_item.done', { output_index: message.outputIndex, item })
    );
  }

  private openReasoning(): string {
    if (this.reasoning) return '';
    const out = this.closeMessage();
    const reasoning: OpenReasoning = { outputIndex: this.nextOutputIndex++, id: newItemId('rs_'), text: '', summaryOpen: false };
    this.reasoning = reasoning;
    return out + this.event('response.output_item.added', { output_index: reasoning.outputIndex, item: { id: reasoning.id, type: 'reasoning', summary: [] } });
  }

  private closeReasoning(): string {
    const reasoning = this.reasoning;
    if (!reasoning) return '';
    this.reasoning = undefined;
    let out = '';
    if (reasoning.summaryOpen) {
      const at = { item_id: reasoning.id, output_index: reasoning.outputIndex, summary_index: 0 };
      out += this.event('response.reasoning_summary_text.done', { ...at, text: reasoning.text });
      out += this.event('response.reasoning_summary_part.done', { ...at, part: { type: 'summary_text', text: reasoning.text } });
    }
    const encrypted = encryptedContentOf(reasoning);
    const item = reasoningItem(reasoning.id, reasoning.summaryOpen ? reasoning.text : '', encrypted);
    this.output[reasoning.outputIndex] = item;
    return out + this.event('response.output_item.done', { output_index: reasoning.outputIndex, item });
  }

  private openToolCall(index: number, callId: string, name: string): string {
    if (this.toolCalls.has(index)) return '';
    const out = this.closeMessage() + this.closeReasoning();
    const custom = isCustomTool(this.toolNames, name);
    const call: OpenToolCall = { outputIndex: this.nextOutputIndex++, id: newItemId(custom ? 'ctc_' : 'fc_'), callId: callId || newItemId('call_'), name, custom, arguments: '' };
    this.toolCalls.set(index, call);
    const item = this.toolItem(call, 'in_progress');
    return out + this.event('response.output_item.added', { output_index: call.outputIndex, item });
  }

  private closeToolCall(index: number): string {
    const call = this.toolCalls.get(index);
    if (!call) return '';
    this.toolCalls.delete(index);
    let out = '';
    const item = this.toolItem(call, 'completed');
    if (call.custom) {
      const input = String(item.input);
      const at = { item_id: call.id, output_index: call.outputIndex };
      if (input !== '') out += this.event('response.custom_tool_call_input.delta', { ...at, delta: input });
      out += this.event('response.custom_tool_call_input.done', { ...at, input });
    } else {
      out += this.event('response.function_call_arguments.done', { item_id: call.id, name: item.name, output_index: call.outputIndex, arguments: call.arguments });
    }
    this.output[call.outputIndex] = item;
    return out + this.event('response.output_item.done', { output_index: call.outputIndex, item });
  }

  private toolItem(call: OpenToolCall, status: ResponseStatus): Json {
    const item = toolCallItem(this.toolNames, { itemId: call.id, callId: call.callId, name: call.name, arguments: call.arguments }, status);
    // While in progress a custom call's input is still unknown (its arguments are JSON in pieces).
    if (call.custom && status === 'in_progress') item.input = '';
    else if (call.custom) item.input = customInputOf(call.arguments);
    return item;
  }

  private closeAll(): string {
    let out = this.closeMessage() + this.closeReasoning();
    for (const index of [...this.toolCalls.keys()].sort((a, b) => a - b)) out += this.closeToolCall(index);
    return out;
  }

  // ---- Framing -------------------------------------------------------------------------------

  private response(status: ResponseStatus, extra: { usage?: Usage | undefined; incompleteReason?: string | undefined; error?: Json }): Json {
    return buildResponse(this.request, this.context.echo, {
      id: this.responseId || newItemId('resp_'),
      createdAt: this.createdAt,
      status,
      output: this.output.filter((item): item is Json => item !== undefined),
      ...extra,
    });
  }

  private event(type: string, fields: Json): string {
    const data = { type, ...fields, sequence_number: this.sequence++ };
    return `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
  }
}
