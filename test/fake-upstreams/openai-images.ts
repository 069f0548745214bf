// A fake of OpenAI's image endpoints, as OpenAI answers them (also under Azure deployments):
// POST /v1/images/generations (JSON) and /v1/images/edits (multipart), per model family:
// dall-e-2 and dall-e-3 answer a URL (of the fake's host) or base64 as
// asked, dall-e-3 with a revised prompt; gpt-image-1 answers base64 only, with what it made
// (background, output_format, quality, size) and its token usage. Bad requests are refused
// as OpenAI does: unknown parameters (the image-model form's `input`), a missing prompt or
// image, sizes and counts a model does not make, a non-PNG or colour-only PNG to dall-e-2,
// a file that is not an image to gpt-image-1, a mask of another size.
import type { Answer, RecordedRequest } from './harness.js';
import { readPngHeader, solidPng } from '../helpers/png.js';

const IMAGES_PATH = /^(?:\/v1|\/openai\/deployments\/[^/]+)\/images\/(?<endpoint>generations|edits)$/;

export function isImagesPath(path: string): boolean {
  return IMAGES_PATH.test(path);
}

/** The image every answer carries: a 2×2 PNG. */
export const FAKE_IMAGE = solidPng(2, 2, [10, 120, 200, 255]);

const GENERATION_FIELDS = ['model', 'prompt', 'n', 'size', 'quality', 'style', 'response_format', 'background', 'output_format', 'output_compression', 'moderation', 'user', 'stream', 'partial_images'];
const SIZES: Record<string, string[]> = {
  'dall-e-2': ['256x256', '512x512', '1024x1024'],
  'dall-e-3': ['1024x1024', '1792x1024', '1024x1792'],
  'gpt-image-1': ['1024x1024', '1536x1024', '1024x1536', 'auto'],
};
const PROMPT_LIMITS: Record<string, number> = { 'dall-e-2': 1000, 'dall-e-3': 4000, 'gpt-image-1': 32000 };
/** gpt-image-1's output tokens per square image by quality. */
const OUTPUT_TOKENS: Record<string, number> = { low: 272, medium: 1056, high: 4160, auto: 1056 };
const IMAGE_INPUT_TOKENS = 194;

let served = 0;

function invalid(message: string, param: string | null = null, code: string | null = null): Answer {
  return { status: 400, json: { error: { message, type: 'invalid_request_error', param, code } } };
}

export function imagesAnswer(request: RecordedRequest): Answer {
  const endpoint = IMAGES_PATH.exec(request.path)!.groups!.endpoint!;
  if (endpoint === 'generations') return generate(request);
  return { respond: async (res) => {
    const answer = await edit(request);
    const { status = 200, json } = answer as { status?: number; json: unknown };
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(json));
  } };
}

interface Asked {
  model: string;
  prompt: string;
  n: number;
  size: string | undefined;
  quality: string | undefined;
  responseFormat: string | undefined;
  background: string | undefined;
  outputFormat: string | undefined;
  inputImages: number;
}

function generate(request: RecordedRequest): Answer {
  const body = request.body;
  if (!body || typeof body !== 'object') return invalid('We could not parse the JSON body of your request.');
  const unknown = Object.keys(body).find((key) => !GENERATION_FIELDS.includes(key));
  if (unknown) return invalid(`Unknown parameter: '${unknown}'.`, unknown, 'unknown_parameter');
  if (typeof body.prompt !== 'string') return invalid("Missing required parameter: 'prompt'.", 'prompt', 'missing_required_parameter');
  const asked: Asked = { model: body.model ?? 'dall-e-2', prompt: body.prompt, n: body.n ?? 1, size: body.size, quality: body.quality, responseFormat: body.response_format, background: body.background, outputFormat: body.output_format, inputImages: 0 };
  return check(asked) ?? made(asked, request);
}

/** The refusals both endpoints share. */
function check(asked: Asked): Answer | undefined {
  const family = modelFamily(asked.model);
  if (!family) return { status: 404, json: { error: { message: `The model '${asked.model}' does not exist.`, type: 'invalid_request_error', param: null, code: 'model_not_found' } } };
  if (asked.prompt.length > PROMPT_LIMITS[family]!) return invalid(`Invalid 'prompt': string too long. Expected a string with maximum length ${PROMPT_LIMITS[family]}, but got a string with length ${asked.prompt.length} instead.`, 'prompt', 'string_above_max_length');
  if (!Number.isInteger(asked.n) || asked.n < 1 || asked.n > 10) return invalid(`Invalid 'n': expected an integer between 1 and 10.`, 'n', 'invalid_value');
  if (family === 'dall-e-3' && asked.n !== 1) return invalid('You must provide n=1 for this model.');
  const sizes = SIZES[family]!;
  if (asked.size !== undefined && !sizes.includes(asked.size)) return invalid(`Invalid value: '${asked.size}'. Supported values are: ${sizes.map((s) => `'${s}'`).join(', ')}.`, 'size', 'invalid_value');
  if (family === 'gpt-image-1' && asked.responseFormat !== undefined) return invalid("Unknown parameter: 'response_format'.", 'response_format', 'unknown_parameter');
  if (asked.responseFormat !== undefined && !['url', 'b64_json'].includes(asked.responseFormat)) return invalid(`Invalid value: '${asked.responseFormat}'. Supported values are: 'url' and 'b64_json'.`, 'response_format', 'invalid_value');
  return undefined;
}

function modelFamily(model: string): string | undefined {
  return Object.keys(SIZES).find((family) => model === family || model.startsWith(`${family}-`));
}

function made(asked: Asked, request: RecordedRequest): Answer {
  const family = modelFamily(asked.model)!;
  const created = Math.floor(Date.now() / 1000);
  const data = Array.from({ length: asked.n }, () => {
    const image: Record<string, string> = {};
    if (family !== 'gpt-image-1' && (asked.responseFormat ?? 'url') === 'url') image.url = `http://${request.headers.host}/fake-images/${++served}.png`;
    else image.b64_json = FAKE_IMAGE.toString('base64');
    if (family === 'dall-e-3') image.revised_prompt = `A vivid rendering of: ${asked.prompt}`;
    return image;
  });
  if (family !== 'gpt-image-1') return { json: { created, data } };
  const quality = asked.quality ?? 'auto';
  const text = Math.ceil(asked.prompt.length / 4);
  const images = asked.inputImages * IMAGE_INPUT_TOKENS;
  const output = asked.n * (OUTPUT_TOKENS[quality] ?? 1056);
  return {
    json: {
      created,
      background: asked.background ?? 'opaque',
      data,
      output_format: asked.outputFormat ?? 'png',
      quality: quality === 'auto' ? 'medium' : quality,
      size: asked.size && asked.size !== 'auto' ? asked.size : '1024x1024',
      usage: { input_tokens: text + images, input_tokens_details: { text_tokens: text, image_tokens: images }, output_tokens: output, total_tokens: text + images + output },
    },
  };
}

const EDIT_FIELDS = ['model', 'prompt', 'n', 'size', 'quality', 'response_format', 'background', 'output_format', 'output_compression', 'input_fidelity', 'user', 'stream', 'partial_images'];
const GPT_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

async function edit(request: RecordedRequest): Promise<Answer> {
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(request.rawBytes), { headers: { 'content-type': String(request.headers['content-type']) } }).formData();
  } catch {
    return invalid('Could not parse multipart form.');
  }
  for (const [name, value] of form) {
    if (typeof value === 'string' && !EDIT_FIELDS.includes(name)) return invalid(`Unknown parameter: '${name}'.`, name, 'unknown_parameter');
  }
  const images = [...form.getAll('image'), ...form.getAll('image[]')].filter((value): value is File => value instanceof File);
  if (images.length === 0) return invalid("Missing required parameter: 'image'.", 'image', 'missing_required_parameter');
  const prompt = form.get('prompt');
  if (typeof prompt !== 'string') return invalid("Missing required parameter: 'prompt'.", 'prompt', 'missing_required_parameter');
  const model = String(form.get('model') ?? 'dall-e-2');
  const mask = form.get('mask');
  const optional = (name: string) => (typeof form.get(name) === 'string' ? String(form.get(name)) : undefined);
  const asked: Asked = { model, prompt, n: Number(optional('n') ?? 1), size: optional('size'), quality: optional('quality'), responseFormat: optional('response_format'), background: optional('background'), outputFormat: optional('output_format'), inputImages: images.length };
  const family = modelFamily(model);
  if (family === 'dall-e-3') return invalid('Image editing is not supported for dall-e-3; use dall-e-2 or gpt-image-1.', 'model', 'invalid_value');
  const refused = check(asked);
  if (refused) return refused;
  const headers: Array<ReturnType<typeof readPngHeader>> = [];
  for (const image of images) {
    if (family === 'gpt-image-1' && !GPT_IMAGE_TYPES.includes(image.type)) {
      return invalid(`Invalid file 'image': unsupported mimetype ('${image.type}'). Supported file formats are 'image/jpeg', 'image/png', and 'image/webp'.`, 'image', 'unsupported_file_mimetype');
    }
    const header = readPngHeader(new Uint8Array(await image.arrayBuffer()));
    if (family === 'dall-e-2') {
      if (images.length > 1) return invalid('dall-e-2 edits one image: send a single image.', 'image', 'invalid_value');
      if (!header || image.size > 4 * 1024 * 1024) return invalid('Uploaded image must be a PNG and less than 4 MB.', 'image', 'invalid_image_format');
      if (header.width !== header.height) return invalid('Uploaded image must be square.', 'image', 'invalid_image_format');
      if (header.colour !== 'rgba' && !(mask instanceof File)) return invalid(`Invalid input image - format must be in ['RGBA', 'LA', 'L'], got ${header.colour.toUpperCase()}.`, 'image', 'invalid_image_format');
    }
    headers.push(header);
  }
  if (mask instanceof File) {
    const header = readPngHeader(new Uint8Array(await mask.arrayBuffer()));
    if (!header) return invalid('Uploaded mask must be a PNG.', 'mask', 'invalid_image_format');
    if (headers[0] && (header.width !== headers[0].width || header.height !== headers[0].height)) return invalid('The image and mask must have the same dimensions.', 'mask', 'invalid_image_format');
  }
  return made(asked, request);
}
