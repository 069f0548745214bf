import { randomUUID } from 'node:crypto';
import type { ModerationInput, ModerationPart, ModerationRequest, ModerationResult } from '../../ir/moderation.js';
import type { ModerationCodec } from '../types.js';
import { encodeOpenAIError } from './encode-error.js';
import { invalid, isObject, missing, requireObject } from '../validate.js';

// `POST /v1/moderations` of the OpenAI API: the client's wire in and out.

export const openaiModerationCodec: ModerationCodec = {
  protocol: 'openai-chat',
  decode: decodeModerationRequest,
  encodeResponse: encodeModerationResponse,
  encodeError: encodeOpenAIError,
};

/** OpenAI's legacy text models (`text-moderation-latest`, `-stable`, `-007`) judge text only; omni models take images too. */
function takesImages(model: string): boolean {
  return !model.startsWith('text-moderation');
}

/** `defaultModel` stands in for a `model` the client left out (OpenAI's own default is omni-moderation-latest). */
export function decodeModerationRequest(body: unknown, defaultModel: string): ModerationRequest {
  const json = requireObject(body, 'body');
  if (json.model !== undefined && json.model !== null && (typeof json.model !== 'string' || json.model === '')) {
    throw invalid('model', "Invalid 'model': expected the name of a moderation model.", 'invalid_type');
  }
  const model = (json.model as string | undefined | null) ?? defaultModel;
  const inputs = decodeInputs(json.input);
  if (!takesImages(model)) {
    const image = inputs.flatMap((input) => (typeof input === 'string' ? [] : input)).findIndex((part) => part.type === 'image');
    if (image >= 0) throw invalid(`input[${image}]`, `Invalid 'input[${image}]': the model ${model} classifies text only; use omni-moderation-latest for images.`);
  }
  return { model, inputs };
}

/**
 * A string, an array of strings (one result each), or an array of `text` and `image_url`
 * parts (classified together: one result).
 */
function decodeInputs(input: unknown): ModerationInput[] {
  if (input === undefined || input === null) throw missing('input');
  if (typeof input === 'string') return [input];
  if (!Array.isArray(input) || input.length === 0) {
    throw invalid('input', "Invalid 'input': expected a string, an array of strings, or an array of text and image_url objects, not empty.");
  }
  if (!isObject(input[0])) {
    return input.map((item, index) => {
      if (typeof item !== 'string') throw invalid(`input[${index}]`, `Invalid 'input[${index}]': expected a string, as the other items are.`, 'invalid_type');
      return item;
    });
  }
  return [input.map((item, index) => decodePart(item, `input[${index}]`))];
}

function decodePart(item: unknown, path: string): ModerationPart {
  if (!isObject(item)) throw invalid(path, `Invalid '${path}': expected an object with type 'text' or 'image_url', as the other items are.`, 'invalid_type');
  if (item.type === 'text') {
    if (typeof item.text !== 'string') throw invalid(`${path}.text`, `Invalid '${path}.text': expected a string.`, 'invalid_type');
    return { type: 'text', text: item.text };
  }
  if (item.type === 'image_url') {
    const url = isObject(item.image_url) ? item.image_url.url : undefined;
    if (typeof url !== 'string' || url === '') throw invalid(`${path}.image_url.url`, `Invalid '${path}.image_url.url': expected an image URL or a data URL.`);
    return { type: 'image', url };
  }
  throw invalid(`${path}.type`, `Invalid value for '${path}.type': expected one of 'text', 'image_url', but got ${JSON.stringify(item.type)}.`);
}

/** The IR verdicts in OpenAI's moderation object. */
export function encodeModerationResponse(result: ModerationResult, request: ModerationRequest) {
  return {
    id: result.id ?? `modr-${randomUUID().replace(/-/g, '')}`,
    model: result.model ?? request.model,
    results: result.verdicts.map((verdict) => ({
      flagged: verdict.flagged,
      categories: verdict.categories,
      category_scores: verdict.scores,
      ...(verdict.appliedInputTypes ? { category_applied_input_types: verdict.appliedInputTypes } : {}),
    })),
  };
}
