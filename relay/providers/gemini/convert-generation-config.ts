import type { ChatRequest } from '../../ir/chat-request.js';
import type { GeminiGenerationConfig } from '../../wire/gemini/wire-types.js';
import { addWarning } from './add-warning.js';
import { convertToGeminiThinkingConfig } from './convert-thinking.js';

/**
 * Sampling, limits, structured output and thinking → `generationConfig` (undefined when the
 * request sets none of them). Structured output goes as `responseMimeType` +
 * `responseJsonSchema` (plain JSON Schema): Gemini CLI's routing call needs JSON back.
 */
export function convertToGeminiGenerationConfig(request: ChatRequest, model: string, warnings: string[]): GeminiGenerationConfig | undefined {
  const config: GeminiGenerationConfig = {};
  if (request.temperature !== undefined) config.temperature = request.temperature;
  if (request.topP !== undefined) config.topP = request.topP;
  if (request.topK !== undefined) config.topK = request.topK;
  if (request.maxOutputTokens !== undefined) config.maxOutputTokens = request.maxOutputTokens;
  if (request.stop?.length) config.stopSequences = request.stop;
  if (request.n !== undefined) {
    config.candidateCount = request.n;
    if (request.n > 1) addWarning(warnings, `n=${request.n}: Gemini was asked for ${request.n} candidates, but only the first is returned`);
  }
  if (request.presencePenalty !== undefined) config.presencePenalty = request.presencePenalty;
  if (request.frequencyPenalty !== undefined) config.frequencyPenalty = request.frequencyPenalty;
  if (request.seed !== undefined) config.seed = request.seed;

  const format = request.responseFormat;
  if (format?.type === 'json') config.responseMimeType = 'application/json';
  if (format?.type === 'json-schema') {
    config.responseMimeType = 'application/json';
    config.responseJsonSchema = format.schema;
  }

  const thinkingConfig = convertToGeminiThinkingConfig(request.reasoning, model, warnings);
  if (thinkingConfig) config.thinkingConfig = thinkingConfig;

  return Object.keys(config).length ? config : undefined;
}
