import type { ChatRequest, ContentPart } from '../ir/chat-request.js';
import { tokenPieces } from './token-pieces.js';

/** Tokens an image is reserved at before the upstream tells the real count. */
const IMAGE_TOKENS = 1_000;

/**
 * A fast upper-leaning guess of the prompt size, for the reservation made before the call:
 * ~4 characters per token. Cheap enough for every call (a 76 KB coding-agent prompt costs
 * microseconds, where a real tokenizer would cost milliseconds).
 */
export function roughPromptTokens(request: ChatRequest): number {
  let chars = 0;
  let images = 0;
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
        images++;
        break;
    }
  };
  for (const message of request.messages) {
    chars += 16;
    message.content.forEach(visit);
  }
  for (const tool of request.tools ?? []) chars += tool.name.length + (tool.description?.length ?? 0) + JSON.stringify(tool.parameters).length;
  return Math.ceil(chars / 4) + images * IMAGE_TOKENS;
}

type CountTokens = (text: string) => number;
let tokenizer: Promise<CountTokens> | undefined;

/** The longest the tokenizer runs before letting other requests in. */
const SLICE_MS = 4;

/**
 * Counts tokens with a real BPE tokenizer (o200k, the one current OpenAI models use), for
 * token-count calls and answers whose upstream reported no usage. Linear in the text:
 * bounded pieces (see token-pieces.ts), yielding to the event loop every few milliseconds.
 * Loaded on first use: it costs ~60 MB.
 */
export async function countTokens(text: string): Promise<number> {
  tokenizer ??= import('gpt-tokenizer/encoding/o200k_base').then((module) => (value: string) => module.countTokens(value));
  const count = await tokenizer;
  let total = 0;
  let sliceStart = performance.now();
  for (const piece of tokenPieces(text)) {
    total += 'estimate' in piece ? piece.estimate : count(piece.text);
    if (performance.now() - sliceStart > SLICE_MS) {
      await new Promise(setImmediate);
      sliceStart = performance.now();
    }
  }
  return total;
}

/** The prompt's text, for counting when the upstream gave no usage. */
export function promptText(request: ChatRequest): string {
  const out: string[] = [];
  const visit = (part: ContentPart) => {
    if (part.type === 'text' || part.type === 'reasoning') out.push(part.text);
    else if (part.type === 'tool-call') out.push(part.name, part.arguments);
    else if (part.type === 'tool-result') {
      if (typeof part.content === 'string') out.push(part.content);
      else part.content.forEach(visit);
    }
  };
  for (const message of request.messages) message.content.forEach(visit);
  for (const tool of request.tools ?? []) out.push(tool.name, tool.description ?? '', JSON.stringify(tool.parameters));
  return out.join('\n');
}
