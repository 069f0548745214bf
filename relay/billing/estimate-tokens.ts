import type { ChatRequest, ContentPart } from '../ir/chat-request.js';
import { tokenPieces } from './token-pieces.js';

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
