import type { ImageData, ImageRequest, ImageResult } from '../../ir/images.js';
import type { Usage } from '../../ir/usage.js';
import { arrayAt, isJsonObject, numberAt, objectAt, stringAt } from '../../wire/json-access.js';
import type { JsonObject } from '../../wire/json-access.js';
import { multipartBody } from '../../wire/multipart-body.js';
import type { OutgoingPart } from '../../wire/multipart-body.js';
import { parseOpenAIError } from '../../wire/openai-chat/parse-error.js';
import type { ImagesAdapter, UpstreamRequest, UpstreamTarget } from '../types.js';
import { azureUrl, bearer, joinV1 } from './adapter.js';

// OpenAI's image endpoints (`/v1/images/generations`, `/v1/images/edits`), spoken by OpenAI,
// OpenAI-compatible servers and Azure OpenAI deployments: the client's body and form go as
// they came (model mapped), and OpenAI's answer comes back as it came.

type Where = (target: UpstreamTarget, path: string) => { url: string; auth: Record<string, string> };

const atOpenAI: Where = (target, path) => ({ url: joinV1(target.baseUrl, path), auth: bearer(target) });
const atAzure: Where = (target, path) => ({ url: azureUrl(target, path), auth: { 'api-key': target.apiKey } });

function imagesAdapter(where: Where, takesMessagesForm: boolean): ImagesAdapter {
  return {
    protocol: 'openai-chat',
    buildImagesRequest(request, raw, target) {
      if (request.operation === 'edit') return editRequest(where(target, 'images/edits'), request, target);
      const { url, auth } = where(target, 'images/generations');
      // The image-model form goes as it came to an upstream that takes it; OpenAI's own refuses `input`.
      const sameForm = request.bodyForm === 'openai' || takesMessagesForm;
      const body = sameForm && isJsonObject(raw) ? { ...raw, model: target.model } : openaiBody(request, target.model);
      return { url, headers: { 'content-type': 'application/json', ...auth }, body: JSON.stringify(body) };
    },
    parseImagesResponse,
    parseError: parseOpenAIError,
  };
}

/** OpenAI itself, and the OpenAI-shaped upstreams of other types: OpenAI's body form only. */
export const openaiImagesAdapter = imagesAdapter(atOpenAI, false);
/**
 * An OpenAI-compatible server of a custom channel (often another relay in front of image
 * models that take the image-model form): a generation goes in the form the client sent.
 */
export const compatibleImagesAdapter = imagesAdapter(atOpenAI, true);
/** Azure OpenAI: the deployment's `images/…`, the key in `api-key`. */
export const azureImagesAdapter = imagesAdapter(atAzure, false);

/** OpenAI's generation body from the IR (a call that came in the image-model form). */
function openaiBody(request: ImageRequest, model: string): JsonObject {
  const body: JsonObject = { model, prompt: request.prompt, n: request.n };
  const optional: [string, string | undefined][] = [
    ['size', request.size],
    ['quality', request.quality],
    ['style', request.style],
    ['background', request.background],
    ['output_format', request.outputFormat],
    ['response_format', request.responseFormat],
  ];
  for (const [key, value] of optional) if (value !== undefined) body[key] = value;
  return body;
}

/** The client's fields in their order (the model replaced, or added), then its images and mask as they came. */
function editRequest(at: { url: string; auth: Record<string, string> }, request: ImageRequest, target: UpstreamTarget): UpstreamRequest<Uint8Array> {
  const parts: OutgoingPart[] = request.fields.map(([name, value]) => ({ name, value: name === 'model' ? target.model : value }));
  if (!request.fields.some(([name]) => name === 'model')) parts.unshift({ name: 'model', value: target.model });
  for (const file of [...request.images, ...(request.mask ? [request.mask] : [])]) {
    parts.push({ name: file.field, filename: file.filename, contentType: file.contentType, bytes: file.bytes });
  }
  const { body, contentType } = multipartBody(parts);
  return { url: at.url, headers: { 'content-type': contentType, ...at.auth }, body };
}

/**
 * OpenAI's answer (`created`, `data[]`, what it says of the images, `usage` in tokens), or a
 * DashScope-shaped one from an upstream taking the image-model form (`output.choices[].message.content[].image`).
 */
function parseImagesResponse(body: unknown): { result: ImageResult; sameWire: boolean } | undefined {
  if (!isJsonObject(body)) return undefined;
  if (Array.isArray(body.data)) {
    const { created, data, usage, ...extra } = body;
    const result: ImageResult = { created: typeof created === 'number' ? created : nowSeconds(), data: arrayAt(body, 'data').filter(isJsonObject).map(imageData), extra };
    const tokens = imagesUsage(usage);
    if (tokens) result.usage = tokens;
    return { result, sameWire: true };
  }
  const choices = arrayAt(objectAt(body, 'output'), 'choices');
  const urls = choices.flatMap((choice) => arrayAt(objectAt(choice, 'message'), 'content')).map((part) => stringAt(part, 'image')).filter((url) => url !== undefined);
  if (urls.length === 0) return undefined;
  return { result: { created: nowSeconds(), data: urls.map((url) => ({ url })) }, sameWire: false };
}

function imageData(item: JsonObject): ImageData {
  const data: ImageData = {};
  for (const key of ['url', 'b64_json', 'revised_prompt'] as const) {
    const value = stringAt(item, key);
    if (value !== undefined) data[key] = value;
  }
  return data;
}

/** gpt-image-1's `usage`: input (text and image) and output tokens. */
function imagesUsage(raw: unknown): Usage | undefined {
  const input = numberAt(raw, 'input_tokens');
  if (input === undefined) return undefined;
  const usage: Usage = { inputTokens: input, outputTokens: numberAt(raw, 'output_tokens') ?? 0, raw };
  const details = objectAt(raw, 'input_tokens_details');
  const text = numberAt(details, 'text_tokens');
  const image = numberAt(details, 'image_tokens');
  if (text !== undefined) usage.inputTextTokens = text;
  if (image !== undefined) usage.inputImageTokens = image;
  return usage;
}

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
