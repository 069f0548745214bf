import type { ProviderAdapter } from '../types.js';
import { buildGeminiRequest } from './build-gemini-request.js';
import { convertGeminiResponse } from './convert-gemini-response.js';
import { createGeminiStreamDecoder } from './gemini-stream-decoder.js';
import { parseGeminiError } from './parse-gemini-error.js';

/** Google Gemini generate-content (channel type 24). */
export const geminiAdapter: ProviderAdapter = {
  protocol: 'gemini-generate-content',
  buildChatRequest: buildGeminiRequest,
  parseChatResponse: convertGeminiResponse,
  createStreamDecoder: createGeminiStreamDecoder,
  parseError: parseGeminiError,
};
