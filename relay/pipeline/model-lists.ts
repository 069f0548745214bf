import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Caller } from '../auth/api-key.js';
import type { RelayRouteHandler } from '../http/relay-router.js';
import { RelayError } from '../ir/relay-error.js';
import { anthropicMessagesCodec } from '../protocols/anthropic-messages/codec.js';
import { geminiCodec } from '../protocols/gemini-generate-content/codec.js';
import { openaiChatCodec } from '../protocols/openai-chat/codec.js';
import type { ClientCodec } from '../protocols/types.js';
import { servedFamilies } from '../providers/channel-facts.js';
import { candidateChannels } from '../routing/select-channel.js';
import { modelDescription, modelLimits } from '../store/models.js';
import type { StateFile } from '../store/state-file.js';
import { byApiKey } from './relay-deps.js';
import type { RelayDeps } from './relay-deps.js';

/** The models this key may call: served (for any family) by an enabled channel of its group, within its allow list. */
export function modelsFor(caller: Caller, deps: Pick<RelayDeps, 'channels'>): string[] {
  const models = new Set<string>();
  for (const channel of deps.channels.list()) {
    for (const model of channel.models) if (candidateChannels([channel], { group: caller.group, model, family: undefined, familiesOf: servedFamilies }).length > 0) models.add(model);
  }
  const allowed = caller.token.model_limits;
  return [...models].filter((m) => allowed.length === 0 || allowed.includes(m)).sort();
}

/** Claude Code and the Anthropic SDK send `anthropic-version` (with `x-api-key` or, lately, a Bearer token). */
function wantsAnthropicShape(req: IncomingMessage): boolean {
  return typeof req.headers['anthropic-version'] === 'string';
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function listRoute(codecOf: (req: IncomingMessage) => ClientCodec, deps: RelayDeps, answer: (req: IncomingMessage, models: string[], id: string | undefined) => unknown): RelayRouteHandler {
  return (req, res, params) => {
    const codec = codecOf(req);
    try {
      const caller = byApiKey(req, deps);
      const models = modelsFor(caller, deps);
      const id = params.model ? decodeURIComponent(params.model).replace(/^models\//, '') : undefined;
      if (id !== undefined && !models.includes(id)) throw new RelayError(404, 'not_found', `The model ${id} does not exist or this key may not use it.`, 'model_not_found');
      send(res, 200, answer(req, models, id));
    } catch (error) {
      const relayError = error instanceof RelayError ? error : new RelayError(500, 'internal', 'Internal error in the relay.', 'internal_error');
      send(res, relayError.status, codec.encodeError(relayError));
    }
  };
}

const CREATED = 1_700_000_000; // the relay does not know when a model was made; a fixed, plausible time

function openAIModel(id: string) {
  return { id, object: 'model', created: CREATED, owned_by: 'relaydesk' };
}

function anthropicModel(id: string) {
  return { type: 'model', id, display_name: id, created_at: new Date(CREATED * 1000).toISOString() };
}

/** Limits and description from model metadata (model management), else known limits. */
function geminiModel(state: StateFile, id: string) {
  const limits = modelLimits(state, id);
  return {
    name: `models/${id}`,
    version: '001',
    displayName: id,
    description: modelDescription(state, id) || `${id} through Relaydesk`,
    inputTokenLimit: limits.input,
    outputTokenLimit: limits.output,
    supportedGenerationMethods: ['generateContent', 'streamGenerateContent', 'countTokens'],
  };
}

/** `GET /v1/models`, `/v1/models/{id}`, `/v1beta/models`, `/v1beta/models/{model}`. */
export function modelListRoutes(deps: RelayDeps) {
  const v1Codec = (req: IncomingMessage) => (wantsAnthropicShape(req) ? anthropicMessagesCodec : openaiChatCodec);
  const v1 = listRoute(v1Codec, deps, (req, models, id) => {
    if (wantsAnthropicShape(req)) {
      if (id !== undefined) return anthropicModel(id);
      return { data: models.map(anthropicModel), has_more: false, first_id: models[0] ?? null, last_id: models.at(-1) ?? null };
    }
    return id !== undefined ? openAIModel(id) : { object: 'list', data: models.map(openAIModel) };
  });
  const v1beta = listRoute(() => geminiCodec, deps, (_req, models, id) => (id !== undefined ? geminiModel(deps.state, id) : { models: models.map((m) => geminiModel(deps.state, m)) }));
  return { v1, v1beta };
}
