import type { RelayErrorInfo } from '../../ir/relay-error.js';
import type { Usage } from '../../ir/usage.js';
import { fromGeminiUsage } from '../../wire/gemini/convert-usage.js';
import { parseGeminiError } from '../../wire/gemini/parse-error.js';
import type { GeminiUsageMetadata } from '../../wire/gemini/wire-types.js';
import { isObject } from '../validate.js';
import type { PassthroughStreamTap } from '../types.js';

/** An answer's `usageMetadata` as the IR's usage. */
export function usageOfMetadata(metadata: unknown): Usage | undefined {
  return isObject(metadata) ? fromGeminiUsage(metadata as GeminiUsageMetadata) : undefined;
}

/** Usage of a generate-content answer or stream chunk that went through untouched. */
function geminiUsageOf(answer: unknown): Usage | undefined {
  return isObject(answer) ? usageOfMetadata(answer.usageMetadata) : undefined;
}

/** Enough answer text for a fair local count when no usage comes; beyond it the count is capped. */
const MAX_KEPT_ANSWER_BYTES = 4 * 1024 * 1024;

// One regular expression per test: cheaper than String#includes of a longer pattern (V8 sets
// up a Boyer-Moore table for each), and every chunk is tested.
const CANDIDATES = /"candidates"/;
const USAGE_METADATA = /"usageMetadata"/;
const WORTH_PARSING = /"(?:error|finishReason|blockReason)"/;

/**
 * Forwards a Gemini `alt=sse` stream as it came. Every event is a whole response chunk: the
 * answer begins with the first candidate, a `finishReason` (or a blocked prompt) ends it,
 * the last `usageMetadata` is the call's usage (Gemini's counts are running totals), and an
 * `error` object is the upstream failing. Chunks are parsed only when they can matter (an
 * error, the end); the usage chunk is parsed when asked for, and the answer's chunks only
 * when no usage came, for a local count.
 */
export class GeminiPassthroughTap implements PassthroughStreamTap {
  answering = false;
  finished = false;
  error: RelayErrorInfo | undefined;
  private usageData: string | undefined;
  private usageCache: { data: string; usage: Usage | undefined } | undefined;
  private readonly answerChunks: string[] = [];
  private answerBytes = 0;

  forward(rawEvent: string, data: string): string {
    if (data === '') return rawEvent;
    if (!this.answering && CANDIDATES.test(data)) this.answering = true;
    if (USAGE_METADATA.test(data)) this.usageData = data;
    if (WORTH_PARSING.test(data)) this.inspect(data);
    if (this.answerBytes < MAX_KEPT_ANSWER_BYTES) {
      this.answerChunks.push(data);
      this.answerBytes += data.length;
    }
    return rawEvent;
  }

  get usage(): Usage | undefined {
    const data = this.usageData;
    if (data === undefined) return undefined;
    if (this.usageCache?.data !== data) this.usageCache = { data, usage: geminiUsageOf(parse(data)) };
    return this.usageCache.usage;
  }

  get outputText(): string {
    if (this.usage) return '';
    let text = '';
    for (const data of this.answerChunks) {
      const chunk = parse(data);
      const candidate = isObject(chunk) && Array.isArray(chunk.candidates) ? chunk.candidates[0] : undefined;
      const content = isObject(candidate) && isObject(candidate.content) ? candidate.content : undefined;
      for (const part of Array.isArray(content?.parts) ? content.parts : []) {
        if (!isObject(part)) continue;
        if (typeof part.text === 'string') text += part.text;
        if (isObject(part.functionCall)) text += JSON.stringify(part.functionCall.args ?? {});
      }
    }
    return text;
  }

  private inspect(data: string): void {
    const chunk = parse(data);
    if (!isObject(chunk)) return;
    if (isObject(chunk.error)) {
      this.error ??= parseGeminiError(typeof chunk.error.code === 'number' ? chunk.error.code : 500, data);
      return;
    }
    const candidates = Array.isArray(chunk.candidates) ? chunk.candidates : [];
    const first = candidates.find((c) => isObject(c) && (c.index ?? 0) === 0);
    const blocked = candidates.length === 0 && isObject(chunk.promptFeedback) && typeof chunk.promptFeedback.blockReason === 'string';
    if ((isObject(first) && typeof first.finishReason === 'string' && first.finishReason) || blocked) {
      this.answering = true;
      this.finished = true;
    }
  }
}

function parse(data: string): unknown {
  try {
    const value: unknown = JSON.parse(data);
    // Some Gemini-compatible servers wrap a chunk in an array of one.
    return Array.isArray(value) ? value[0] : value;
  } catch {
    return undefined;
  }
}
