import type { RelayErrorInfo } from '../../ir/relay-error.js';
import type { StreamPart } from '../../ir/stream-part.js';
import type { Usage } from '../../ir/usage.js';
import { toGeminiUsage } from '../../wire/gemini/convert-usage.js';
import { toGeminiFinishReason } from '../../wire/gemini/map-finish-reason.js';
import type { ThoughtBlock } from '../../wire/gemini/thought-signature.js';
import type { StreamEncoder } from '../types.js';
import { type GeminiOutPart, PendingThoughts, functionCallPart } from './encode-parts.js';
import { encodeGeminiError } from './encode-error.js';

export interface GenerateContentStreamOptions {
  /** The model the client asked for (`modelVersion`). */
  model: string;
  /** `?alt=sse`: `data: <json>` events; otherwise one JSON array, streamed element by element. */
  sse: boolean;
  includeThoughts: boolean;
}

/**
 * IR stream parts → `GenerateContentResponse` chunks, one per content delta, as Gemini
 * streams them. A function call goes out whole (one chunk, all its arguments) when it ends.
 * The last chunk carries `finishReason` and `usageMetadata`: without them Gemini CLI takes
 * the stream for broken and asks again.
 */
export class GenerateContentStreamEncoder implements StreamEncoder {
  readonly contentType?: string;
  /** Whitespace is valid between the elements of a JSON array; a comment is not. */
  readonly keepAlive?: string;
  private id = '';
  private opened = false;
  private closed = false;
  private usage: Usage | undefined;
  private block: ThoughtBlock | undefined;
  private readonly pending = new PendingThoughts();
  private readonly calls = new Map<number, { id: string; name: string; args: string }>();

  constructor(private readonly options: GenerateContentStreamOptions) {
    if (!options.sse) {
      this.contentType = 'application/json';
      this.keepAlive = '\n';
    }
  }

  encode(part: StreamPart): string {
    if (this.closed) return '';
    switch (part.type) {
      case 'start':
        this.id = part.id;
        return '';
      case 'text-delta':
        if (!part.text) return '';
        return this.chunk([this.pending.sign({ text: part.text })]);
      case 'reasoning-start':
        this.endBlock();
        this.block = { text: '' };
        return '';
      case 'reasoning-delta':
        this.block ??= { text: '' };
        this.block.text += part.text;
        return this.options.includeThoughts && part.text ? this.chunk([{ text: part.text, thought: true }]) : '';
      case 'reasoning-signature':
        this.block ??= { text: '' };
        this.block.signature = part.signature;
        return '';
      case 'reasoning-redacted':
        this.block ??= { text: '' };
        this.block.redacted = part.data;
        return '';
      case 'reasoning-end':
        this.endBlock();
        return '';
      case 'tool-call-start':
        this.endBlock();
        this.calls.set(part.index, { id: part.id, name: part.name, args: '' });
        return '';
      case 'tool-call-delta': {
        const call = this.calls.get(part.index);
        if (call) call.args += part.argumentsDelta;
        return '';
      }
      case 'tool-call-end':
        return this.flushCall(part.index);
      case 'usage':
        this.usage = part.usage;
        return '';
      case 'finish': {
        let out = '';
        for (const index of [...this.calls.keys()]) out += this.flushCall(index);
        this.endBlock();
        const parts = this.pending.flush();
        const body = this.response(parts.length ? parts : [{ text: '' }], toGeminiFinishReason(part.reason), part.usage ?? this.usage);
        out += this.frame(body);
        this.closed = true;
        return this.options.sse ? out : `${out}\r\n]`;
      }
      case 'error':
        return this.error(part.error);
      case 'text-start':
      case 'text-end':
        return '';
      default: {
        const unreachable: never = part;
        return unreachable;
      }
    }
  }

  /** An error after the stream began: Google's error object as the last element, then the end. */
  error(error: RelayErrorInfo): string {
    if (this.closed) return '';
    this.closed = true;
    const json = JSON.stringify(encodeGeminiError(error));
    if (this.options.sse) return `data: ${json}\r\n\r\n`;
    return `${this.opened ? ',\r\n' : '['}${json}]`;
  }

  private endBlock(): void {
    if (this.block) this.pending.add(this.block);
    this.block = undefined;
  }

  private flushCall(index: number): string {
    const call = this.calls.get(index);
    if (!call) return '';
    this.calls.delete(index);
    return this.chunk(functionCallPart(call.id, call.name, call.args, this.pending));
  }

  private chunk(parts: GeminiOutPart[]): string {
    return this.frame(this.response(parts));
  }

  private response(parts: GeminiOutPart[], finishReason?: string, usage?: Usage): Record<string, unknown> {
    const candidate: Record<string, unknown> = { content: { role: 'model', parts } };
    if (finishReason !== undefined) candidate.finishReason = finishReason;
    candidate.index = 0;
    const body: Record<string, unknown> = { candidates: [candidate] };
    if (finishReason !== undefined) body.usageMetadata = toGeminiUsage(usage);
    body.modelVersion = this.options.model;
    if (this.id) body.responseId = this.id;
    return body;
  }

  private frame(body: unknown): string {
    const json = JSON.stringify(body);
    if (this.options.sse) return `data: ${json}\r\n\r\n`;
    const prefix = this.opened ? ',\r\n' : '[';
    this.opened = true;
    return prefix + json;
  }
}
