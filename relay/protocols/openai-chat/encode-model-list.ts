import type { ListedModel, ModelListEncoder } from '../types.js';

/** A model as `GET /v1/models` shows it to OpenAI clients (the SDK's `models.list()` / `retrieve()`). */
function openAIModel(model: ListedModel) {
  return { id: model.id, object: 'model', created: model.created, owned_by: 'relaydesk' };
}

export const openAIModelList: ModelListEncoder = {
  list: (models) => ({ object: 'list', data: models.map(openAIModel) }),
  one: openAIModel,
};
