import type { EmbeddingInput, EmbeddingsRequest, EmbeddingsResult } from '../../ir/embeddings.js';
import type { Usage } from '../../ir/usage.js';
import type { EmbeddingsCodec } from '../types.js';
import { encodeOpenAIError } from './encode-error.js';
import { encodeVector, isEncoded } from '../../wire/embedding-vectors.js';
import { isSpace, rootObjectMember } from '../../wire/json-member.js';
import { fromEmbeddingsUsage } from '../../wire/openai-chat/convert-usage.js';
import { invalid, isObject, missing, optionalEnum, optionalNumber, requireObject, setDefined } from '../validate.js';

// `POST /v1/embeddings` of the OpenAI API: the client's wire in and out.

export const openaiEmbeddingsCodec: EmbeddingsCodec = {
  protocol: 'openai-chat',
  decode: (body) => decodeEmbeddingsRequest(body),
  encodeResponse: (result, request, usage) => encodeEmbeddingsResponse(result, request, usage),
  passthroughAnswer: passthroughEmbeddingsAnswer,
  passthroughAsIs: embeddingsAnswerAsIs,
  encodeError: encodeOpenAIError,
};

/** The inputs OpenAI takes in one call. */
const MAX_INPUTS = 2048;

export function decodeEmbeddingsRequest(body: unknown): EmbeddingsRequest {
  const json = requireObject(body, 'body');
  if (typeof json.model !== 'string' || json.model === '') throw missing('model', 'you must provide a model parameter');
  const request: EmbeddingsRequest = {
    model: json.model,
    inputs: decodeInputs(json.input),
    encoding: optionalEnum(json, 'encoding_format', ['float', 'base64'] as const) ?? 'float',
  };
  setDefined(request, 'dimensions', optionalNumber(json, 'dimensions', { min: 1, integer: true }));
  return request;
}

/** A string, an array of strings, an array of token ids, or an array of those. */
function decodeInputs(input: unknown): EmbeddingInput[] {
  if (input === undefined || input === null) throw missing('input');
  if (typeof input === 'string') return [nonEmpty(input, 'input')];
  if (!Array.isArray(input) || input.length === 0) throw invalid('input', "Invalid 'input': expected a string, an array of strings or an array of token arrays, not empty.");
  if (input.every(isTokenId)) return [input as number[]];
  if (input.length > MAX_INPUTS) throw invalid('input', `Invalid 'input': at most ${MAX_INPUTS} inputs per call, got ${input.length}.`);
  return input.map((item, index) => {
    const path = `input[${index}]`;
    if (typeof item === 'string') return nonEmpty(item, path);
    if (Array.isArray(item) && item.length > 0 && item.every(isTokenId)) return item as number[];
    throw invalid(path, `Invalid '${path}': expected a non-empty string or array of token ids.`);
  });
}

function isTokenId(value: unknown): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

function nonEmpty(text: string, path: string): string {
  if (text === '') throw invalid(path, `Invalid '${path}': an input cannot be an empty string.`);
  return text;
}

/** The answer in the encoding the client asked for, whatever the upstream sent. */
export function encodeEmbeddingsResponse(result: EmbeddingsResult, request: EmbeddingsRequest, usage: Usage) {
  return {
    object: 'list',
    data: result.vectors.map((vector, index) => ({ object: 'embedding', index, embedding: encodeVector(vector, request.encoding) })),
    model: request.model,
    usage: { prompt_tokens: usage.inputTokens, total_tokens: usage.inputTokens },
  };
}

/**
 * A pass-through answer for the client: the upstream's own text when its vectors are in the
 * encoding asked (an upstream may ignore `encoding_format`), otherwise the same answer with
 * each vector converted.
 */
export function passthroughEmbeddingsAnswer(text: string, answer: unknown, request: EmbeddingsRequest): string {
  const data = isObject(answer) && Array.isArray(answer.data) ? answer.data : [];
  if (data.every((item) => isObject(item) && isEncoded(item.embedding, request.encoding))) return text;
  const converted = data.map((item) =>
    isObject(item) && (typeof item.embedding === 'string' || Array.isArray(item.embedding)) ? { ...item, embedding: encodeVector(item.embedding as number[] | string, request.encoding) } : item,
  );
  return JSON.stringify({ ...(answer as object), data: converted });
}

const EMBEDDING_KEY = '"embedding"';

/**
 * The upstream's text as it came suits the client when every vector in it is in the encoding
 * asked: then its usage, read out of the text, and nothing is parsed (a list of 1,536 numbers
 * takes ~100 µs to parse). Within base64 or a list of numbers there is no quote, so every
 * `"embedding"` followed by a colon is a vector's key (`"object": "embedding"` is not).
 */
export function embeddingsAnswerAsIs(text: string, request: EmbeddingsRequest): Usage | undefined {
  const usage = fromEmbeddingsUsage(rootObjectMember(text, 'usage'));
  if (!usage || usage.inputTokens <= 0) return undefined;
  const opener = request.encoding === 'base64' ? '"' : '[';
  let vectors = 0;
  for (let at = text.indexOf(EMBEDDING_KEY); at >= 0; at = text.indexOf(EMBEDDING_KEY, at + EMBEDDING_KEY.length)) {
    let i = at + EMBEDDING_KEY.length;
    while (isSpace(text.charCodeAt(i))) i++;
    if (text[i] !== ':') continue;
    i++;
    while (isSpace(text.charCodeAt(i))) i++;
    if (text[i] !== opener) return undefined;
    vectors++;
  }
  return vectors > 0 ? usage : undefined;
}
