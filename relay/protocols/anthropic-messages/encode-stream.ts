import { randomUUID } from 'node:crypto';
import type { ChatRequest, ContentPart } from '../../ir/chat-request.js';
import type { RelayErrorInfo } from '../../ir/relay-error.js';
import type { StreamPart } from '../../ir/stream-part.js';
import type { Usage } from '../../ir/usage.js';
import { toMessagesUsage } from '../../wire/anthropic-messages/convert-usage.js';
import { toMessagesStopReason } from '../../wire/anthropic-messages/map-finish-reason.js';
import type { StreamEncoder } from '../types.js';
import { messagesErrorEvent } from './encode-error.js';
import { messageId } from './encode-response.js';

/** The stream's own guesses, shown where the upstream has not counted (yet): ~4 characters a token. */
const CHARS_PER_TOKEN = 4;
/** An image, audio clip or file in the prompt, guessed at. */
const MEDIA_TOKENS_GUESS = 1_000;

type OpenBlock = { kind: 'text'; index: number } | { kind: 'thinking'; index: number } | { kind: 'tool'; index: number; tool: ToolBlock };

interface ToolBlock {
  index: number;
  hasInput: boolean;
}

/**
 * IR stream parts → the messages SSE stream, every event with its `event:` line, in the order
 * the SDKs and Claude Code need:
 * `message_start` (with `message.usage`) → `ping` → per block `content_block_start` →
 * `content_block_delta`* → `content_block_stop` → `message_delta` (stop reason, usage) →
 * `message_stop`.
 *
 * One block is open at a time and block indexes count up from 0. Text and thinking blocks
 * open at their first delta (an empty block is never sent) and close when another block
 * begins, at their end part, or at the finish; a thinking block carries `signature_delta`;
 * encrypted reasoning is a `redacted_thinking` block; a tool call is a `tool_use` block with
 * `input: {}` followed by `input_json_delta`s. After `message_stop` or an `error` event
 * nothing more is written.
 */
export class MessagesStreamEncoder implements StreamEncoder {
  private started = false;
  private ended = false;
  private nextIndex = 0;
  private open: OpenBlock | undefined;
  private readonly tools = new Map<number, ToolBlock>();
  private sawToolUse = false;
  private usage: Usage | undefined;
  private outputChars = 0;
  private readonly estimatedInput: number;

  constructor(private readonly request: ChatRequest) {
    this.estimatedInput = guessInputTokens(request);
  }

  encode(part: StreamPart): string {
    if (this.ended) return '';
    switch (part.type) {
      case 'start':
        return this.ensureStarted(part.id);
      case 'text-start':
      case 'reasoning-start':
        return '';
      case 'text-delta':
        if (part.text === '') return '';
        this.outputChars += part.text.length;
        return this.openBlock('text') + this.fastDelta('text_delta', 'text', part.text);
      case 'text-end':
        return this.open?.kind === 'text' ? this.closeBlock() : '';
      case 'reasoning-delta':
        if (part.text === '') return '';
        this.outputChars += part.text.length;
        return this.openBlock('thinking') + this.fastDelta('thinking_delta', 'thinking', part.text);
      case 'reasoning-signature':
        return this.openBlock('thinking') + this.delta({ type: 'signature_delta', signature: part.signature });
      case 'reasoning-redacted': {
        const out = this.ensureStarted() + this.closeBlock();
        const index = this.nextIndex++;
        return (
          out +
          this.event('content_block_start', { index, content_block: { type: 'redacted_thinking', data: part.data } }) +
          blockStop(index)
        );
      }
      case 'reasoning-end':
        return this.open?.kind === 'thinking' ? this.closeBlock() : '';
      case 'tool-call-start':
        return this.startTool(part.index, part.id, part.name);
      case 'tool-call-delta': {
        if (part.argumentsDelta === '') return '';
        this.outputChars += part.argumentsDelta.length;
        let out = '';
        let tool = this.tools.get(part.index);
        if (!tool) {
          out += this.startTool(part.index, `toolu_${randomUUID().replace(/-/g, '').slice(0, 24)}`, '');
          tool = this.tools.get(part.index)!;
        }
        tool.hasInput = true;
        return out + this.event('content_block_delta', { index: tool.index, delta: { type: 'input_json_delta', partial_json: part.argumentsDelta } });
      }
      case 'tool-call-end': {
        const tool = this.tools.get(part.index);
        return this.open?.kind === 'tool' && this.open.tool === tool ? this.closeBlock() : '';
      }
      case 'usage':
        this.usage = part.usage;
        return '';
      case 'finish': {
        const out = this.ensureStarted() + this.closeBlock();
        const usage = part.usage ?? this.usage;
        const { stopReason, stopSequence } = toMessagesStopReason(part.reason, this.sawToolUse, this.request.stop);
        this.ended = true;
        return (
          out +
          this.event('message_delta', {
            delta: { stop_reason: stopReason, stop_sequence: stopSequence },
            // Without an upstream count the output is guessed from its characters.
            usage: usage ? toMessagesUsage(usage) : { output_tokens: Math.ceil(this.outputChars / CHARS_PER_TOKEN) },
          }) +
          MESSAGE_STOP
        );
      }
      case 'error':
        return this.error(part.error);
      default: {
        const unreachable: never = part;
        return unreachable;
      }
    }
  }

  /** An `error` event; the stream ends there (a second call writes nothing). */
  error(error: RelayErrorInfo): string {
    if (this.ended) return '';
    this.ended = true;
    return messagesErrorEvent(error);
  }

  private ensureStarted(id?: string): string {
    if (this.started) return '';
    this.started = true;
    const messageIdJson = JSON.stringify(messageId(id ?? randomUUID().replace(/-/g, '')));
    // Written out like the fixed events below (an object built and serialised costs ~4x more).
    // The upstream's real counts come with message_delta; until then, a local guess.
    return (
      `event: message_start\ndata: {"type":"message_start","message":{"id":${messageIdJson},"type":"message","role":"assistant","model":${JSON.stringify(this.request.model)},` +
      `"content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":${this.estimatedInput},"cache_creation_input_tokens":0,"cache_read_input_tokens":0,"output_tokens":0}}}\n\n${PING}`
    );
  }

  /** Opens a text or thinking block unless one of that kind is open already. */
  private openBlock(kind: 'text' | 'thinking'): string {
    if (this.open?.kind === kind) return '';
    const out = this.ensureStarted() + this.closeBlock();
    const index = this.nextIndex++;
    this.open = { kind, index };
    const block = kind === 'text' ? '{"type":"text","text":""}' : '{"type":"thinking","thinking":"","signature":""}';
    return `${out}event: content_block_start\ndata: {"type":"content_block_start","index":${index},"content_block":${block}}\n\n`;
  }

  private startTool(toolIndex: number, id: string, name: string): string {
    const out = this.ensureStarted() + this.closeBlock();
    const tool: ToolBlock = { index: this.nextIndex++, hasInput: false };
    this.tools.set(toolIndex, tool);
    this.open = { kind: 'tool', index: tool.index, tool };
    this.sawToolUse = true;
    return out + this.event('content_block_start', { index: tool.index, content_block: { type: 'tool_use', id, name, input: {} } });
  }

  private closeBlock(): string {
    const open = this.open;
    if (!open) return '';
    this.open = undefined;
    let out = '';
    // A tool called without arguments still gets a JSON object as its input.
    if (open.kind === 'tool' && !open.tool.hasInput) {
      open.tool.hasInput = true;
      out += this.delta({ type: 'input_json_delta', partial_json: '{}' }, open.index);
    }
    return out + blockStop(open.index);
  }

  private delta(delta: Record<string, unknown>, index = this.open!.index): string {
    return this.event('content_block_delta', { index, delta });
  }

  /**
   * The most frequent event, written without building objects: byte for byte what
   * `delta({type: kind, [field]: text})` gives (it is a fifth of a translated stream's CPU).
   */
  private fastDelta(kind: 'text_delta' | 'thinking_delta', field: 'text' | 'thinking', text: string): string {
    return `event: content_block_delta\ndata: {"type":"content_block_delta","index":${this.open!.index},"delta":{"type":"${kind}","${field}":${JSON.stringify(text)}}}\n\n`;
  }

  private event(type: string, data: Record<string, unknown>): string {
    return `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
  }
}

/**
 * `message_start` carries `input_tokens` before a translated upstream has counted anything
 * (it reports usage at its end, which message_delta then carries): a quick guess from the
 * request, cheap enough for every stream (a real tokenizer costs milliseconds on a
 * coding agent's prompt). Billing never reads it.
 */
export function guessInputTokens(request: ChatRequest): number {
  let chars = 0;
  let media = 0;
  const visit = (part: ContentPart) => {
    switch (part.type) {
      case 'text':
      case 'reasoning':
        chars += part.text.length;
        break;
      case 'tool-call':
        chars += part.name.length + part.arguments.length;
        break;
      case 'tool-result':
        if (typeof part.content === 'string') chars += part.content.length;
        else part.content.forEach(visit);
        break;
      case 'image':
      case 'file':
      case 'audio':
        media++;
        break;
    }
  };
  for (const message of request.messages) {
    chars += 16; // role and turn markers
    message.content.forEach(visit);
  }
  for (const tool of request.tools ?? []) chars += tool.name.length + (tool.description?.length ?? 0) + JSON.stringify(tool.parameters).length;
  return Math.ceil(chars / CHARS_PER_TOKEN) + media * MEDIA_TOKENS_GUESS;
}

// The fixed events, written out: byte for byte what event() gives them (every stream has them;
// message_start and a text or thinking block's start are written out the same way).
const PING = 'event: ping\ndata: {"type":"ping"}\n\n';
const MESSAGE_STOP = 'event: message_stop\ndata: {"type":"message_stop"}\n\n';

function blockStop(index: number): string {
  return `event: content_block_stop\ndata: {"type":"content_block_stop","index":${index}}\n\n`;
}
