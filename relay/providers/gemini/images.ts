import type { ImageData } from '../../ir/images.js';
import { RelayError } from '../../ir/relay-error.js';
import { fromGeminiUsage } from '../../wire/gemini/convert-usage.js';
import { parseGeminiError } from '../../wire/gemini/parse-error.js';
import type { GeminiPart, GeminiResponse } from '../../wire/gemini/wire-types.js';
import { isJsonObject } from '../../wire/json-access.js';
import type { ImagesAdapter } from '../types.js';
import { geminiModelUrl } from './build-url.js';

/** The aspect ratios Gemini's image models make (`imageConfig.aspectRatio`). */
const ASPECT_RATIOS = ['1:1', '2:3', '3:2', '3:4', '4:3', '4:5', '5:4', '9:16', '16:9', '21:9'];
/** Finish reasons of an answer withheld for its content. */
const BLOCKED = /SAFETY|PROHIBITED|BLOCKLIST|SPII|RECITATION/;

/**
 * Gemini's image models (gemini-2.5-flash-image…) through `generateContent` with image
 * output: the prompt (and an edit's images, inline) in one user turn, the size as the
 * nearest aspect ratio; the answer's inline images come back as `b64_json`. Gemini makes one
 * image per call, hosts none (no URL to give) and takes no mask: such calls are refused.
 */
export const geminiImagesAdapter: ImagesAdapter = {
  protocol: 'gemini-generate-content',
  refusal(request) {
    if (request.responseFormat === 'url') return refuse('response_format', "Gemini image models answer the image inline only: ask response_format 'b64_json' (or leave it out).");
    if (request.n > 1) return refuse('n', 'Gemini image models make one image per call: ask n = 1.');
    if (request.mask) return refuse('mask', 'Gemini image models take no mask: describe the part to change in the prompt.');
    return undefined;
  },
  buildImagesRequest(request, _raw, target) {
    const parts: GeminiPart[] = [{ text: request.prompt }, ...request.images.map((image) => ({ inlineData: { mimeType: image.contentType, data: image.bytes.toString('base64') } }))];
    const generationConfig: Record<string, unknown> = { responseModalities: ['TEXT', 'IMAGE'] };
    const aspectRatio = request.size ? nearestAspectRatio(request.size) : undefined;
    if (aspectRatio) generationConfig.imageConfig = { aspectRatio };
    return {
      url: geminiModelUrl(target.baseUrl, target.model, 'generateContent'),
      headers: { 'content-type': 'application/json', 'x-goog-api-key': target.apiKey },
      body: JSON.stringify({ contents: [{ role: 'user', parts }], generationConfig }),
    };
  },
  parseImagesResponse(body) {
    if (!isJsonObject(body)) return undefined;
    const answer = body as GeminiResponse;
    const parts = (answer.candidates ?? []).flatMap((candidate) => candidate.content?.parts ?? []);
    const data: ImageData[] = parts.flatMap((part) => (part.inlineData?.data && part.inlineData.mimeType?.startsWith('image/') ? [{ b64_json: part.inlineData.data }] : []));
    if (data.length === 0) throw noImage(answer, parts);
    const result = { created: Math.floor(Date.now() / 1000), data, ...(answer.usageMetadata ? { usage: fromGeminiUsage(answer.usageMetadata) } : {}) };
    return { result, sameWire: false };
  },
  parseError: parseGeminiError,
};

function refuse(param: string, message: string): RelayError {
  return new RelayError(400, 'invalid_request', message, 'unsupported_value', param);
}

/** `1536x1024` → the nearest of Gemini's ratios (`3:2`); `auto` or an unreadable size → none (Gemini's default). */
export function nearestAspectRatio(size: string): string | undefined {
  const match = /^(\d+)\s*[x*]\s*(\d+)$/i.exec(size.trim());
  if (!match) return undefined;
  const wanted = Math.log(Number(match[1]) / Number(match[2]));
  if (!Number.isFinite(wanted)) return undefined;
  const distance = (ratio: string) => {
    const [w, h] = ratio.split(':').map(Number);
    return Math.abs(Math.log(w! / h!) - wanted);
  };
  return ASPECT_RATIOS.reduce((best, ratio) => (distance(ratio) < distance(best) ? ratio : best));
}

/** An answer without an image: withheld for its content (400, as OpenAI's refusal), or Gemini answered in words only. */
function noImage(answer: GeminiResponse, parts: GeminiPart[]): RelayError {
  const reason = answer.promptFeedback?.blockReason ?? answer.candidates?.find((candidate) => candidate.finishReason)?.finishReason ?? '';
  const said = parts.map((part) => part.text ?? '').join(' ').trim().slice(0, 300);
  const detail = `${reason ? ` (${reason})` : ''}${said ? `: ${said}` : ''}`;
  if (BLOCKED.test(reason)) return new RelayError(400, 'invalid_request', `The Gemini model refused to make this image${detail}.`, 'content_policy_violation');
  return new RelayError(502, 'upstream', `The Gemini model answered without an image${detail}.`, 'no_image');
}
