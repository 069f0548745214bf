// A fake of OpenAI's POST /v1/moderations, as the OpenAI fake answers it: one result per string
// (one for a list of text and image_url parts), every category with its score and, as omni models
// answer, the input types each score applies to. Text containing "kill" is flagged (violence,
// harassment/threatening), and an image whose URL contains "gore" (violence, violence/graphic).
import type { Answer, RecordedRequest } from './harness.js';

/** The categories of omni-moderation, in OpenAI's order; the second list also judges images. */
const TEXT_ONLY = ['harassment', 'harassment/threatening', 'hate', 'hate/threatening', 'illicit', 'illicit/violent', 'sexual/minors'];
const TEXT_AND_IMAGE = ['self-harm', 'self-harm/intent', 'self-harm/instructions', 'sexual', 'violence', 'violence/graphic'];
const CATEGORIES = [...TEXT_ONLY, ...TEXT_AND_IMAGE];
/** The categories text-moderation models do not judge (answered null). */
const OMNI_ONLY = ['illicit', 'illicit/violent'];

/** What `-latest` names answer as, like OpenAI's dated versions. */
const ANSWERED_MODEL: Record<string, string> = {
  'omni-moderation-latest': 'omni-moderation-2024-09-26',
  'text-moderation-latest': 'text-moderation-007',
  'text-moderation-stable': 'text-moderation-007',
};

type Part = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

function invalid(message: string, param: string | null): Answer {
  return { status: 400, json: { error: { message, type: 'invalid_request_error', param, code: null } } };
}

export function moderationsAnswer(request: RecordedRequest): Answer {
  const model: string = request.body?.model ?? 'omni-moderation-latest';
  const input = request.body?.input;
  if (input === undefined) return invalid("'input' is a required property", 'input');
  const omni = !model.startsWith('text-moderation');
  // Strings are judged one by one; a list of parts is one input.
  const inputs: Part[][] =
    typeof input === 'string' ? [[{ type: 'text', text: input }]]
    : input.every((item: unknown) => typeof item === 'string') ? input.map((text: string) => [{ type: 'text', text }])
    : [input];
  if (!omni && inputs.some((parts) => parts.some((part) => part.type !== 'text'))) return invalid(`Model ${model} does not support image inputs.`, 'input');
  return {
    json: {
      id: `modr-fake${request.headers['x-request-id'] ?? Date.now()}`,
      model: ANSWERED_MODEL[model] ?? model,
      results: inputs.map((parts) => verdict(parts, omni)),
    },
  };
}

function verdict(parts: Part[], omni: boolean) {
  const texts = parts.flatMap((part) => (part.type === 'text' ? [part.text] : []));
  const images = parts.flatMap((part) => (part.type === 'image_url' ? [part.image_url.url] : []));
  const violentText = texts.some((text) => /kill/i.test(text));
  const goryImage = images.some((url) => url.includes('gore'));
  const flaggedBy: Record<string, string[]> = {};
  const flag = (category: string, type: string) => (flaggedBy[category] ??= []).push(type);
  if (violentText) ['violence', 'harassment/threatening'].forEach((category) => flag(category, 'text'));
  if (goryImage) ['violence', 'violence/graphic'].forEach((category) => flag(category, 'image'));

  const categories: Record<string, boolean | null> = {};
  const scores: Record<string, number> = {};
  const applied: Record<string, string[]> = {};
  for (const category of CATEGORIES) {
    const judged = omni || !OMNI_ONLY.includes(category);
    categories[category] = judged ? category in flaggedBy : null;
    scores[category] = category in flaggedBy ? 0.91 : judged ? 0.00012 : 0;
    const types = [...(texts.length > 0 ? ['text'] : []), ...(images.length > 0 && omni && TEXT_AND_IMAGE.includes(category) ? ['image'] : [])];
    applied[category] = types;
  }
  return { flagged: Object.keys(flaggedBy).length > 0, categories, category_scores: scores, category_applied_input_types: applied };
}
