import { randomUUID } from 'node:crypto';
import type { ChatRequest } from '../../ir/chat-request.js';
import type { FinishReason } from '../../ir/finish-reason.js';
import type { StreamPart } from '../../ir/stream-part.js';
import { fromMessagesUsage, mergeMessagesUsage } from '../../wire/anthropic-messages/convert-usage.js';
import { fromMessagesStopReason } from '../../wire/anthropic-messages/map-finish-reason.js';
import { parseAnthropicStreamError } from '../../wire/anthropic-messages/parse-error.js';
import type { AnthropicUsage } from '../../wire/anthropic-messages/wire-types.js';
import type { SseEvent } from '../../wire/sse-event.js';
import type { StreamDecoder } from '../types.js';

type OpenBlock = { kind: 'text' } | { kind: 'reasoning' } | { kind: 'tool'; index: number } | { kind: 'ignored' };

/** What the IR says when the upstream stream stopped before `message_stop` and gave no reason. */
export const INCOMPLETE_STREAM_FINISH: FinishReason = { unified: 'error', raw: 'incomplete_stream' };

/**
 * Anthropic's streamed events → IR stream parts.
 *
 * `message_start` → start (usage remembered); `content_block_start/_delta/_stop` → the
 * text / reasoning / tool-call lifecycle (tool calls numbered from 0 in their own count);
 * `message_delta` → stop reason and cumulative usage; `message_stop` → finish with the
 * combined usage; `error` → error (open blocks closed first); `ping` and unknown events are ignored. Blocks the IR
 * has no part for (server tools) are skipped whole. `end()` completes a stream that stopped
 * short: it closes open blocks and finishes (with the stop reason if one came, else
 * `incomplete_stream`).
 */
export class AnthropicStreamDecoder implements StreamDecoder {
  private started = false;
  private done = false;
  private readonly open = new Map<number, OpenBlock>();
  private toolCount = 0;
  private usage: AnthropicUsage | undefined;
  private stopReason: string | undefined;

  constructor(private readonly request: ChatRequest) {}

  push(event: SseEvent): StreamPart[] {
    if (this.done) return [];
    let data: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(event.data);
      if (!parsed || typeof parsed !== 'object') return [];
      data = parsed as Record<string, unknown>;
    } catch {
      return []; // keep-alives, `[DONE]` of compatible upstreams
    }
    const type = typeof data.type === 'string' ? data.type : event.event;
    const out: StreamPart[] = [];
    switch (type) {
      case 'message_start': {
        const message = obj(data.message);
        this.usage = mergeMessagesUsage(this.usage, message.usage);
        if (!this.started) {
          this.started = true;
          out.push({
            type: 'start',
            id: str(message.id) || newMessageId(),
            model: str(message.model) || this.request.model,
            created: nowSeconds(),
          });
        }
        break;
      }
      case 'content_block_start':
        this.ensureStarted(out);
        this.startBlock(num(data.index), obj(data.content_block), out);
        break;
      case 'content_block_delta':
        this.ensureStarted(out);
        this.delta(num(data.index), obj(data.delta), out);
        break;
      case 'content_block_stop':
        this.stopBlock(num(data.index), out);
        break;
      case 'message_delta': {
        const delta = obj(data.delta);
        if (typeof delta.stop_reason === 'string') this.stopReason = delta.stop_reason;
        this.usage = mergeMessagesUsage(this.usage, data.usage);
        break;
      }
      case 'message_stop':
        this.ensureStarted(out);
        this.closeAll(out);
        out.push(this.finish(fromMessagesStopReason(this.stopReason)));
        this.done = true;
        break;
      case 'error':
        // No start is made up for an error that came first: nothing reached the client yet,
        // so the call can still be retried or answered as a plain error.
        this.closeAll(out);
        out.push({ type: 'error', error: parseAnthropicStreamError(data) });
        this.done = true;
        break;
      default:
        break; // ping, and events added to the API later
    }
    return out;
  }

  end(): StreamPart[] {
    if (this.done) return [];
    const out: StreamPart[] = [];
    this.ensureStarted(out);
    this.closeAll(out);
    out.push(this.finish(this.stopReason ? fromMessagesStopReason(this.stopReason) : INCOMPLETE_STREAM_FINISH));
    this.done = true;
    return out;
  }

  private ensureStarted(out: StreamPart[]): void {
    if (this.started) return;
    this.started = true;
    out.push({ type: 'start', id: newMessageId(), model: this.request.model, created: nowSeconds() });
  }

  private startBlock(index: number, block: Record<string, unknown>, out: StreamPart[]): void {
    if (this.open.has(index)) this.stopBlock(index, out);
    switch (block.type) {
      case 'text': {
        this.open.set(index, { kind: 'text' });
        out.push({ type: 'text-start' });
        const text = str(block.text);
        if (text) out.push({ type: 'text-delta', text });
        break;
      }
      case 'thinking': {
        this.open.set(index, { kind: 'reasoning' });
        out.push({ type: 'reasoning-start' });
        const text = str(block.thinking);
        if (text) out.push({ type: 'reasoning-delta', text });
        const signature = str(block.signature);
        if (signature) out.push({ type: 'reasoning-signature', signature });
        break;
      }
      case 'redacted_thinking':
        this.open.set(index, { kind: 'reasoning' });
        out.push({ type: 'reasoning-start' }, { type: 'reasoning-redacted', data: str(block.data) });
        break;
      case 'tool_use': {
        const toolIndex = this.toolCount++;
        this.open.set(index, { kind: 'tool', index: toolIndex });
        out.push({ type: 'tool-call-start', index: toolIndex, id: str(block.id), name: str(block.name) });
        // The API starts with `input: {}` and streams the JSON; some compatible upstreams
        // put the whole input here instead.
        const input = block.input;
        if (input && typeof input === 'object' && Object.keys(input).length > 0) {
          out.push({ type: 'tool-call-delta', index: toolIndex, argumentsDelta: JSON.stringify(input) });
        }
        break;
      }
      default:
        this.open.set(index, { kind: 'ignored' });
        break;
    }
  }

  private delta(index: number, delta: Record<string, unknown>, out: StreamPart[]): void {
    let block = this.open.get(index);
    // A delta for a block that was never started (lenient compatible upstreams): open it.
    if (!block && delta.type === 'text_delta') this.startBlock(index, { type: 'text' }, out);
    if (!block && (delta.type === 'thinking_delta' || delta.type === 'signature_delta')) this.startBlock(index, { type: 'thinking' }, out);
    block = this.open.get(index);
    if (!block) return;
    switch (delta.type) {
      case 'text_delta':
        if (block.kind === 'text' && str(delta.text)) out.push({ type: 'text-delta', text: str(delta.text) });
        break;
      case 'thinking_delta':
        if (block.kind === 'reasoning' && str(delta.thinking)) out.push({ type: 'reasoning-delta', text: str(delta.thinking) });
        break;
      case 'signature_delta':
        if (block.kind === 'reasoning' && str(delta.signature)) out.push({ type: 'reasoning-signature', signature: str(delta.signature) });
        break;
      case 'input_json_delta':
        if (block.kind === 'tool' && str(delta.partial_json)) {
          out.push({ type: 'tool-call-delta', index: block.index, argumentsDelta: str(delta.partial_json) });
        }
        break;
      default:
        break; // citations_delta and others the IR does not carry
    }
  }

  private stopBlock(index: number, out: StreamPart[]): void {
    const block = this.open.get(index);
    if (!block) return;
    this.open.delete(index);
    switch (block.kind) {
      case 'text':
        out.push({ type: 'text-end' });
        break;
      case 'reasoning':
        out.push({ type: 'reasoning-end' });
        break;
      case 'tool':
        out.push({ type: 'tool-call-end', index: block.index });
        break;
      case 'ignored':
        break;
    }
  }

  private closeAll(out: StreamPart[]): void {
    for (const index of [...this.open.keys()].sort((a, b) => a - b)) this.stopBlock(index, out);
  }

  private finish(reason: FinishReason): StreamPart {
    const usage = fromMessagesUsage(this.usage);
    return usage ? { type: 'finish', reason, usage } : { type: 'finish', reason };
  }
}

function obj(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function num(value: unknown): number {
  return typeof value === 'number' ? value : 0;
}

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

function newMessageId(): string {
  return `msg_${randomUUID().replace(/-/g, '')}`;
}
