import type { ListedModel, ModelListEncoder } from '../types.js';

/** A model as `GET /v1beta/models` shows it: exactly the fields of the generate-content interface. */
function geminiModel(model: ListedModel) {
  return {
    name: `models/${model.id}`,
    version: '001',
    displayName: model.id,
    description: model.description || `${model.id} through Relaydesk`,
    inputTokenLimit: model.inputTokenLimit,
    outputTokenLimit: model.outputTokenLimit,
    supportedGenerationMethods: ['generateContent', 'streamGenerateContent', 'countTokens'],
  };
}

export const geminiModelList: ModelListEncoder = {
  list: (models) => ({ models: models.map(geminiModel) }),
  one: geminiModel,
};
