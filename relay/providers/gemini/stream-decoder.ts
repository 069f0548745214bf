import type { ChatRequest } from '../../ir/chat-request.js';
import type { FinishReason } from '../../ir/finish-reason.js';
import type { StreamPart } from '../../ir/stream-part.js';
import type { Usage } from '../../ir/usage.js';
import { fromGeminiUsage } from '../../wire/gemini/convert-usage.js';
import { fromGeminiBlockReason, fromGeminiFinishReason } from '../../wire/gemini/map-finish-reason.js';
import { parseGeminiError } from '../../wire/gemini/parse-error.js';
import { type GeminiPart, type GeminiResponse, isRecord } from '../../wire/gemini/wire-types.js';
import type { SseEvent } from '../../wire/sse-event.js';
import type { StreamDecoder } from '../types.js';
import { newCallId, newResponseId } from './ids.js';

/**
 * `:streamGenerateContent?alt=sse` → IR stream parts. Every `data:` is a whole
 * GenerateContentResponse holding the next piece of each part. Text pieces flow into one
 * text block; thought pieces into one reasoning block. A `thoughtSignature` ends the open
 * reasoning block (or a new empty one) as its signature, placed just before the text or
 * function call it rode on, so the next request can put it back on that part. A
 * functionCall always arrives whole: start, one delta with all its arguments, end.
 */
export function createGeminiStreamDecoder(request: ChatRequest): StreamDecoder {
  let started = false;
  let done = false;
  let textOpen = false;
  let reasoningOpen = false;
  let toolCalls = 0;
  let usage: Usage | undefined;

  const closeText = (out: StreamPart[]) => {
    if (textOpen) out.push({ type: 'text-end' });
    textOpen = false;
  };
  const closeReasoning = (out: StreamPart[]) => {
    if (reasoningOpen) out.push({ type: 'reasoning-end' });
    reasoningOpen = false;
  };
  const closeAll = (out: StreamPart[]) => {
    closeText(out);
    closeReasoning(out);
  };
  const signReasoning = (out: StreamPart[], signature: string) => {
    closeText(out);
    if (!reasoningOpen) out.push({ type: 'reasoning-start' });
    out.push({ type: 'reasoning-signature', signature }, { type: 'reasoning-end' });
    reasoningOpen = false;
  };
  const finish = (out: StreamPart[], reason: FinishReason) => {
    closeAll(out);
    out.push(usage ? { type: 'finish', reason, usage } : { type: 'finish', reason });
    done = true;
  };

  const pushPart = (out: StreamPart[], part: GeminiPart) => {
    const signature = typeof part.thoughtSignature === 'string' && part.thoughtSignature ? part.thoughtSignature : undefined;
    if (isRecord(part.functionCall)) {
      const call = part.functionCall;
      closeText(out);
      if (signature) signReasoning(out, signature);
      else closeReasoning(out);
      const index = toolCalls++;
      const id = typeof call.id === 'string' && call.id ? call.id : newCallId();
      out.push(
        { type: 'tool-call-start', index, id, name: typeof call.name === 'string' ? call.name : '' },
        { type: 'tool-call-delta', index, argumentsDelta: JSON.stringify(isRecord(call.args) ? call.args : {}) },
        { type: 'tool-call-end', index },
      );
    } else if (typeof part.text === 'string' && part.thought) {
      closeText(out);
      if (!reasoningOpen) out.push({ type: 'reasoning-start' });
      reasoningOpen = true;
      if (part.text) out.push({ type: 'reasoning-delta', text: part.text });
      if (signature) signReasoning(out, signature);
    } else if (typeof part.text === 'string') {
      if (signature) signReasoning(out, signature);
      else closeReasoning(out);
      if (!part.text) return;
      if (!textOpen) out.push({ type: 'text-start' });
      textOpen = true;
      out.push({ type: 'text-delta', text: part.text });
    } else if (signature) {
      signReasoning(out, signature);
    }
  };

  return {
    push(event: SseEvent): StreamPart[] {
      if (done) return [];
      const data = event.data.trim();
      if (!data || data === '[DONE]') return [];
      let chunk: unknown;
      try {
        chunk = JSON.parse(data);
      } catch {
        done = true;
        return [{ type: 'error', error: { status: 502, kind: 'upstream', message: `Gemini sent a stream chunk that is not JSON: ${data.slice(0, 200)}` } }];
      }
      if (Array.isArray(chunk)) chunk = chunk[0];
      if (!isRecord(chunk)) return [];
      if (isRecord(chunk.error)) {
        done = true;
        const status = typeof chunk.error.code === 'number' ? chunk.error.code : 500;
        return [{ type: 'error', error: parseGeminiError(status, data) }];
      }

      const response = chunk as GeminiResponse;
      const out: StreamPart[] = [];
      if (!started) {
        started = true;
        out.push({
          type: 'start',
          id: typeof response.responseId === 'string' && response.responseId ? response.responseId : newResponseId(),
          model: typeof response.modelVersion === 'string' && response.modelVersion ? response.modelVersion : request.model,
          created: Math.floor(Date.now() / 1000),
        });
      }
      if (isRecord(response.usageMetadata)) usage = fromGeminiUsage(response.usageMetadata);

      const candidates = Array.isArray(response.candidates) ? response.candidates : [];
      // Only the first candidate is relayed (the others of `n > 1` carry their own index).
      const candidate = candidates.find((c) => isRecord(c) && (c.index ?? 0) === 0);
      const parts = candidate?.content?.parts;
      if (Array.isArray(parts)) for (const part of parts) if (isRecord(part)) pushPart(out, part as GeminiPart);

      if (typeof candidate?.finishReason === 'string') {
        finish(out, fromGeminiFinishReason(candidate.finishReason, toolCalls > 0));
      } else if (candidates.length === 0 && typeof response.promptFeedback?.blockReason === 'string') {
        finish(out, fromGeminiBlockReason(response.promptFeedback.blockReason));
      }
      return out;
    },

    end(): StreamPart[] {
      if (done) return [];
      const out: StreamPart[] = [];
      if (!started) {
        started = true;
        out.push({ type: 'start', id: newResponseId(), model: request.model, created: Math.floor(Date.now() / 1000) });
      }
      // No finishReason came: the stream was cut short, so the answer may be incomplete.
      finish(out, { unified: 'other' });
      return out;
    },
  };
}
