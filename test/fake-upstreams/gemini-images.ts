// Gemini's image models (gemini-2.5-flash-image…) on `:generateContent`, as Gemini answers
// them: with IMAGE among `generationConfig.responseModalities`, a short text part and the
// image as `inlineData` (PNG, base64); 1290 output tokens an image, input images counted
// apart (promptTokensDetails by modality); one candidate only; the documented aspect ratios
// only; a prompt it will not draw (here: one saying "forbidden") ends IMAGE_SAFETY, no content.
import type { Answer } from './harness.js';
import { FAKE_IMAGE } from './openai-images.js';

type Json = Record<string, any>;

const ASPECT_RATIOS = ['1:1', '2:3', '3:2', '3:4', '4:3', '4:5', '5:4', '9:16', '16:9', '21:9'];
const OUTPUT_TOKENS = 1290;
const INPUT_IMAGE_TOKENS = 258;

export function isGeminiImageModel(model: string): boolean {
  return /-image(-|$)/.test(model);
}

export function geminiImageAnswer(model: string, body: Json, noUsage: boolean, responseId: string): Answer {
  const config: Json = body.generationConfig ?? {};
  if ((config.candidateCount ?? 1) > 1) return googleError(`Multiple candidates is not enabled for models/${model}`);
  const ratio = config.imageConfig?.aspectRatio;
  if (ratio !== undefined && !ASPECT_RATIOS.includes(ratio)) return googleError(`* GenerateContentRequest.generation_config.image_config.aspect_ratio: unsupported aspect ratio ${ratio}`);
  const parts: Json[] = body.contents.flatMap((content: Json) => content.parts);
  const prompt = parts.map((part) => part.text ?? '').join(' ');
  const inputImages = parts.filter((part) => part.inlineData?.mimeType?.startsWith('image/')).length;
  const textTokens = Math.ceil(prompt.length / 4);
  const drawing = (config.responseModalities ?? ['TEXT', 'IMAGE']).includes('IMAGE');
  const blocked = /forbidden/i.test(prompt);
  const candidate: Json = blocked
    ? { finishReason: 'IMAGE_SAFETY', index: 0 }
    : {
        content: { role: 'model', parts: drawing ? [{ text: 'Here is the picture you asked for.' }, { inlineData: { mimeType: 'image/png', data: FAKE_IMAGE.toString('base64') } }] : [{ text: 'I can describe it in words.' }] },
        finishReason: 'STOP',
        index: 0,
      };
  const output = blocked ? 0 : drawing ? OUTPUT_TOKENS + 9 : 7;
  const answer: Json = { candidates: [candidate], modelVersion: model, responseId };
  if (!noUsage) {
    const promptDetails = [{ modality: 'TEXT', tokenCount: textTokens }, ...(inputImages ? [{ modality: 'IMAGE', tokenCount: inputImages * INPUT_IMAGE_TOKENS }] : [])];
    answer.usageMetadata = {
      promptTokenCount: textTokens + inputImages * INPUT_IMAGE_TOKENS,
      candidatesTokenCount: output,
      totalTokenCount: textTokens + inputImages * INPUT_IMAGE_TOKENS + output,
      promptTokensDetails: promptDetails,
      ...(drawing && !blocked ? { candidatesTokensDetails: [{ modality: 'IMAGE', tokenCount: OUTPUT_TOKENS }, { modality: 'TEXT', tokenCount: 9 }] } : {}),
    };
  }
  return { json: answer };
}

function googleError(message: string): Answer {
  return { status: 400, json: { error: { code: 400, message, status: 'INVALID_ARGUMENT' } } };
}
