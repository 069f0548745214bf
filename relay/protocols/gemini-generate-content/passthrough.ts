import type { RelayErrorInfo } from '../../ir/relay-error.js';
import type { Usage } from '../../ir/usage.js';
import { convertGeminiUsage } from '../../providers/gemini/convert-gemini-usage.js';
import type { GeminiUsageMetadata } from '../../providers/gemini/gemini-wire-types.js';
import { parseGeminiError } from '../../providers/gemini/parse-gemini-error.js';
import { isObject } from '../validate.js';
import type { PassthroughStreamTap } from '../types.js';

/** Usage of a whole generate-content answer that went through untouched. */
export function geminiUsageOf(answer: unknown): Usage | undefined {
  return isObject(answer) && isObject(answer.usageMetadata) ? convertGeminiUsage(answer.usageMetadata as GeminiUsageMetadata) : undefined;
}

/**
 * Forwards a Gemini `alt=sse` stream as it came. Every event is a whole response chunk: the
 * last `usageMetadata` is the call's usage (Gemini's counts are running totals), the answer
 * begins with the first candidate content, a `finishReason` (or a blocked prompt) ends it,
 * and an `error` object is the upstream failing.
 */
export class GeminiPassthroughTap implements PassthroughStreamTap {
  usage: Usage | undefined;
  outputText = '';
  answering = false;
  finished = false;
  error: RelayErrorInfo | undefined;

  forward(rawEvent: string, data: string): string {
    if (!data.trim()) return rawEvent;
    let chunk: unknown;
    try {
      chunk = JSON.parse(data);
    } catch {
      return rawEvent;
    }
    if (Array.isArray(chunk)) chunk = chunk[0];
    if (!isObject(chunk)) return rawEvent;
    if (isObject(chunk.error)) {
      this.error = parseGeminiError(typeof chunk.error.code === 'number' ? chunk.error.code : 500, data);
      return rawEvent;
    }
    const usage = geminiUsageOf(chunk);
    if (usage) this.usage = usage;
    const candidates = Array.isArray(chunk.candidates) ? chunk.candidates : [];
    const candidate = candidates.find((c) => isObject(c) && (c.index ?? 0) === 0);
    if (isObject(candidate)) {
      const content = isObject(candidate.content) ? candidate.content : {};
      const parts = Array.isArray(content.parts) ? content.parts : [];
      for (const part of parts) {
        if (!isObject(part)) continue;
        this.answering = true;
        if (typeof part.text === 'string') this.outputText += part.text;
        if (isObject(part.functionCall)) this.outputText += JSON.stringify(part.functionCall.args ?? {});
      }
      if (typeof candidate.finishReason === 'string' && candidate.finishReason) {
        this.answering = true;
        this.finished = true;
      }
    } else if (isObject(chunk.promptFeedback) && typeof chunk.promptFeedback.blockReason === 'string') {
      this.answering = true;
      this.finished = true;
    }
    return rawEvent;
  }
}
