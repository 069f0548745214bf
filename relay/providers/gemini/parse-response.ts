import type { ChatRequest } from '../../ir/chat-request.js';
import type { ChatResult } from '../../ir/chat-result.js';
import type { FinishReason } from '../../ir/finish-reason.js';
import { emptyUsage } from '../../ir/usage.js';
import { fromGeminiUsage } from '../../wire/gemini/convert-usage.js';
import { fromGeminiBlockReason, fromGeminiFinishReason } from '../../wire/gemini/map-finish-reason.js';
import { type GeminiCandidate, type GeminiResponse, isRecord } from '../../wire/gemini/wire-types.js';
import { convertGeminiParts } from './convert-parts.js';
import { newResponseId } from './ids.js';

/** A whole `GenerateContentResponse` → IR. Only the first candidate is read. */
export function convertGeminiResponse(body: unknown, request: ChatRequest): ChatResult {
  const response: GeminiResponse = isRecord(body) ? (body as GeminiResponse) : {};
  const candidate: GeminiCandidate | undefined = Array.isArray(response.candidates) ? response.candidates[0] : undefined;
  const content = convertGeminiParts(candidate?.content?.parts);
  const hasToolCalls = content.some((part) => part.type === 'tool-call');

  let finish: FinishReason;
  const blockReason = response.promptFeedback?.blockReason;
  if (!candidate && typeof blockReason === 'string') finish = fromGeminiBlockReason(blockReason);
  else if (typeof candidate?.finishReason === 'string') finish = fromGeminiFinishReason(candidate.finishReason, hasToolCalls);
  else if (!candidate) finish = { unified: 'other' };
  else finish = { unified: hasToolCalls ? 'tool-calls' : 'stop' };

  return {
    id: typeof response.responseId === 'string' && response.responseId ? response.responseId : newResponseId(),
    model: typeof response.modelVersion === 'string' && response.modelVersion ? response.modelVersion : request.model,
    created: Math.floor(Date.now() / 1000),
    content,
    finish,
    usage: isRecord(response.usageMetadata) ? fromGeminiUsage(response.usageMetadata) : emptyUsage(),
  };
}
