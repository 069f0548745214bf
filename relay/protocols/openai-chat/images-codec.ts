import type { ImageRequest, ImageResponseFormat, ImageResult } from '../../ir/images.js';
import { formFiles, formValue } from '../../ir/multipart-form.js';
import type { FormFile, MultipartForm } from '../../ir/multipart-form.js';
import type { Usage } from '../../ir/usage.js';
import type { ImagesCodec } from '../types.js';
import { encodeOpenAIError } from './encode-error.js';
import { type Json, invalid, isObject, missing, optionalEnum, optionalNumber, optionalString, requireObject } from '../validate.js';

// `POST /v1/images/generations` (OpenAI's body, or the image-model form with `input.messages`)
// and `POST /v1/images/edits` (OpenAI's multipart form) of the OpenAI API: in and out.

/** The model OpenAI answers a call that names none with. */
const DEFAULT_IMAGE_MODEL = 'dall-e-2';
const RESPONSE_FORMATS = ['url', 'b64_json'] as const;
/** OpenAI's most: 10 images a call (dall-e-3 makes one), 16 input images an edit. */
const MAX_IMAGES = 10;
export const MAX_EDIT_IMAGES = 16;

/** The file parts and text fields of an edit form (OpenAI's; another answers 400). */
export const EDIT_FILE_FIELDS = ['image', 'image[]', 'mask'] as const;
export const EDIT_TEXT_FIELDS = ['prompt', 'model', 'n', 'size', 'quality', 'response_format', 'background', 'output_format', 'output_compression', 'input_fidelity', 'moderation', 'user', 'stream', 'partial_images'] as const;

export const openaiImagesCodec: ImagesCodec = {
  protocol: 'openai-chat',
  decodeGeneration,
  decodeEdit,
  encodeResponse: encodeImagesResponse,
  encodeError: encodeOpenAIError,
};

function decodeGeneration(body: unknown): ImageRequest {
  const json = requireObject(body, 'body');
  if (json.prompt === undefined && json.input !== undefined) return decodeMessagesForm(json);
  const prompt = optionalString(json, 'prompt');
  if (prompt === undefined) throw missing('prompt');
  return { operation: 'generate', model: modelOf(json), prompt, ...options(json), bodyForm: 'openai', images: [], fields: [] };
}

/**
 * The image-model form: `input.messages[]` with `role: "user"` and `content[]` of `{text}`
 * objects (the prompt: every text, in order); `n`, `size` (`1328*1328` or `1328x1328`) and
 * `response_format` under `parameters` or beside `input`.
 */
function decodeMessagesForm(json: Json): ImageRequest {
  if (typeof json.model !== 'string' || json.model === '') throw missing('model');
  const input = requireObject(json.input, 'input');
  if (!Array.isArray(input.messages) || input.messages.length === 0) throw missing('input.messages');
  const texts: string[] = [];
  input.messages.forEach((message, index) => {
    const path = `input.messages[${index}]`;
    if (!isObject(message)) throw invalid(path, `Invalid type for '${path}': expected an object with role and content.`, 'invalid_type');
    if (message.role !== 'user') throw invalid(`${path}.role`, `Invalid value for '${path}.role': expected 'user', but got ${JSON.stringify(message.role)}.`);
    if (!Array.isArray(message.content)) throw invalid(`${path}.content`, `Invalid type for '${path}.content': expected an array of {text} objects.`, 'invalid_type');
    message.content.forEach((part, at) => {
      if (!isObject(part) || typeof part.text !== 'string') throw invalid(`${path}.content[${at}].text`, `Invalid '${path}.content[${at}]': expected an object with a text string.`, 'invalid_type');
      texts.push(part.text);
    });
  });
  const prompt = texts.join('\n');
  if (prompt.trim() === '') throw invalid('input.messages', "Invalid 'input.messages': no text to make an image of.");
  const parameters = json.parameters === undefined ? {} : requireObject(json.parameters, 'parameters');
  const size = parameters.size ?? json.size;
  const merged: Json = { ...json, ...parameters, size: typeof size === 'string' ? size.replace('*', 'x') : size };
  return { operation: 'generate', model: json.model, prompt, ...options(merged), bodyForm: 'messages', images: [], fields: [] };
}

function modelOf(json: Json): string {
  return optionalString(json, 'model') || DEFAULT_IMAGE_MODEL;
}

function options(json: Json): Pick<ImageRequest, 'n' | 'size' | 'quality' | 'style' | 'background' | 'outputFormat' | 'responseFormat'> {
  if (json.stream === true || json.stream === 'true') {
    throw invalid('stream', "Streamed images (partial images as events) are not relayed: leave 'stream' out to get the whole answer.", 'unsupported_value');
  }
  const picked: ReturnType<typeof options> = { n: optionalNumber(json, 'n', { min: 1, max: MAX_IMAGES, integer: true }) ?? 1 };
  const strings = { size: 'size', quality: 'quality', style: 'style', background: 'background', outputFormat: 'output_format' } as const;
  for (const [key, param] of Object.entries(strings)) {
    const value = optionalString(json, param);
    if (value !== undefined) picked[key as keyof typeof strings] = value;
  }
  const responseFormat = optionalEnum<ImageResponseFormat>(json, 'response_format', RESPONSE_FORMATS);
  if (responseFormat) picked.responseFormat = responseFormat;
  return picked;
}

/**
 * An edit form: the images (`image` once or `image[]` for each, up to 16), an optional
 * `mask`, the prompt and options as text fields (numbers as text, as forms carry them).
 * Every file must be an image by its content type, as OpenAI checks.
 */
function decodeEdit(form: MultipartForm): ImageRequest {
  const images = formFiles(form, 'image');
  if (images.length === 0) throw missing('image', "Missing required parameter: 'image' (one or more image files, as image or image[]).");
  if (images.length > MAX_EDIT_IMAGES) throw invalid('image', `Invalid 'image': at most ${MAX_EDIT_IMAGES} images may be edited at once, got ${images.length}.`);
  const masks = formFiles(form, 'mask');
  if (masks.length > 1) throw invalid('mask', "Invalid 'mask': one mask file at most.");
  for (const file of [...images, ...masks]) checkImageFile(file);
  const text: Json = {};
  for (const [name, value] of form.fields) text[name] ??= value;
  const prompt = formValue(form, 'prompt');
  if (prompt === undefined) throw missing('prompt');
  if (text.n !== undefined) text.n = formNumber(String(text.n), 'n');
  const request: ImageRequest = { operation: 'edit', model: modelOf(text), prompt, ...options(text), bodyForm: 'openai', images, fields: form.fields };
  if (masks[0]) request.mask = masks[0];
  return request;
}

function checkImageFile(file: FormFile): void {
  if (!/^image\/[\w.+-]+$/i.test(file.contentType)) {
    throw invalid(file.field.replace(/\[\]$/, ''), `Invalid file '${file.field}': unsupported mimetype ('${file.contentType}'). Supported file formats are 'image/jpeg', 'image/png', and 'image/webp'.`, 'unsupported_file_mimetype');
  }
}

function formNumber(value: string, param: string): number {
  const number = Number(value);
  if (value.trim() === '' || !Number.isFinite(number)) throw invalid(param, `Invalid type for '${param}': expected a number, but got ${JSON.stringify(value)}.`, 'invalid_type');
  return number;
}

/** OpenAI's images answer: `created`, `data[]` as the upstream gave them, what it said of the images, and token usage when reported. */
export function encodeImagesResponse(result: ImageResult): unknown {
  const body: Record<string, unknown> = { created: result.created, ...result.extra, data: result.data };
  if (result.usage) body.usage = encodeImagesUsage(result.usage);
  return body;
}

/** gpt-image-1's usage object (its input details always carry both counts). */
function encodeImagesUsage(usage: Usage): unknown {
  const image = usage.inputImageTokens ?? 0;
  return {
    input_tokens: usage.inputTokens,
    output_tokens: usage.outputTokens,
    total_tokens: usage.inputTokens + usage.outputTokens,
    input_tokens_details: { text_tokens: usage.inputTextTokens ?? usage.inputTokens - image, image_tokens: image },
  };
}
