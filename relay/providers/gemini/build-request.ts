import type { ChatRequest } from '../../ir/chat-request.js';
import type { GeminiRequestBody } from '../../wire/gemini/wire-types.js';
import type { UpstreamRequest, UpstreamTarget } from '../types.js';
import { addWarning } from './add-warning.js';
import { buildGeminiUrl } from './build-url.js';
import { convertToGeminiContents } from './convert-messages.js';
import { convertToGeminiGenerationConfig } from './convert-generation-config.js';
import { convertToGeminiTools } from './convert-tools.js';

/** IR → one generate-content call. What Gemini cannot take comes back as a warning, never silently. */
export function buildGeminiRequest(request: ChatRequest, target: UpstreamTarget): { request: UpstreamRequest; warnings: string[] } {
  const warnings: string[] = [];
  const { systemInstruction, contents } = convertToGeminiContents(request.messages, warnings);
  const body: GeminiRequestBody = { contents };
  if (systemInstruction) body.systemInstruction = systemInstruction;
  const { tools, toolConfig } = convertToGeminiTools(request.tools, request.toolChoice, warnings);
  if (tools) body.tools = tools;
  if (toolConfig) body.toolConfig = toolConfig;
  const generationConfig = convertToGeminiGenerationConfig(request, target.model, warnings);
  if (generationConfig) body.generationConfig = generationConfig;

  noteUnsupported(request, warnings);

  return {
    request: {
      url: buildGeminiUrl(target.baseUrl, target.model, request.stream),
      headers: { 'content-type': 'application/json', 'x-goog-api-key': target.apiKey },
      body: JSON.stringify(body),
    },
    warnings,
  };
}

function noteUnsupported(request: ChatRequest, warnings: string[]): void {
  // Gemini decides on parallel calls itself; `true` is what it does anyway.
  if (request.parallelToolCalls === false) addWarning(warnings, 'parallel_tool_calls=false is not supported by Gemini and was ignored');
  if (request.logprobs || request.topLogprobs !== undefined) addWarning(warnings, 'logprobs are not supported by this adapter and were ignored');
  if (request.modalities?.includes('audio') || request.audio) addWarning(warnings, 'audio output is not supported by Gemini generateContent and was ignored');
  if (request.user !== undefined || request.metadata !== undefined) addWarning(warnings, 'user and metadata are not forwarded to Gemini');
  if (request.promptCacheKey !== undefined) addWarning(warnings, 'prompt_cache_key is not supported by Gemini (it caches implicitly) and was ignored');
  if (request.serviceTier !== undefined) addWarning(warnings, `service tier "${request.serviceTier}" is not supported by Gemini and was ignored`);
}
