import type { ContentPart } from '../../ir/chat-request.js';
import { type ThoughtBlock, encodeThoughtSignature } from '../../wire/gemini/thought-signature.js';
import { isObject } from '../validate.js';

export type GeminiOutPart = Record<string, unknown>;

/**
 * Reasoning waiting for the part it led to: Gemini puts a thought signature on the part after
 * the thinking (text or functionCall), and clients echo it back on that part.
 */
export class PendingThoughts {
  private blocks: ThoughtBlock[] = [];

  add(block: ThoughtBlock): void {
    if (block.signature !== undefined || block.redacted !== undefined) this.blocks.push(block);
  }

  get waiting(): boolean {
    return this.blocks.length > 0;
  }

  /** Puts the waiting signature (if any) on `part`. */
  sign(part: GeminiOutPart): GeminiOutPart {
    const signature = encodeThoughtSignature(this.blocks);
    this.blocks = [];
    if (signature !== undefined) part.thoughtSignature = signature;
    return part;
  }

  /** Reasoning with nothing after it goes out on an empty text part, as Gemini sends it. */
  flush(): GeminiOutPart[] {
    return this.waiting ? [this.sign({ text: '' })] : [];
  }
}

/** A tool call → a whole `functionCall` part (arguments as an object). */
export function functionCallPart(id: string, name: string, args: string, pending: PendingThoughts, ownSignature?: string): GeminiOutPart[] {
  const out: GeminiOutPart[] = [];
  const part: GeminiOutPart = { functionCall: { name, args: parseArgs(args), id } };
  if (ownSignature !== undefined) {
    out.push(...pending.flush());
    part.thoughtSignature = ownSignature;
    out.push(part);
  } else {
    out.push(pending.sign(part));
  }
  return out;
}

function parseArgs(args: string): Record<string, unknown> {
  if (!args.trim()) return {};
  try {
    const parsed: unknown = JSON.parse(args);
    if (isObject(parsed)) return parsed;
    return { value: parsed };
  } catch {
    // A model that produced broken JSON: the raw text is what there is.
    return { arguments: args };
  }
}

/** Image, audio and file parts an answer may carry → inlineData / fileData. */
export function mediaOutPart(part: Extract<ContentPart, { type: 'image' | 'audio' | 'file' }>): GeminiOutPart | undefined {
  switch (part.type) {
    case 'image':
      return part.source.kind === 'data'
        ? { inlineData: { mimeType: part.source.mediaType, data: part.source.data } }
        : { fileData: { fileUri: part.source.url } };
    case 'audio':
      return { inlineData: { mimeType: `audio/${part.format}`, data: part.data } };
    case 'file':
      if (part.data !== undefined) return { inlineData: { mimeType: part.mediaType ?? 'application/octet-stream', data: part.data } };
      if (part.url !== undefined) return { fileData: { fileUri: part.url, ...(part.mediaType ? { mimeType: part.mediaType } : {}) } };
      return undefined;
  }
}
