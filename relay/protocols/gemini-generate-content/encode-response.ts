import type { ChatResult } from '../../ir/chat-result.js';
import { toGeminiUsage } from '../../wire/gemini/convert-usage.js';
import { toGeminiFinishReason } from '../../wire/gemini/map-finish-reason.js';
import { type GeminiOutPart, PendingThoughts, functionCallPart, mediaOutPart } from './encode-parts.js';

/**
 * IR answer → a `GenerateContentResponse`: one candidate with the answer's parts in order
 * (thought parts only when the client asked for thoughts), its finish reason, usage, the
 * model the client asked for as `modelVersion`, and the answer's id as `responseId`.
 */
export function encodeGenerateContentResponse(result: ChatResult, clientModel: string, includeThoughts: boolean) {
  const parts: GeminiOutPart[] = [];
  const pending = new PendingThoughts();
  for (const part of result.content) {
    switch (part.type) {
      case 'reasoning':
        if (includeThoughts && part.text) parts.push({ text: part.text, thought: true });
        pending.add({ text: part.text, ...(part.signature !== undefined ? { signature: part.signature } : {}), ...(part.redacted !== undefined ? { redacted: part.redacted } : {}) });
        break;
      case 'text':
        if (part.text || pending.waiting) parts.push(pending.sign({ text: part.text }));
        break;
      case 'tool-call':
        parts.push(...functionCallPart(part.id, part.name, part.arguments, pending, part.signature));
        break;
      case 'image':
      case 'audio':
      case 'file': {
        const media = mediaOutPart(part);
        if (media) parts.push(pending.sign(media));
        break;
      }
      case 'tool-result':
        break;
      default: {
        const unreachable: never = part;
        return unreachable;
      }
    }
  }
  parts.push(...pending.flush());
  if (parts.length === 0) parts.push({ text: '' });
  return {
    candidates: [{ content: { role: 'model', parts }, finishReason: toGeminiFinishReason(result.finish), index: 0 }],
    usageMetadata: toGeminiUsage(result.usage),
    modelVersion: clientModel,
    responseId: result.id,
  };
}
