import type { ContentPart } from '../../ir/chat-request.js';
import { type GeminiPart, isRecord } from '../../wire/gemini/wire-types.js';
import { newCallId } from './ids.js';

/**
 * A whole answer's parts → IR parts, in order. Thought parts → reasoning; a
 * `thoughtSignature` on a thought or text part → the signature of the reasoning part just
 * before that text (an empty reasoning part when there was no thought text), so it goes back
 * on the same part next turn; on a functionCall part → the tool call's `signature`.
 */
export function convertGeminiParts(parts: unknown): ContentPart[] {
  const out: ContentPart[] = [];
  if (!Array.isArray(parts)) return out;
  for (const raw of parts) {
    if (!isRecord(raw)) continue;
    const part = raw as GeminiPart;
    const signature = typeof part.thoughtSignature === 'string' && part.thoughtSignature ? part.thoughtSignature : undefined;
    const last = out.at(-1);
    if (isRecord(part.functionCall)) {
      const call = part.functionCall;
      out.push({
        type: 'tool-call',
        id: typeof call.id === 'string' && call.id ? call.id : newCallId(),
        name: typeof call.name === 'string' ? call.name : '',
        arguments: JSON.stringify(isRecord(call.args) ? call.args : {}),
        ...(signature ? { signature } : {}),
      });
    } else if (typeof part.text === 'string' && part.thought) {
      if (last?.type === 'reasoning' && !last.signature) last.text += part.text;
      else out.push({ type: 'reasoning', text: part.text });
      if (signature) (out.at(-1) as Extract<ContentPart, { type: 'reasoning' }>).signature = signature;
    } else if (typeof part.text === 'string') {
      if (signature) {
        if (last?.type === 'reasoning' && !last.signature) last.signature = signature;
        else out.push({ type: 'reasoning', text: '', signature });
      }
      const previous = out.at(-1);
      if (!part.text) continue;
      if (previous?.type === 'text') previous.text += part.text;
      else out.push({ type: 'text', text: part.text });
    } else if (isRecord(part.inlineData) && typeof part.inlineData.data === 'string') {
      const { mimeType, data } = part.inlineData;
      if (signature) out.push({ type: 'reasoning', text: '', signature });
      if (mimeType.startsWith('image/')) out.push({ type: 'image', source: { kind: 'data', mediaType: mimeType, data } });
      else if (mimeType.startsWith('audio/')) out.push({ type: 'audio', data, format: mimeType.slice('audio/'.length) });
      else out.push({ type: 'file', data, mediaType: mimeType });
    } else if (signature) {
      out.push({ type: 'reasoning', text: '', signature });
    }
  }
  return out;
}
