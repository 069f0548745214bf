import type { ModerationInput, ModerationResult, ModerationVerdict } from '../../ir/moderation.js';
import { arrayAt, isJsonObject, stringAt } from '../../wire/json-access.js';
import { parseOpenAIError } from '../../wire/openai-chat/parse-error.js';
import type { ModerationAdapter, UpstreamTarget } from '../types.js';
import { bearerJsonRequest, joinV1, withModel } from './adapter.js';

/** OpenAI's `/v1/moderations`, spoken by OpenAI and the OpenAI-compatible upstreams that have it. */
export const openaiModerationAdapter: ModerationAdapter = {
  protocol: 'openai-chat',
  buildModerationRequest: (request, target) => openaiRequest({ model: target.model, input: wireInput(request.inputs) }, target),
  buildPassthroughRequest: (body, target) => openaiRequest(withModel(body, target.model), target),
  parseModerationResponse,
  parseError: parseOpenAIError,
};

function openaiRequest(body: Record<string, unknown>, target: UpstreamTarget) {
  return bearerJsonRequest(joinV1(target.baseUrl, 'moderations'), body, target);
}

/** Strings as an array of strings; one multimodal input as its parts. */
function wireInput(inputs: ModerationInput[]): unknown {
  const [first] = inputs;
  if (inputs.length === 1 && typeof first !== 'string' && first !== undefined) {
    return first.map((part) => (part.type === 'text' ? part : { type: 'image_url', image_url: { url: part.url } }));
  }
  return inputs;
}

/** `results[]` in order; undefined when the answer has none (not a moderation answer). */
function parseModerationResponse(body: unknown): ModerationResult | undefined {
  if (!isJsonObject(body) || !Array.isArray(body.results)) return undefined;
  const verdicts = arrayAt(body, 'results').map((item): ModerationVerdict => {
    const result = isJsonObject(item) ? item : {};
    const verdict: ModerationVerdict = {
      flagged: result.flagged === true,
      categories: isJsonObject(result.categories) ? (result.categories as ModerationVerdict['categories']) : {},
      scores: isJsonObject(result.category_scores) ? (result.category_scores as ModerationVerdict['scores']) : {},
    };
    if (isJsonObject(result.category_applied_input_types)) verdict.appliedInputTypes = result.category_applied_input_types as Record<string, string[]>;
    return verdict;
  });
  const result: ModerationResult = { verdicts };
  const id = stringAt(body, 'id');
  const model = stringAt(body, 'model');
  if (id !== undefined) result.id = id;
  if (model !== undefined) result.model = model;
  return result;
}
