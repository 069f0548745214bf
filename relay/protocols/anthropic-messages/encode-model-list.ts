import type { ListedModel, ModelListEncoder } from '../types.js';

/** A model as Anthropic's `GET /v1/models` shows it (Claude Code, the Anthropic SDK). */
function anthropicModel(model: ListedModel) {
  return { type: 'model', id: model.id, display_name: model.id, created_at: new Date(model.created * 1000).toISOString() };
}

/** The whole list is one page. */
export const anthropicModelList: ModelListEncoder = {
  list: (models) => ({ data: models.map(anthropicModel), has_more: false, first_id: models[0]?.id ?? null, last_id: models.at(-1)?.id ?? null }),
  one: anthropicModel,
};
